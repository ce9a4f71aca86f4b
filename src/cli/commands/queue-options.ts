import type { Command } from 'commander';
import { DEFAULT_JOB_TIMEOUT_SECONDS, planQueue } from '../../runs/index.js';

/** The queue flags of `run` and `batch` as commander gives them. */
export interface QueueOptionValues {
  queue?: boolean;
  detach?: boolean;
  jobTimeout?: string;
  maxCost?: string;
}

/** Adds --queue, --detach and --job-timeout to run or batch. */
export function addQueueOptions(command: Command, what: string): Command {
  return command
    .option(
      '--queue',
      `enqueue one job per task for \`taskeval worker\` processes instead of evaluating ${what} here (needs a PostgreSQL store); waits for it unless --detach`,
    )
    .option('--detach', 'with --queue: print the run id and return at once')
    .option(
      '--job-timeout <seconds>',
      `with --queue: a job a worker holds this long without finishing goes back to the queue (default ${DEFAULT_JOB_TIMEOUT_SECONDS})`,
    );
}

/** Checks the queue flags before anything is opened, as a batch plans them (runs' planQueue). */
export function readQueueOptions(options: QueueOptionValues): void {
  planQueue('batch', options);
}
