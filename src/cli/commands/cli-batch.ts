import { executeBatch, type BatchOutcome } from '../../runs/index.js';
import type { CliIo } from '../cli-io.js';
import { createCliJudge, type JudgeOptionValues } from '../options/judge-options.js';
import type { SourceOptionValues } from '../options/source-options.js';
import { parseLabelOption } from '../options/label-option.js';
import type { CliStore } from '../options/store-options.js';
import { TASKEVAL_VERSION } from '../version.js';
import { cliJudgeRunOptions } from './cli-judge-run-options.js';
import { loadRunTasks } from './load-run-tasks.js';

export type BatchOptionValues = SourceOptionValues & JudgeOptionValues & { label?: string[] };

/** One scheduled batch from the CLI: tasks from the source flags, the judge from flags and config, retention from config. */
export async function runCliBatch(cli: CliStore, options: BatchOptionValues, io: CliIo, signal?: AbortSignal): Promise<BatchOutcome> {
  const labels = parseLabelOption(options.label);
  const judge = createCliJudge(options, cli.config.judge, io);
  // Batches take completed tasks only, whatever the source's own default.
  const set = await loadRunTasks({ ...options, column: options.column ?? 'done' }, io, cli.config, cli.configPath);
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

/** A batch's window and retries, for logs and --json. */
export function batchDetails(outcome: BatchOutcome): Record<string, unknown> {
  return {
    window: outcome.window,
    retried: outcome.retries.retry.map((r) => r.taskId),
    exhausted: outcome.retries.exhausted.map((r) => r.taskId),
    pruned: outcome.pruned,
  };
}
