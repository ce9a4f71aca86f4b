import { executeBatch, planBatch, type BatchOutcome, type BatchPlan } from '../../runs/index.js';
import type { LoadedTask } from '../../sources/index.js';
import { ageCutoff } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { createCliJudge, type JudgeOptionValues } from '../options/judge-options.js';
import type { SourceOptionValues } from '../options/source-options.js';
import { parseLabelOption } from '../options/label-option.js';
import type { CliStore } from '../options/store-options.js';
import { TASKEVAL_VERSION } from '../version.js';
import { loadRunTasks } from './load-run-tasks.js';
import { readQueueOptions, type QueueOptionValues } from './queue-options.js';
import { queueRun } from './queue-run.js';

export type BatchOptionValues = SourceOptionValues & JudgeOptionValues & QueueOptionValues & { label?: string[]; json?: boolean };

/**
 * One scheduled batch from the CLI: tasks from the source flags, the judge from flags and config, retention
 * from config. With --queue the batch's tasks go to queue workers; --detach then returns null at once.
 */
export async function runCliBatch(cli: CliStore, options: BatchOptionValues, io: CliIo, signal?: AbortSignal): Promise<BatchOutcome | null> {
  const labels = parseLabelOption(options.label);
  const judge = createCliJudge(options, cli.config.judge, io);
  const { jobTimeoutSeconds } = readQueueOptions(options);
  // The batch is planned from the completed tasks before their evidence is read, so commits, sessions and
  // transcripts are gathered for the window and the retries only, not for every task the source holds.
  let planned: BatchPlan<LoadedTask> | undefined;
  const now = new Date().toISOString();
  const choose = async (items: readonly LoadedTask[], projectId: string) => (planned = await planBatch(cli.store, projectId, items, now)).tasks;
  // Batches take completed tasks only, whatever the source's own default.
  const set = await loadRunTasks({ ...options, column: options.column ?? 'done' }, io, cli.config, cli.configPath, cli.store, choose);
  const plan = planned!;
  if (options.queue) {
    const run = await queueRun(
      {
        cli,
        judge,
        tasks: plan.tasks,
        projectId: set.projectId,
        forge: set.forge,
        trigger: 'schedule',
        window: plan.window,
        requested: undefined,
        resumeOf: null,
        labels,
        warnings: [...set.warnings, ...plan.warnings],
        jobTimeoutSeconds,
        detach: options.detach === true,
        json: options.json === true,
      },
      signal === io.signal ? io : { ...io, ...(signal ? { signal } : {}) },
    );
    if (!run) return null;
    const pruned = cli.config.retentionDays === undefined ? null : await cli.store.prune({ olderThan: ageCutoff(cli.config.retentionDays, new Date().toISOString()) });
    return { run, results: [], window: plan.window, retries: plan.retries, pruned };
  }
  return executeBatch({
    store: cli.store,
    projectId: set.projectId,
    forge: set.forge,
    tasks: plan.tasks,
    plan,
    judge,
    taskevalVersion: TASKEVAL_VERSION,
    warnings: set.warnings,
    labels,
    keepResults: false,
    ...(cli.config.retentionDays !== undefined ? { retentionDays: cli.config.retentionDays } : {}),
    ...(signal ? { signal } : {}),
  });
}

/** A batch's window and retries, for logs and --json. */
export function batchDetails(outcome: BatchOutcome): Record<string, unknown> {
  return {
    window: outcome.window,
    retried: outcome.retries.retry.map((r) => r.taskId),
    exhausted: outcome.retries.exhausted.map((r) => r.taskId),
    pruned: outcome.pruned,
  };
}
