import type { ParsedListResultsQuery, ResultSortKey } from '../store-inputs.js';

/** A run's results, with every listing and trend column. */
export const RUN_INDEX = 'eval_task_results_by_run';

/** A run's results by overall score (the weakest or strongest of one run), with the columns its filters test. */
export const RUN_OVERALL_INDEX = 'eval_task_results_run_overall';

/**
 * A run's results by task id: the index SQLite keeps for the table's UNIQUE (run_id, task_id) constraint
 * (its name follows from the constraint's place in CREATE TABLE; a test checks its columns).
 */
export const RUN_TASK_INDEX = 'sqlite_autoindex_eval_task_results_2';

/** The index that walks each sort key in order (migration 2 lays them out). */
export const SORT_INDEXES: Readonly<Record<ResultSortKey, string>> = Object.freeze({
  evaluatedAt: 'eval_task_results_by_time',
  overall: 'eval_task_results_by_overall',
  agentPerformance: 'eval_task_results_by_ap',
  taskOutcomeQuality: 'eval_task_results_by_toq',
  processCompliance: 'eval_task_results_by_pc',
  taskId: 'eval_task_results_by_task',
});

/**
 * The index a listing's page or count reads. Rows carry ~30 KiB of JSON, so a plan that looks rows up
 * costs far more than the planner believes; every choice here covers the query's columns. A page walks
 * its sort key's index and stops once the page is full; a count scans the narrowest index that answers
 * its filter. Null leaves the choice to SQLite (a task's results are a handful of rows; counting
 * everything is SQLite's own fast path).
 */
export function chooseSqliteIndex(q: ParsedListResultsQuery, purpose: 'page' | 'count'): string | null {
  if (q.taskId !== undefined) return null;
  // Cohort filters have their own indexes (model, agent); the planner picks between them and the sort.
  if (
    (q.model ?? q.provider ?? q.agent ?? q.labels) !== undefined &&
    q.runId === undefined &&
    q.projectId === undefined
  )
    return null;
  // One run's page, without text or a cohort filter, can walk an index of that run alone in the page's order.
  const runPage =
    purpose === 'page' &&
    q.runId !== undefined &&
    q.projectId === undefined &&
    (q.q?.trim() ?? '') === '' &&
    (q.model ?? q.provider ?? q.agent ?? q.labels) === undefined;
  // By overall it walks that run's range of scores in order and stops; text is not in it.
  if (runPage && q.sort === 'overall') return RUN_OVERALL_INDEX;
  // By task id, unfiltered (validate, rescore), it walks that run's task ids in order and stops: through the
  // run index every page sorted the whole run (130 ms a page at 200,000 results).
  const filtered = (q.status ?? q.mode ?? q.band ?? q.min ?? q.max ?? q.since ?? q.until) !== undefined;
  if (runPage && q.sort === 'taskId' && !filtered) return RUN_TASK_INDEX;
  // A run or a project (a few runs) is a range of the run index; seeking it beats testing every row.
  if (q.runId !== undefined || q.projectId !== undefined) return RUN_INDEX;
  if (purpose === 'page') return SORT_INDEXES[q.sort];
  const text = (q.q?.trim() ?? '') !== '';
  const others = q.status !== undefined || q.mode !== undefined || q.since !== undefined || q.until !== undefined;
  if (q.band !== undefined || q.min !== undefined || q.max !== undefined) return SORT_INDEXES.overall;
  if (text && !others) return SORT_INDEXES.taskId;
  if (!text && !others) return null;
  return SORT_INDEXES.evaluatedAt;
}

/** Whether the text filter can test the rows of this index directly instead of through a pk subquery. */
export function indexHasText(index: string | null): boolean {
  return index === SORT_INDEXES.taskId;
}
