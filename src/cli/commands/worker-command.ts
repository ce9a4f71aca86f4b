import type { Command } from 'commander';
import { EvaluationQueue, runQueueWorker } from '../../runs/index.js';
import type { CliIo } from '../cli-io.js';
import { addConfigOption } from '../options/source-options.js';
import { addStoreOption, openCliStore, type StoreOptionValues } from '../options/store-options.js';
import { TASKEVAL_VERSION } from '../version.js';
import { parseCount } from '../../runs/index.js';
import { terminalSafe } from '../render/terminal-safe.js';

interface WorkerOptions extends StoreOptionValues {
  concurrency: string;
  exitWhenIdle?: string;
  quiet?: boolean;
}

const HELP_AFTER = `
A worker takes jobs that \`taskeval run --queue\` (or \`batch --queue\`) put on the queue of a PostgreSQL store,
evaluates each exactly as its run asked (the judge spec: provider, model, base URL, sampling, samples, all recorded
on the run) and stores the result. API keys come from this worker's own environment (OPENAI_API_KEY,
ANTHROPIC_API_KEY or TASKEVAL_JUDGE_API_KEY), never from the run.

Run as many workers, on as many machines, as you like. A worker that dies (even by SIGKILL) loses nothing: its
jobs go back to the queue after the run's --job-timeout and another worker takes them; a task never gets two
results in one run. Ctrl-C drains: no new job is taken, the ones in hand finish and are stored; a second
Ctrl-C stops at once (those jobs are retried later).

Exit codes: 0 stopped cleanly; 2 bad flags or a SQLite store; 3 the store could not be opened.

Examples:
  taskeval worker --db postgres://taskeval@db.internal/taskeval
  TASKEVAL_DATABASE_URL=postgres://... taskeval worker --concurrency 8
  taskeval worker --db postgres://... --exit-when-idle 30     # one-shot worker for CI`;

/** `taskeval worker`: evaluates queued tasks from a shared PostgreSQL store until stopped. */
export function registerWorkerCommand(program: Command, io: CliIo): void {
  const command = program
    .command('worker')
    .description('take queued evaluation jobs from a PostgreSQL store and evaluate them (any number of machines)')
    .option('--concurrency <n>', 'jobs evaluated at once by this worker (1-64)', '4')
    .option(
      '--exit-when-idle <seconds>',
      'stop once no job came for this long and none is waiting or held anywhere (default: run until stopped)',
    )
    .option('--quiet', 'print only start and stop lines, not one per job');
  addStoreOption(addConfigOption(command))
    .addHelpText('after', HELP_AFTER)
    .action(async (options: WorkerOptions) => {
      const concurrency = parseCount('--concurrency', options.concurrency, 1, 64);
      const idleSeconds =
        options.exitWhenIdle === undefined ? undefined : parseCount('--exit-when-idle', options.exitWhenIdle, 0);
      const cli = await openCliStore(options, io);
      try {
        const queue = await EvaluationQueue.open(cli.location, { supervise: true });
        try {
          const { workerId, jobsDone } = await runQueueWorker({
            store: cli.store,
            queue,
            concurrency,
            env: io.env,
            cwd: io.cwd,
            taskevalVersion: TASKEVAL_VERSION,
            ...(io.signal ? { signal: io.signal } : {}),
            ...(idleSeconds !== undefined ? { exitWhenIdleMs: idleSeconds * 1000 } : {}),
            onStart: (id) =>
              io.stderr(`worker ${id}: taking jobs from ${cli.location.display} (${concurrency} at a time)\n`),
            onJob: (e) => {
              if (!options.quiet) io.stderr(`${terminalSafe(`${e.taskId} (run ${e.runId}): ${e.outcome}`)}\n`);
            },
            onError: (error) => io.stderr(`warning: the queue did not answer: ${(error as Error).message}\n`),
          });
          io.stderr(`worker ${workerId}: stopped after ${jobsDone} job${jobsDone === 1 ? '' : 's'}\n`);
        } finally {
          await queue.close();
        }
      } finally {
        await cli.close();
      }
    });
}
