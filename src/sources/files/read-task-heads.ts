import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { SourceError, type Task } from '../../core/index.js';
import type { SourceProblem } from '../source-read-result.js';
import { parseTaskValue, taskValidator } from './parse-task-records.js';
import { scanJsonLines, type RecordSpan } from './read-json-lines.js';
import {
  MAX_JSON_TASK_FILE_BYTES,
  namedFormat,
  regularFileSize,
  throwFirstProblem,
  unreadable,
  type ReadTaskFileOptions,
} from './read-task-file.js';
import { taskHead } from './task-head.js';

/** Records between two calls of `onRecords`. */
const PACE_EVERY = 2048;

/** A JSONL task file read as heads: every valid task's head, and where its record is to read it whole later. */
export interface TaskHeads {
  /** Heads of the valid tasks, in file order. */
  tasks: Task[];
  problems: SourceProblem[];
  /** Reads these tasks' whole records again (by their byte spans), in the order asked. */
  readWhole(ids: readonly string[]): Promise<Task[]>;
}

/**
 * Streams a JSONL task file keeping only each task's head and byte span, so a file of any size is held as
 * a few hundred bytes a task; null for a `.json` file (one document, read whole by readTaskFile).
 * Problems are those readTaskFile reports; with `strict` the first one throws.
 */
export async function readTaskHeads(path: string, options: ReadTaskFileOptions = {}): Promise<TaskHeads | null> {
  const full = resolve(options.cwd ?? process.cwd(), path);
  const size = await regularFileSize(full, path);
  const named = namedFormat(path);
  if (!(named === 'jsonl' || (named === null && size > MAX_JSON_TASK_FILE_BYTES))) return null;
  const tasks: Task[] = [];
  const spans = new RecordSpans();
  const invalid: SourceProblem[] = [];
  const accept = taskValidator(path, invalid);
  let read = 0;
  const problems = await scanJsonLines(full, path, (record) => {
    if (++read % PACE_EVERY === 0) options.onRecords?.(read);
    const task = accept(record);
    if (!task) return;
    tasks.push(taskHead(task));
    spans.add(task.id, record.span);
  }).catch((error: unknown) => unreadable(path, error));
  problems.push(...invalid);
  // Problems in line order, as a reader fixes them.
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  if (options.strict) throwFirstProblem(problems);
  return { tasks, problems, readWhole: (ids) => readRecordsAt(full, path, ids, spans) };
}

async function readRecordsAt(full: string, path: string, ids: readonly string[], spans: RecordSpans): Promise<Task[]> {
  const file = await open(full, 'r').catch((error: unknown) => unreadable(path, error));
  try {
    const out: Task[] = [];
    // One buffer for every record (grown to the longest): a buffer a record would pile up in malloc's heap until collected.
    let scratch = Buffer.allocUnsafeSlow(64 * 1024);
    for (const id of ids) {
      const span = spans.get(id);
      if (!span) throw changed(path, `task ${id} was not read from it`);
      if (span.length > scratch.length) scratch = Buffer.allocUnsafeSlow(span.length);
      const { bytesRead } = await file.read(scratch, 0, span.length, span.offset);
      let text = scratch.toString('utf8', 0, bytesRead);
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw changed(path, `line ${span.line} is no longer the record of ${id}`);
      }
      const parsed = parseTaskValue(value);
      if (parsed.task?.id !== id) throw changed(path, `line ${span.line} is no longer the record of ${id}`);
      out.push(parsed.task);
    }
    return out;
  } finally {
    await file.close();
  }
}

/** The file was rewritten between reading its heads and reading a task whole. */
function changed(path: string, what: string): SourceError {
  return new SourceError('source_invalid', `task file ${path} changed while it was being evaluated: ${what}`, {
    field: 'tasks',
    hint: 'Write task files to a new name and rename it into place, or evaluate a copy; the results stored so far are kept.',
  });
}

/** Byte spans by task id, packed in number arrays: about 40 bytes a task instead of an object each. */
class RecordSpans {
  private readonly at = new Map<string, number>();
  private readonly offsets: number[] = [];
  private readonly lengths: number[] = [];
  private readonly lines: number[] = [];

  add(id: string, span: RecordSpan): void {
    this.at.set(id, this.offsets.length);
    this.offsets.push(span.offset);
    this.lengths.push(span.length);
    this.lines.push(span.line);
  }

  get(id: string): RecordSpan | undefined {
    const i = this.at.get(id);
    return i === undefined ? undefined : { offset: this.offsets[i]!, length: this.lengths[i]!, line: this.lines[i]! };
  }
}
