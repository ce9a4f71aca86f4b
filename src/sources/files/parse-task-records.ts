import { boundTaskRecord, jsonDepth, TaskSchema, type Task } from '../../core/index.js';

import type { SourceProblem, SourceReadResult } from '../source-read-result.js';
import { describeZodIssue, issueFieldPath } from './describe-zod-issue.js';

/** How a task file holds its records. */
export type TaskFileFormat = 'json' | 'jsonl';

/** Issues reported per record; the rest are summarised so one broken record cannot flood the output. */
const MAX_ISSUES_PER_RECORD = 5;

/** One record as read from a file, with where it was. */
export interface RawRecord {
  value: unknown;
  line?: number;
  index?: number;
}

/** Deepest a task record may nest as JSON; deeper records are refused before validation walks them. */
export const MAX_RECORD_DEPTH = 64;
/** Longest JSONL line read; a longer line is refused without holding it. */
export const MAX_TASK_LINE_BYTES = 16 * 1024 * 1024;

/** Parses a task file's text (a JSON array, one JSON object, or JSONL) into valid tasks and located problems. */
export function parseTaskRecords(raw: string, path: string, format?: TaskFileFormat): SourceReadResult {
  // Editors on Windows often save UTF-8 with a byte-order mark, which JSON.parse rejects.
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  format ??= detectTaskFileFormat(path, text);
  const problems: SourceProblem[] = [];
  const records = format === 'jsonl' ? splitJsonLines(text, path, problems) : splitJsonDocument(text, path, problems);
  return taskRecordsFrom(records, path, problems);
}

/** Validates records read from `path` into tasks; invalid ones and repeated ids join `problems`. */
export function taskRecordsFrom(
  records: Iterable<RawRecord>,
  path: string,
  problems: SourceProblem[] = [],
): SourceReadResult {
  const tasks: Task[] = [];
  const accept = taskValidator(path, problems);
  for (const record of records) {
    const task = accept(record);
    if (task) tasks.push(task);
  }
  return { tasks, problems };
}

/**
 * Validates one record at a time (a stream's): the task, or null with its problems added. Remembers the ids it
 * took, so a repeated id is a problem that names where the first one was.
 */
export function taskValidator(path: string, problems: SourceProblem[]): (record: RawRecord) => Task | null {
  const firstSeen = new Map<string, string>();
  return (record) => {
    const where = {
      path,
      ...(record.line !== undefined ? { line: record.line } : {}),
      ...(record.index !== undefined ? { index: record.index } : {}),
    };
    const id = recordId(record.value);
    const parsed = parseTaskValue(record.value);
    if (parsed.task === null) {
      for (const problem of parsed.problems) problems.push({ ...where, ...(id ? { taskId: id } : {}), ...problem });
      return null;
    }
    const earlier = firstSeen.get(parsed.task.id);
    if (earlier) {
      problems.push({
        ...where,
        taskId: parsed.task.id,
        field: 'id',
        message: `duplicate task id ${parsed.task.id} (first at ${earlier}); give each task a unique id`,
      });
      return null;
    }
    firstSeen.set(parsed.task.id, locate(record));
    return parsed.task;
  };
}

/** One record's value as a task, or why it is not one (each problem's field and message). */
export function parseTaskValue(value: unknown): {
  task: Task | null;
  problems: { field?: string; message: string }[];
} {
  // Unknown fields nested too deep are already markers; a known field this deep is refused before validation walks it.
  const bounded = boundTaskRecord(value);
  if (jsonDepth(bounded, MAX_RECORD_DEPTH + 1) > MAX_RECORD_DEPTH)
    return {
      task: null,
      problems: [{ message: `the record nests more than ${MAX_RECORD_DEPTH} levels deep; it was not read` }],
    };
  const parsed = TaskSchema.safeParse(bounded);
  if (parsed.success) return { task: parsed.data, problems: [] };
  const issues = parsed.error.issues;
  const problems: { field?: string; message: string }[] = issues.slice(0, MAX_ISSUES_PER_RECORD).map((issue) => {
    const field = issueFieldPath(issue);
    return { ...(field ? { field } : {}), message: describeZodIssue(issue) };
  });
  if (issues.length > MAX_ISSUES_PER_RECORD)
    problems.push({ message: `${issues.length - MAX_ISSUES_PER_RECORD} more problems in this record` });
  return { task: null, problems };
}

/** `.jsonl`/`.ndjson` are JSONL, `.json` is JSON; anything else is sniffed from its content. */
export function detectTaskFileFormat(path: string, text: string): TaskFileFormat {
  const lower = path.toLowerCase();
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  if (lower.endsWith('.json')) return 'json';
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[')) return 'json';
  try {
    JSON.parse(text);
    return 'json';
  } catch {
    return 'jsonl';
  }
}

function splitJsonLines(text: string, path: string, problems: SourceProblem[]): RawRecord[] {
  const records: RawRecord[] = [];
  text.split(/\r?\n/).forEach((content, i) => {
    if (content.trim() === '') return;
    const line = i + 1;
    if (content.length > MAX_TASK_LINE_BYTES) {
      problems.push(oversizedLine(path, line, content.length));
      return;
    }
    const record = parseJsonLine(content, path, line, problems);
    if (record) records.push(record);
  });
  return records;
}

/** The problem for a line over MAX_TASK_LINE_BYTES. */
export function oversizedLine(path: string, line: number, bytes: number): SourceProblem {
  return {
    path,
    line,
    message: `the line is ${bytes} bytes, over the limit of ${MAX_TASK_LINE_BYTES} for one task record; it was not read`,
  };
}

/** The one problem for lines holding bytes that are not UTF-8 (they read as U+FFFD); the first line is named. */
export function invalidUtf8Problem(path: string, lines: readonly number[]): SourceProblem {
  return {
    path,
    line: lines[0]!,
    message: `invalid UTF-8 on ${lines.length === 1 ? 'this line' : `${lines.length} lines (first shown)`}; the bad bytes read as U+FFFD`,
  };
}

/** Parses one JSONL line into a record, or adds its problem. */
export function parseJsonLine(
  content: string,
  path: string,
  line: number,
  problems: SourceProblem[],
): RawRecord | null {
  try {
    return { value: JSON.parse(content), line };
  } catch (error) {
    problems.push({ path, line, message: `not valid JSON (${oneLine(error)}); each line must hold one task object` });
    return null;
  }
}

function splitJsonDocument(text: string, path: string, problems: SourceProblem[]): RawRecord[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const line = lineOfJsonError(text, error as Error);
    problems.push({
      path,
      ...(line ? { line } : {}),
      message: `not valid JSON (${oneLine(error)}); a .json task file holds one task object or an array of them`,
    });
    return [];
  }
  if (Array.isArray(value)) return value.map((item, index) => ({ value: item, index }));
  return [{ value }];
}

function lineOfJsonError(text: string, error: Error): number | undefined {
  // Node states either a line or a character position, depending on version and error.
  const line = /line (\d+)/.exec(error.message)?.[1];
  if (line !== undefined) return Number(line);
  const position = /position (\d+)/.exec(error.message)?.[1];
  if (position === undefined) return undefined;
  return text.slice(0, Number(position)).split('\n').length;
}

function recordId(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function locate(record: RawRecord): string {
  if (record.line !== undefined) return `line ${record.line}`;
  if (record.index !== undefined) return `index ${record.index}`;
  return 'the same file';
}

/** JSON.parse messages quote the offending text, newlines included; a problem is one line. */
function oneLine(error: unknown): string {
  return (error as Error).message.replace(/\s+/g, ' ');
}
