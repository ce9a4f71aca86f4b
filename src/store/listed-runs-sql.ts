import type { ListRunsQuerySchema } from './store-inputs.js';
import type { z } from 'zod';

/** The eval_runs columns a listing reads: every column but the task-id lists, which it gives as lengths. */
const LISTED_RUN_COLUMNS =
  'id, project_id, trigger, status, window_start, window_end, has_window, judge_provider, judge_model, rubric_version, ' +
  'prompt_version, taskeval_version, resume_of, settings, reason, summary, count_total, count_scored, count_skipped, ' +
  'count_errored, mean_ap, mean_toq, mean_pc, mean_overall, created_at, started_at, finished_at, heartbeat_at';

/**
 * A page of runs, newest first, and their count, in either dialect (`?` placeholders); the task-id lists are
 * given by the counts kept beside them.
 */
export function listedRunsSql(q: z.output<typeof ListRunsQuerySchema>): {
  page: { sql: string; params: unknown[] };
  count: { sql: string; params: unknown[] };
} {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (q.ids) (clauses.push(`id IN (${q.ids.map(() => '?').join(', ') || 'NULL'})`), params.push(...q.ids));
  if (q.status) (clauses.push('status = ?'), params.push(q.status));
  if (q.trigger) (clauses.push('trigger = ?'), params.push(q.trigger));
  if (q.projectId) (clauses.push('project_id = ?'), params.push(q.projectId));
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  return {
    page: {
      sql: `SELECT ${LISTED_RUN_COLUMNS}, requested_tasks, evaluated_tasks FROM eval_runs ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      params: [...params, q.limit, q.offset],
    },
    count: { sql: `SELECT count(*) AS n FROM eval_runs ${where}`, params },
  };
}
