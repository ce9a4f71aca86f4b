import { z } from 'zod';
import { TaskFateSchema, type TaskFate } from '../core/index.js';
import { parseStoreInput } from './store-inputs.js';

/** Which kept fates to list: of these projects (all when absent), at most `limit`. */
export const ListTaskFatesQuerySchema = z.strictObject({
  projectIds: z.array(z.string().min(1)).max(500).optional(),
  limit: z.number().int().min(1).max(10_000_000).default(1_000_000),
});
export type ListTaskFatesQuery = z.input<typeof ListTaskFatesQuerySchema>;

/** A fate as both backends keep it: its key and kind as columns, the rest as JSON. */
export interface TaskFateRow {
  project_id: string;
  task_id: string;
  kind: string;
  fate: unknown;
  computed_at: string;
}

/** One statement with `?` placeholders, for either backend to run. */
export interface FateStatement {
  sql: string;
  args: unknown[];
}

/** A task's newer fate replaces its older one: fates are recomputed as history grows. */
const UPSERT_FATE = `INSERT INTO eval_task_fates (project_id, task_id, kind, fate, computed_at) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (project_id, task_id) DO UPDATE SET kind = excluded.kind, fate = excluded.fate, computed_at = excluded.computed_at`;

/** The upserts that keep `fates`, each checked first (a bad one names its index and field). */
export function taskFateUpserts(fates: readonly TaskFate[]): FateStatement[] {
  return fates.map((input, i) => {
    const f = parseStoreInput(TaskFateSchema, input, `saveTaskFates[${i}]`);
    return { sql: UPSERT_FATE, args: [f.projectId, f.taskId, f.kind, JSON.stringify(f), f.computedAt] };
  });
}

/** The query listing the fates `query` asks for, by project and task. */
export function taskFateListing(query: ListTaskFatesQuery): FateStatement {
  const q = parseStoreInput(ListTaskFatesQuerySchema, query, 'listTaskFates');
  const where = q.projectIds ? `WHERE project_id IN (${q.projectIds.map(() => '?').join(', ')})` : '';
  return {
    sql: `SELECT project_id, task_id, kind, fate, computed_at FROM eval_task_fates ${where} ORDER BY project_id, task_id LIMIT ${q.limit}`,
    args: q.projectIds ?? [],
  };
}

/** A kept row back as a fate (its JSON is TEXT in both backends). */
export function taskFateFromRow(row: TaskFateRow): TaskFate {
  return TaskFateSchema.parse(typeof row.fate === 'string' ? JSON.parse(row.fate) : row.fate);
}
