import { isTaskevalError, taskErrorResult } from '../../core/index.js';
import type { EvalRun, Store } from '../../store/index.js';
import type { RunTask } from '../run-task.js';
import { saveResultOrError } from '../save-result-or-error.js';
import { summarizeRun } from '../summarize-run.js';
import type { EvaluationQueue } from './evaluation-queue.js';

/**
 * Completes a queued run once every task it asked for has a result; null while jobs of it are open. When no
 * job of the run is left open but tasks still lack results (their jobs failed for good, e.g. every worker
 * that took one was killed, or were deleted from the queue), those tasks get an error result naming why,
 * so the run finishes instead of waiting forever.
 * Safe to call from many workers at once: results are one per task, and a run completes once.
 */
export async function finishQueuedRun(
  store: Store,
  queue: EvaluationQueue,
  runId: string,
  now: () => string,
): Promise<EvalRun | null> {
  // The common case, one indexed count: other jobs of the run are still open, so it is not done.
  if ((await queue.openJobCount(runId)) > 0) return null;
  let run = await store.getRun(runId);
  if (run.status !== 'running') return run;
  const requested = run.requestedTaskIds.length;
  if (run.counts.total < requested) {
    const have = new Set(await store.resultTaskIds(runId));
    for (const { data, reason } of await queue.failedJobs(runId)) {
      if (have.has(data.item.task.id)) continue;
      const result = taskErrorResult({
        taskId: data.item.task.id,
        title: null,
        evaluatedAt: now(),
        reason: `the queue gave up on this task: ${reason}`,
        transient: true,
      });
      await ignoreRace(() => saveResultOrError(store, runId, data.item as RunTask, result, now(), run.settings.labels));
      have.add(data.item.task.id);
    }
    // A task with neither a result nor a job left (its job was deleted from the queue) would hold the run
    // open for ever, and with it the one active batch a project may have.
    for (const taskId of run.requestedTaskIds) {
      if (have.has(taskId)) continue;
      const gone = taskErrorResult({
        taskId,
        title: null,
        evaluatedAt: now(),
        reason: 'its job is no longer on the queue (deleted before a worker finished it)',
        transient: true,
      });
      const item = { task: { id: taskId }, commits: null, history: null, completedAt: null } as unknown as RunTask;
      await ignoreRace(() => saveResultOrError(store, runId, item, gone, now(), run.settings.labels));
      have.add(taskId);
    }
    run = await store.getRun(runId);
    if (run.status !== 'running' || run.counts.total < requested) return run;
  }
  return (
    (await ignoreRace(() =>
      store.transitionRun(runId, 'completed', { summary: summarizeRun(run, requested, 'completed'), now: now() }),
    )) ?? (await store.getRun(runId))
  );
}

/** Another worker stored the same result or completed the run first: not an error. */
async function ignoreRace<T>(fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (error) {
    if (
      isTaskevalError(error) &&
      ['duplicate_result', 'terminal_immutable', 'invalid_transition', 'run_not_running'].includes(error.code)
    )
      return null;
    throw error;
  }
}
