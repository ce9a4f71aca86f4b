import type { ParsedScoredTasksQuery } from './store-inputs.js';
import { SCORED_TASK_COLUMNS } from './scored-task-row.js';

/** A result a comparison counts (alias r): scored, with every score. */
export const SCORED_WITH_SCORES =
  "r.status = 'scored' AND r.overall_score IS NOT NULL AND r.ap_final IS NOT NULL AND r.toq_final IS NOT NULL AND r.pc_final IS NOT NULL";

/** SCORED_TASK_COLUMNS as the select list of alias r, in scoredTaskRowOf's order. */
export const SCORED_TASK_SELECT = SCORED_TASK_COLUMNS.map((c) => `r.${c}`).join(', ');

/** Where the previous chunk stopped: its last row's task id, evaluation time and id. */
export type ScoredTasksCursor = readonly [taskId: string, evaluatedAt: string, id: string];

/**
 * One chunk of scored results with every score, ordered by (task id, evaluation time, id) and read from
 * the comparison index alone; `?` placeholders. Filters apply before the newest result per task is taken,
 * as a listing's do: a task's newest result among the runs and times asked for.
 */
export function scoredTasksSql(
  q: ParsedScoredTasksQuery,
  after: ScoredTasksCursor | null,
  limit: number,
  from: string,
  dialect: 'sqlite' | 'postgres',
  /** Only results saved up to this row (SQLite's pk): a pass that must not see rows saved after it began. */
  throughPk?: number,
): { sql: string; params: unknown[] } {
  const clauses = [SCORED_WITH_SCORES];
  const params: unknown[] = [];
  if (q.runIds?.length) (clauses.push(`r.run_id IN (${q.runIds.map(() => '?').join(', ')})`), params.push(...q.runIds));
  if (q.since !== undefined) (clauses.push('r.evaluated_at >= ?'), params.push(q.since));
  if (q.until !== undefined) (clauses.push('r.evaluated_at <= ?'), params.push(q.until));
  // SQLite compares text bytewise, so the prefix is a range of the index; PostgreSQL's collation may not be.
  if (q.pullsOnly)
    clauses.push(dialect === 'sqlite' ? "r.task_id >= 'PR-' AND r.task_id < 'PR.'" : "r.task_id LIKE 'PR-%'");
  if (throughPk !== undefined) (clauses.push('r.pk <= ?'), params.push(throughPk));
  if (after) (clauses.push('(r.task_id, r.evaluated_at, r.id) > (?, ?, ?)'), params.push(...after));
  return {
    sql: `SELECT ${SCORED_TASK_SELECT} FROM ${from} WHERE ${clauses.join(' AND ')}
      ORDER BY r.task_id, r.evaluated_at, r.id LIMIT ?`,
    params: [...params, limit],
  };
}
