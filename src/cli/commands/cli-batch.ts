import type { Command } from 'commander';
import { ConfigError } from '../../core/index.js';
import { DEFAULT_JOB_TIMEOUT_SECONDS, executeBatch, planBatch, type BatchOutcome } from '../../runs/index.js';
import { ageCutoff } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { createCliJudge, type JudgeOptionValues } from '../options/judge-options.js';
import type { SourceOptionValues } from '../options/source-options.js';
import { parseLabelOption } from '../options/label-option.js';
import type { CliStore } from '../options/store-options.js';
import { TASKEVAL_VERSION } from '../version.js';
import { cliJudgeRunOptions } from './cli-judge-run-options.js';
import { loadRunTasks } from './load-run-tasks.js';
import { parseCount } from './parse-count.js';
import { queueRun } from './queue-run.js';

export type BatchOptionValues = SourceOptionValues & JudgeOptionValues & { label?: string[]; queue?: boolean; detach?: boolean; jobTimeout?: string; json?: boolean };

/**
 * One scheduled batch from the CLI: tasks from the source flags, the judge from flags and config, retention
 * from config. With --queue the batch's tasks go to queue workers; --detach then returns null at once.
 */
export async function runCliBatch(cli: CliStore, options: BatchOptionValues, io: CliIo, signal?: AbortSignal): Promise<BatchOutcome | null> {
  const labels = parseLabelOption(options.label);
  const judge = createCliJudge(options, cli.config.judge, io);
  checkQueueFlags(options);
  // Batches take completed tasks only, whatever the source's own default.
  const set = await loadRunTasks({ ...options, column: options.column ?? 'done' }, io, cli.config, cli.configPath, cli.store);
  if (options.queue) {
    if (judge && judge.budget.maxUsd !== undefined) throw new ConfigError('usage', '--max-cost cannot be shared by queue workers', { field: '--max-cost' });
    const plan = await planBatch(cli.store, set.projectId, set.tasks, new Date().toISOString());
    const run = await queueRun(
      {
        cli,
        judge,
        tasks: plan.tasks,
        projectId: set.projectId,
        trigger: 'schedule',
        window: plan.window,
        requested: undefined,
        resumeOf: null,
        labels,
        warnings: [...set.warnings, ...plan.warnings],
        jobTimeoutSeconds: options.jobTimeout === undefined ? undefined : parseCount('--job-timeout', options.jobTimeout, 1),
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
    tasks: set.tasks,
    judge: judge?.judge ?? null,
    judgeOptions: cliJudgeRunOptions(judge),
    taskevalVersion: TASKEVAL_VERSION,
    warnings: set.warnings,
    labels,
    keepResults: false,
    ...(cli.config.retentionDays !== undefined ? { retentionDays: cli.config.retentionDays } : {}),
    ...(signal ? { signal } : {}),
  });
}

/** --detach and --job-timeout only mean something with --queue. */
export function checkQueueFlags(options: { queue?: boolean; detach?: boolean; jobTimeout?: string }): void {
  if (options.detach && !options.queue) throw new ConfigError('usage', '--detach needs --queue', { field: '--detach' });
  if (options.jobTimeout !== undefined && !options.queue) throw new ConfigError('usage', '--job-timeout needs --queue', { field: '--job-timeout' });
}

/** Adds --queue, --detach and --job-timeout to run or batch. */
export function addQueueOptions(command: Command, what: string): Command {
  return command
    .option('--queue', `enqueue one job per task for \`taskeval worker\` processes instead of evaluating ${what} here (needs a PostgreSQL store); waits for it unless --detach`)
    .option('--detach', 'with --queue: print the run id and return at once')
    .option('--job-timeout <seconds>', `with --queue: a job a worker holds this long without finishing goes back to the queue (default ${DEFAULT_JOB_TIMEOUT_SECONDS})`);
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
