import type { RunWindow, Store } from '../store/index.js';
import { findRetryCandidates, type RetryPlan } from './find-retry-candidates.js';
import { compareRunTasks, type RunTask } from './run-task.js';
import { selectWindowTasks } from './select-window-tasks.js';

/** What one scheduled batch will evaluate, and why. */
export interface BatchPlan<T extends RunTask = RunTask> {
  window: RunWindow;
  retries: RetryPlan;
  /** The window's tasks and the retries, in completion order. */
  tasks: T[];
  /** Retries the source no longer has, and tasks left as errors after their last retry. */
  warnings: string[];
}

/**
 * Plans a scheduled batch (contract section 8): the tasks completed after the previous completed batch's
 * window end and up to `now`, plus the previous batch's transient errors that still have retries left.
 * The same plan serves a batch run here and one run by queue workers.
 */
export async function planBatch<T extends RunTask>(
  store: Store,
  projectId: string,
  all: readonly T[],
  now: string,
): Promise<BatchPlan<T>> {
  const previous = await store.latestCompletedRun({ projectId, trigger: 'schedule' });
  const window: RunWindow = { start: previous?.window?.end ?? null, end: now };
  const retries = await findRetryCandidates(store, previous);
  const chosen = new Map(selectWindowTasks(all, window).map((t) => [t.task.id, t]));
  const byId = new Map(all.map((t) => [t.task.id, t]));
  const warnings: string[] = [];
  for (const candidate of retries.retry) {
    const item = byId.get(candidate.taskId);
    if (item) chosen.set(candidate.taskId, item);
    else warnings.push(`${candidate.taskId}: not retried, the source no longer lists it as completed`);
  }
  for (const gone of retries.exhausted) {
    warnings.push(
      `${gone.taskId}: left as error after ${gone.failures} transient failures: ${gone.reason ?? 'no reason recorded'}`,
    );
  }
  return { window, retries, tasks: [...chosen.values()].sort(compareRunTasks), warnings };
}
