import type { ParsedListResultsQuery } from '../store-inputs.js';

/**
 * The index a listing's page or count reads. Rows carry ~30 KiB of JSON, so a plan that looks rows up
 * costs far more than the planner believes; every choice here is a covering index for the query.
 * Null leaves the choice to SQLite (a task's results are a handful of rows).
 */
export function chooseSqliteIndex(q: ParsedListResultsQuery, purpose: 'page' | 'count'): string | null {
  const text = q.q?.trim() ?? '';
  if (q.taskId !== undefined) return null;
  if (q.runId !== undefined) return 'eval_task_results_run_listing';
  // A project is a few runs: seeking each run's range beats testing every row's run_id against the project.
  // Only "newest first" pages keep the listing index, which stops after one page instead of sorting them all.
  if (q.projectId !== undefined && (purpose === 'count' || q.sort !== 'evaluatedAt')) return 'eval_task_results_run_listing';
  const onlyScores = q.status === undefined && q.mode === undefined && q.since === undefined && q.until === undefined && q.projectId === undefined && text === '';
  const range = q.min !== undefined || q.max !== undefined;
  // Counting everything: SQLite already counts from its smallest index.
  if (purpose === 'count' && onlyScores && !range && q.band === undefined) return null;
  const byScore = onlyScores && (purpose === 'count' || q.sort === 'overall');
  if (byScore && q.band !== undefined) return 'eval_task_results_band';
  if (byScore && (range || purpose === 'page')) return 'eval_task_results_overall';
  return 'eval_task_results_listing';
}
