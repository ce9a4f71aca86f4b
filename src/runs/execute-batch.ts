import { ageCutoff, type PruneReport, type RunWindow } from '../store/index.js';
import { executeRun, type ExecuteRunInput, type RunOutcome } from './execute-run.js';
import type { RetryPlan } from './find-retry-candidates.js';
import { planBatch, type BatchPlan } from './plan-batch.js';
import type { RunTask } from './run-task.js';

export interface ExecuteBatchInput extends Omit<
  ExecuteRunInput,
  'trigger' | 'window' | 'requestedTaskIds' | 'resumeOf' | 'tasks'
> {
  /** Every completed task the source holds; the batch picks its window and retries from them. */
  tasks: readonly RunTask[];
  /** Runs older than this many days are deleted once the batch is done. */
  retentionDays?: number;
  /** The batch as already planned (planBatch) when the tasks were chosen from it; `tasks` are then its tasks. */
  plan?: BatchPlan;
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
  const { store } = input;
  const clock = input.clock ?? (() => new Date());
  const plan = input.plan ?? (await planBatch(store, input.projectId, input.tasks, clock().toISOString()));
  const outcome = await executeRun({
    ...input,
    trigger: 'schedule',
    window: plan.window,
    tasks: plan.tasks,
    warnings: [...(input.warnings ?? []), ...plan.warnings],
  });
  const pruned =
    input.retentionDays === undefined
      ? null
      : await store.prune({ olderThan: ageCutoff(input.retentionDays, clock().toISOString()) });
  return { ...outcome, window: plan.window, retries: plan.retries, pruned };
}
