import { jsonDepth } from './json-depth.js';
import { TaskSchema } from './task.js';
import { truncateExcerpt } from './truncate-excerpt.js';

/** The fields the task schema knows; the rest are a source's own and kept bounded. */
export const TASK_FIELDS: ReadonlySet<string> = new Set(Object.keys(TaskSchema.shape));

/** How deep an unknown field may nest, and how much of it is kept, before it is replaced by a marker. */
export const UNKNOWN_FIELD_MAX_DEPTH = 32;
export const UNKNOWN_FIELD_MAX_CHARS = 64 * 1024;
/** Longest title kept; a longer one is cut with the excerpt marker. */
export const MAX_TITLE_CHARS = 2_000;
/** Longest free text kept in any known field (description, prompt, a document, a log line); cut with the marker. */
export const MAX_TASK_TEXT_CHARS = 100_000;

/**
 * A task record as every source keeps it: unknown fields nested deeper than 32 levels or longer than
 * 64 KiB as JSON are replaced by a marker saying what was dropped, the title is cut to 2,000
 * characters and any other text (description, prompt, a document, a log entry) to 100,000. Stores, digests and judges then meet the same bounded record whatever the source.
 * Iterative, so a record nested 100,000 levels deep cannot overflow the stack.
 */
export function boundTaskRecord(record: unknown, knownFields: ReadonlySet<string> = TASK_FIELDS): unknown {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return record;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record as Record<string, unknown>)) {
    if (knownFields.has(key)) {
      out[key] =
        key === 'title' && typeof value === 'string' && value.length > MAX_TITLE_CHARS
          ? truncateExcerpt(value, MAX_TITLE_CHARS).excerpt
          : boundText(value);
      continue;
    }
    const depth = jsonDepth(value, UNKNOWN_FIELD_MAX_DEPTH + 1);
    if (depth > UNKNOWN_FIELD_MAX_DEPTH) {
      out[key] = `[dropped: nested more than ${UNKNOWN_FIELD_MAX_DEPTH} levels deep]`;
      continue;
    }
    const size = JSON.stringify(value)?.length ?? 0;
    out[key] =
      size > UNKNOWN_FIELD_MAX_CHARS ? `[dropped: ${size} characters as JSON, over ${UNKNOWN_FIELD_MAX_CHARS}]` : value;
  }
  return out;
}

/** Cuts strings over MAX_TASK_TEXT_CHARS in a known field: the string itself, or the fields of the objects it lists. */
function boundText(value: unknown): unknown {
  const cut = (v: unknown) =>
    typeof v === 'string' && v.length > MAX_TASK_TEXT_CHARS ? truncateExcerpt(v, MAX_TASK_TEXT_CHARS).excerpt : v;
  if (typeof value === 'string') return cut(value);
  if (!Array.isArray(value)) return value;
  return value.map((item) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return cut(item);
    const entries = Object.entries(item as Record<string, unknown>);
    return entries.some(([, v]) => typeof v === 'string' && v.length > MAX_TASK_TEXT_CHARS)
      ? Object.fromEntries(entries.map(([k, v]) => [k, cut(v)]))
      : item;
  });
}
