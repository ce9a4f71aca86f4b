import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { SourceError } from '../../core/index.js';
import type { SourceReadResult } from '../source-read-result.js';
import { formatSourceProblem } from './format-source-problem.js';
import { parseTaskRecords } from './parse-task-records.js';

export interface ReadTaskFileOptions {
  /** Make the first invalid record fatal instead of a reported problem. */
  strict?: boolean;
  /** Directory a relative path is read from; problems still name the path as given. */
  cwd?: string;
}

/** Reads a `.json` (one task or an array) or `.jsonl` task file; invalid records become problems, or with `strict` an error. */
export async function readTaskFile(path: string, options: ReadTaskFileOptions = {}): Promise<SourceReadResult> {
  let bytes: Buffer;
  try {
    bytes = await readFile(resolve(options.cwd ?? process.cwd(), path));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new SourceError('source_unreadable', `cannot read task file ${path}: ${reason}`, {
      cause: error,
      field: 'tasks',
      hint: 'Check the path given to --tasks; it must be a readable .json or .jsonl file of task records (see docs/task-format.md).',
    });
  }
  const text = bytes.toString('utf8');
  const result = parseTaskRecords(text, path);
  // Invalid UTF-8 decodes to U+FFFD; say where, instead of keeping the replaced text without a word.
  const invalid = invalidUtf8Lines(bytes);
  if (invalid.length) {
    result.problems.push({ path, line: invalid[0]!, message: `invalid UTF-8 on ${invalid.length === 1 ? 'this line' : `${invalid.length} lines (first shown)`}; the bad bytes read as U+FFFD` });
  }
  const first = result.problems[0];
  if (options.strict && first) {
    const more = result.problems.length > 1 ? ` (and ${result.problems.length - 1} more problems)` : '';
    throw new SourceError('source_invalid', `invalid task record: ${formatSourceProblem(first)}${more}`, {
      field: first.field ?? 'tasks',
      hint: 'Fix the record named above (run `taskeval schema task` for the format), or drop --strict to score the valid records and report the rest.',
    });
  }
  return result;
}

/** 1-based lines holding bytes that are not valid UTF-8. */
function invalidUtf8Lines(bytes: Buffer): number[] {
  const strict = new TextDecoder('utf-8', { fatal: true });
  try {
    strict.decode(bytes);
    return [];
  } catch {
    const lines: number[] = [];
    let start = 0;
    let line = 1;
    for (let i = 0; i <= bytes.length; i += 1) {
      if (i === bytes.length || bytes[i] === 0x0a) {
        try {
          strict.decode(bytes.subarray(start, i));
        } catch {
          lines.push(line);
        }
        start = i + 1;
        line += 1;
      }
    }
    return lines;
  }
}
