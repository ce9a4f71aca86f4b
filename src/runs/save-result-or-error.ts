import { isBug, taskCohort, taskErrorResult, truncateExcerpt, type TaskResult } from '../core/index.js';
import type { StoredResult, Store } from '../store/index.js';
import { taskSnapshot } from './rubric-inputs.js';
import type { RunTask } from './run-task.js';

/**
 * Stores a task's result; when the store refuses this one record (too deep, a character the
 * database rejects, a size limit), stores an error result naming why in its place, so one bad
 * record never fails the run. A store that refuses the error result too is down: the first error
 * is thrown and the run fails as before.
 */
export async function saveResultOrError(
  store: Store,
  runId: string,
  item: RunTask,
  result: TaskResult,
  now: string,
  labels: Readonly<Record<string, string>> = {},
): Promise<StoredResult> {
  const cohort = taskCohort(item.task, labels);
  try {
    return await store.saveResult(runId, {
      result,
      taskSnapshot: taskSnapshot(item),
      completedAt: item.completedAt,
      cohort,
      now,
    });
  } catch (error) {
    if (isBug(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    const reason = truncateExcerpt(`the store could not keep this task's result: ${message}`, 1_000).excerpt;
    // The fallback must be storable anywhere: no NUL (PostgreSQL text refuses it), no labels, short title.
    const clean = (text: string | null) => (text === null ? null : text.replaceAll('\u0000', ''));
    const title = typeof result.title === 'string' ? clean(truncateExcerpt(result.title, 200).excerpt) : null;
    const safeCohort = {
      agent: clean(cohort.agent),
      modelProvider: clean(cohort.modelProvider),
      modelId: clean(cohort.modelId),
      labels: {},
    };
    const fallback: TaskResult = taskErrorResult({
      taskId: result.taskId,
      title,
      ...(result.evaluatedAt ? { evaluatedAt: result.evaluatedAt } : {}),
      reason,
      transient: false,
    });
    try {
      return await store.saveResult(runId, {
        result: fallback,
        taskSnapshot: { id: clean(item.task.id), title },
        completedAt: item.completedAt,
        cohort: safeCohort,
        now,
      });
    } catch {
      throw error;
    }
  }
}
