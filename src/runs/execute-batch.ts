import { ageCutoff, type PruneReport, type RunWindow } from '../store/index.js';
import { executeRun, type ExecuteRunInput, type RunOutcome } from './execute-run.js';
import { findRetryCandidates, type RetryPlan } from './find-retry-candidates.js';
import { compareRunTasks, type RunTask } from './run-task.js';
import { selectWindowTasks } from './select-window-tasks.js';

export interface ExecuteBatchInput extends Omit<ExecuteRunInput, 'trigger' | 'window' | 'requestedTaskIds' | 'resumeOf' | 'tasks'> {
  /** Every completed task the source holds; the batch picks its window and retries from them. */
  tasks: readonly RunTask[];
  /** Runs older than this many days are deleted once the batch is done. */
  retentionDays?: number;
}

export interface BatchOutcome extends RunOutcome {
  window: RunWindow;
  retries: RetryPlan;
  pruned: PruneReport | null;
}

/**
 * One scheduled batch (contract section 8): the tasks completed after the previous completed batch's
 * window end and up to now, plus the previous batch's transient errors that still have retries left.
 * Another active batch → `active_run_conflict`. Retention is applied after the batch.
 */
export async function executeBatch(input: ExecuteBatchInput): Promise<BatchOutcome> {
  const { store, projectId } = input;
  const clock = input.clock ?? (() => new Date());
  const previous = await store.latestCompletedRun({ projectId, trigger: 'schedule' });
  const window: RunWindow = { start: previous?.window?.end ?? null, end: clock().toISOString() };
  const retries = await findRetryCandidates(store, previous);
  const inWindow = selectWindowTasks(input.tasks, window);
  const chosen = new Map(inWindow.map((t) => [t.task.id, t]));
  const byId = new Map(input.tasks.map((t) => [t.task.id, t]));
  const warnings = [...(input.warnings ?? [])];
  for (const candidate of retries.retry) {
    const item = byId.get(candidate.taskId);
    if (item) chosen.set(candidate.taskId, item);
    else warnings.push(`${candidate.taskId}: not retried, the source no longer lists it as completed`);
  }
  for (const gone of retries.exhausted) {
    warnings.push(`${gone.taskId}: left as error after ${gone.failures} transient failures: ${gone.reason ?? 'no reason recorded'}`);
  }
  const tasks = [...chosen.values()].sort(compareRunTasks);
  const outcome = await executeRun({ ...input, trigger: 'schedule', window, tasks, warnings });
  const pruned = input.retentionDays === undefined ? null : await store.prune({ olderThan: ageCutoff(input.retentionDays, clock().toISOString()) });
  return { ...outcome, window, retries, pruned };
}
