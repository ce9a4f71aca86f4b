import type { z } from 'zod';
import { describeZodIssue, issueFieldPath } from '../files/index.js';
import type { ProblemList } from '../transcripts/index.js';

type Row = Record<string, unknown>;

/** A row checked against a record schema (NULL columns dropped); a bad one is a problem naming its table and field, and null. */
export function validRow<S extends z.ZodType>(
  schema: S,
  row: Row,
  path: string,
  taskId: string,
  table: string,
  problems: ProblemList,
): z.output<S> | null {
  const clean = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null));
  const parsed = schema.safeParse(clean);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issueFieldPath(issue);
  problems.add({
    path,
    taskId,
    field: field ? `${table}.${field}` : table,
    message: `${describeZodIssue(issue)}; the row was skipped`,
  });
  return null;
}

/** JSON text that must hold one object, with the reason when it does not. */
export function parseJsonObject(
  text: unknown,
): { ok: true; value: Record<string, unknown> } | { ok: false; reason: string } {
  if (typeof text !== 'string') return { ok: false, reason: `found ${text === null ? 'NULL' : typeof text}` };
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return { ok: true, value: value as Record<string, unknown> };
    return { ok: false, reason: 'found JSON that is not an object' };
  } catch (error) {
    return { ok: false, reason: (error as Error).message.replace(/\s+/g, ' ') };
  }
}

export function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
