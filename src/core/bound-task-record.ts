import { TaskSchema } from './task.js';
import { truncateExcerpt } from './truncate-excerpt.js';

/** The fields the task schema knows; the rest are a source's own and kept bounded. */
export const TASK_FIELDS: ReadonlySet<string> = new Set(Object.keys(TaskSchema.shape));

/** How deep an unknown field may nest, and how much of it is kept, before it is replaced by a marker. */
export const UNKNOWN_FIELD_MAX_DEPTH = 32;
export const UNKNOWN_FIELD_MAX_CHARS = 64 * 1024;
/** Longest title kept; a longer one is cut with the excerpt marker. */
export const MAX_TITLE_CHARS = 2_000;

/**
 * A task record as every source keeps it: unknown fields nested deeper than 32 levels or longer than
 * 64 KiB as JSON are replaced by a marker saying what was dropped, and the title is cut to 2,000
 * characters. Stores, digests and judges then meet the same bounded record whatever the source.
 * Iterative, so a record nested 100,000 levels deep cannot overflow the stack.
 */
export function boundTaskRecord(record: unknown, knownFields: ReadonlySet<string> = TASK_FIELDS): unknown {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return record;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record as Record<string, unknown>)) {
    if (knownFields.has(key)) {
      out[key] = key === 'title' && typeof value === 'string' && value.length > MAX_TITLE_CHARS ? truncateExcerpt(value, MAX_TITLE_CHARS).excerpt : value;
      continue;
    }
    const depth = depthOf(value, UNKNOWN_FIELD_MAX_DEPTH + 1);
    if (depth > UNKNOWN_FIELD_MAX_DEPTH) {
      out[key] = `[dropped: nested more than ${UNKNOWN_FIELD_MAX_DEPTH} levels deep]`;
      continue;
    }
    const size = JSON.stringify(value)?.length ?? 0;
    out[key] = size > UNKNOWN_FIELD_MAX_CHARS ? `[dropped: ${size} characters as JSON, over ${UNKNOWN_FIELD_MAX_CHARS}]` : value;
  }
  return out;
}

/** Nesting depth of a JSON value, counted up to `limit` (then it stops looking). */
function depthOf(value: unknown, limit: number): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const depth = d + 1;
    if (depth > max) max = depth;
    if (max >= limit) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) stack.push([child, depth]);
  }
  return max;
}
