import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { SourceError } from '../../core/index.js';
import type { SourceProblem, SourceReadResult } from '../source-read-result.js';
import { formatSourceProblem } from './format-source-problem.js';
import { invalidUtf8Problem, parseTaskRecords, taskRecordsFrom, type TaskFileFormat } from './parse-task-records.js';
import { readJsonLines } from './read-json-lines.js';

export interface ReadTaskFileOptions {
  /** Make the first invalid record fatal instead of a reported problem. */
  strict?: boolean;
  /** Directory a relative path is read from; problems still name the path as given. */
  cwd?: string;
  /** Called with the records read so far, every few thousand records of a streamed file (progress, heap pacing). */
  onRecords?: (read: number) => void;
}

/** Largest task file read; JSONL streams, so this bounds the records held, not one buffer. */
export const MAX_TASK_FILE_BYTES = 2 * 1024 * 1024 * 1024;
/** Largest `.json` task file: it is parsed as one document, so it is held whole. */
export const MAX_JSON_TASK_FILE_BYTES = 256 * 1024 * 1024;

const MIB = 1024 * 1024;

/** Reads a `.json` (one task or an array) or `.jsonl` task file; invalid records become problems, or with `strict` an error. */
export async function readTaskFile(path: string, options: ReadTaskFileOptions = {}): Promise<SourceReadResult> {
  const full = resolve(options.cwd ?? process.cwd(), path);
  const size = await regularFileSize(full, path);
  const named = namedFormat(path);
  let result: SourceReadResult;
  if (named === 'jsonl' || (named === null && size > MAX_JSON_TASK_FILE_BYTES)) {
    const read = await readJsonLines(full, path).catch((error: unknown) => unreadable(path, error));
    result = taskRecordsFrom(read.records, path, read.problems);
    // Problems in line order, as a reader fixes them.
    result.problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  } else {
    if (size > MAX_JSON_TASK_FILE_BYTES) {
      throw new SourceError(
        'source_invalid',
        `task file ${path} is ${Math.round(size / MIB)} MiB, over the limit of ${MAX_JSON_TASK_FILE_BYTES / MIB} MiB for a .json file`,
        {
          field: 'tasks',
          hint: 'Write the records as JSONL (one task object per line, .jsonl), which is read line by line.',
        },
      );
    }
    const bytes = await readFile(full).catch((error: unknown) => unreadable(path, error));
    result = parseTaskRecords(bytes.toString('utf8'), path);
    // Invalid UTF-8 decodes to U+FFFD; say where, instead of keeping the replaced text without a word.
    const invalid = invalidUtf8Lines(bytes);
    if (invalid.length) {
      result.problems.push(invalidUtf8Problem(path, invalid));
    }
  }
  if (options.strict) throwFirstProblem(result.problems);
  return result;
}

/** With --strict: the first problem of a task file as the error, saying how many more there were. */
export function throwFirstProblem(problems: readonly SourceProblem[]): void {
  const first = problems[0];
  if (!first) return;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : '';
  throw new SourceError('source_invalid', `invalid task record: ${formatSourceProblem(first)}${more}`, {
    field: first.field ?? 'tasks',
    hint: 'Fix the record named above (run `taskeval schema task` for the format), or drop --strict to score the valid records and report the rest.',
  });
}

/** The format a file's name says, or null when only its content can tell. */
export function namedFormat(path: string): TaskFileFormat | null {
  const lower = path.toLowerCase();
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  if (lower.endsWith('.json')) return 'json';
  return null;
}

/** The size of a regular file; a FIFO, device or directory is refused before it is opened (opening a FIFO blocks). */
export async function regularFileSize(full: string, path: string): Promise<number> {
  const info = await stat(full).catch((error: unknown) => unreadable(path, error));
  if (!info.isFile()) {
    const kind = info.isDirectory()
      ? 'a directory'
      : info.isFIFO()
        ? 'a named pipe'
        : info.isCharacterDevice() || info.isBlockDevice()
          ? 'a device'
          : info.isSocket()
            ? 'a socket'
            : 'not a regular file';
    throw new SourceError('source_unreadable', `cannot read task file ${path}: it is ${kind}, not a regular file`, {
      field: 'tasks',
      hint: 'Give --tasks a .json or .jsonl file (write a stream to a file first); a Fusion project or a repository goes to --project.',
    });
  }
  if (info.size > MAX_TASK_FILE_BYTES) {
    throw new SourceError(
      'source_invalid',
      `task file ${path} is ${Math.round(info.size / MIB)} MiB, over the limit of ${MAX_TASK_FILE_BYTES / MIB} MiB`,
      {
        field: 'tasks',
        hint: 'Split the records over several files and evaluate each.',
      },
    );
  }
  return info.size;
}

export function unreadable(path: string, error: unknown): never {
  const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
  throw new SourceError('source_unreadable', `cannot read task file ${path}: ${reason}`, {
    cause: error,
    field: 'tasks',
    hint: 'Check the path given to --tasks; it must be a readable .json or .jsonl file of task records (see docs/task-format.md).',
  });
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
