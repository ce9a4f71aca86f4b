import type { Command } from 'commander';
import { ConfigError } from '../../core/index.js';
import { DEFAULT_JOB_TIMEOUT_SECONDS } from '../../runs/index.js';
import { parseCount } from './parse-count.js';

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
    .option('--queue', `enqueue one job per task for \`taskeval worker\` processes instead of evaluating ${what} here (needs a PostgreSQL store); waits for it unless --detach`)
    .option('--detach', 'with --queue: print the run id and return at once')
    .option('--job-timeout <seconds>', `with --queue: a job a worker holds this long without finishing goes back to the queue (default ${DEFAULT_JOB_TIMEOUT_SECONDS})`);
}

/**
 * Checks the queue flags before anything is opened (a flag that needs --queue, or a cost budget that queue
 * workers cannot share) and reads the job timeout.
 */
export function readQueueOptions(options: QueueOptionValues): { jobTimeoutSeconds: number | undefined } {
  if (options.detach && !options.queue) throw new ConfigError('usage', '--detach needs --queue', { field: '--detach' });
  if (options.jobTimeout !== undefined && !options.queue) throw new ConfigError('usage', '--job-timeout needs --queue', { field: '--job-timeout' });
  if (options.queue && options.maxCost !== undefined) throw new ConfigError('usage', '--max-cost cannot be shared by queue workers', { field: '--max-cost' });
  return { jobTimeoutSeconds: options.jobTimeout === undefined ? undefined : parseCount('--job-timeout', options.jobTimeout, 1) };
}
