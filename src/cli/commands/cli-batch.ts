import type { BatchOutcome } from '../../runs/index.js';
import type { CliIo } from '../cli-io.js';
import type { JudgeOptionValues } from '../options/judge-options.js';
import type { SourceOptionValues } from '../options/source-options.js';
import type { CliStore } from '../options/store-options.js';
import { cliProgressReporter, evaluateFromCli, progressHooks, queueHooks } from './cli-evaluation.js';
import type { QueueOptionValues } from './queue-options.js';

export type BatchOptionValues = SourceOptionValues &
  JudgeOptionValues &
  QueueOptionValues & { label?: string[]; json?: boolean };

/**
 * One scheduled batch from the CLI on an open store (a schedule keeps one open between batches): the shared
 * evaluation path with kind `batch`. With --queue the batch's tasks go to queue workers; --detach then returns null at once.
 */
export async function runCliBatch(
  cli: CliStore,
  options: BatchOptionValues,
  io: CliIo,
  signal?: AbortSignal,
): Promise<BatchOutcome | null> {
  const json = options.json === true;
  const reporter = cliProgressReporter(io, json);
  return evaluateFromCli(
    'batch',
    options,
    io,
    { store: cli.store, ...(signal ? { signal } : {}), ...progressHooks(reporter), ...queueHooks(io, json) },
    async (result) => {
      reporter.finish();
      if (!result.run || !result.batch) return null;
      return { run: result.run, results: [], ...result.batch };
    },
  );
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
