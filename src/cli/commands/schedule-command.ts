import { Option, type Command } from 'commander';
import { ConfigError } from '../../core/index.js';
import {
  DEFAULT_SCHEDULE,
  nextScheduledRun,
  runQueuedSchedule,
  runSchedule,
  type BatchOutcome,
} from '../../runs/index.js';
import type { CliIo } from '../cli-io.js';
import { addJudgeOptions } from '../options/judge-options.js';
import { addConfigOption, addSourceOptions } from '../options/source-options.js';
import { addStoreOption, openCliStore, type StoreOptionValues } from '../options/store-options.js';
import { runCliBatch, type BatchOptionValues } from './cli-batch.js';
import { cliProjectId, evaluateFromCli } from './cli-evaluation.js';
import { parseCount } from '../../runs/index.js';
import { readQueueOptions } from './queue-options.js';
import type { SetExitCode } from '../set-exit-code.js';
import { reportRunOutcome } from './report-run-outcome.js';

interface ScheduleOptions extends BatchOptionValues, StoreOptionValues {
  cron: string;
  tz: string;
  watch?: boolean;
  trigger?: 'schedule' | 'task_completion';
  interval: string;
  once?: boolean;
  json?: boolean;
}

const HELP_AFTER = `
Stays in the foreground and logs each batch; stops cleanly on Ctrl-C or SIGTERM (a batch in flight is
cancelled, its stored results kept). With --watch (the same as --trigger task_completion) it instead polls
the source every --interval seconds and evaluates each newly completed task in a task_completion run.

With --queue (a PostgreSQL store) the cron expression becomes a schedule in the database's queue: start
\`taskeval schedule --queue\` on as many machines as you like and each firing is taken by one of them,
which loads the tasks and enqueues the batch for \`taskeval worker\` processes. Stopping a scheduler
leaves the schedule to the others.

Examples:
  taskeval schedule --tasks tasks.jsonl
  taskeval schedule --cron "30 2 * * 1-5" --tz Europe/Berlin --tasks tasks.jsonl
  taskeval schedule --watch --trigger task_completion --interval 30 --tasks tasks.jsonl
  taskeval schedule --queue --db postgres://evals@db.internal/taskeval --project .
  taskeval schedule --once --project .       # one batch now, from an outside cron`;

/** `taskeval schedule`: scheduled batches on a cron expression, or a completion watcher. */
export function registerScheduleCommand(program: Command, io: CliIo, setExitCode: SetExitCode): void {
  const command = program
    .command('schedule')
    .description(`run scheduled batches on a cron expression (default "${DEFAULT_SCHEDULE}" UTC) until stopped`)
    .option('--cron <expr>', 'when to run batches: minute hour day month weekday', DEFAULT_SCHEDULE)
    .option('--tz <zone>', 'IANA time zone the cron expression is read in', 'UTC')
    .option(
      '--watch',
      'poll the source and evaluate tasks as they complete, instead of cron batches (--trigger task_completion)',
    )
    .addOption(
      new Option(
        '--trigger <trigger>',
        'schedule: cron batches; task_completion: evaluate tasks as they complete (implies --watch)',
      )
        .choices(['schedule', 'task_completion'])
        .default(undefined, 'schedule, or task_completion with --watch'),
    )
    .addOption(
      new Option(
        '--interval <seconds>',
        'with --watch: seconds between polls; with --queue: how often the schedule is checked for a firing (at most 45)',
      ).default('30', '30'),
    )
    .option(
      '--queue',
      "keep the schedule in the PostgreSQL store's queue: each firing is taken by one scheduler, whose batch goes to `taskeval worker` processes",
    )
    .option(
      '--job-timeout <seconds>',
      'with --queue: a task job a worker holds this long without finishing goes back to the queue (default 900)',
    )
    .option('--once', 'run the batch a firing would run, now, and exit with its code (for an outside cron or CI)')
    .option('--json', 'with --once: print the run and its results as JSON (as batch --json does)');
  addJudgeOptions(addStoreOption(addConfigOption(addSourceOptions(command))))
    .addHelpText('after', HELP_AFTER)
    .action(async (options: ScheduleOptions) => {
      const log = (line: string) => io.stderr(`${new Date().toISOString()} ${line}\n`);
      if (options.watch && options.trigger === 'schedule') {
        throw new ConfigError('usage', '--watch polls for completed tasks; it cannot run --trigger schedule batches', {
          field: '--trigger',
          hint: 'Use: taskeval schedule --watch --interval 30, or taskeval schedule --cron "0 5 * * *"',
        });
      }
      const watching = options.watch === true || options.trigger === 'task_completion';
      if (options.once && (watching || options.queue)) {
        throw new ConfigError('usage', '--once runs one cron batch here; it does not combine with --watch or --queue', {
          field: '--once',
          hint: 'Use: taskeval schedule --once --tasks tasks.jsonl (or taskeval batch --queue for the workers)',
        });
      }
      if (watching && options.queue) {
        throw new ConfigError('usage', '--watch evaluates completed tasks here; --queue is for cron batches', {
          field: '--queue',
          hint: 'Use: taskeval schedule --queue --cron "0 5 * * *", or taskeval schedule --watch without --queue',
        });
      }
      readQueueOptions(options);
      const intervalMs = parseCount('--interval', options.interval, 1, options.queue ? 45 : 86_400) * 1000;
      if (!watching) nextScheduledRun(options.cron, options.tz);
      const cli = await openCliStore(options, io);
      try {
        if (watching) {
          await evaluateFromCli(
            'completion',
            options,
            io,
            { store: cli.store, log, pollIntervalMs: intervalMs },
            async () => undefined,
          );
          return;
        }
        if (options.queue) {
          // The project id names the schedule, so every scheduler of one project shares it.
          const projectId = await cliProjectId(options, io, cli.store);
          await runQueuedSchedule({
            location: cli.location,
            projectId,
            cron: options.cron,
            timezone: options.tz,
            log,
            pollSeconds: intervalMs / 1000,
            ...(io.signal ? { signal: io.signal } : {}),
            enqueueBatch: async (signal) => {
              await runCliBatch(cli, { ...options, detach: true }, io, signal);
            },
          });
          return;
        }
        if (options.once) {
          // One firing, now: the same window and retention as a scheduled batch, and batch's exit code.
          log('batch starting (--once)');
          const outcome = (await runCliBatch(cli, options, io, io.signal))!;
          log(batchLine(outcome));
          setExitCode(
            await reportRunOutcome(
              { run: outcome.run, store: cli.store, failUnder: undefined, json: options.json ?? false },
              io,
            ),
          );
          return;
        }
        await runSchedule({
          cron: options.cron,
          timezone: options.tz,
          log,
          ...(io.signal ? { signal: io.signal } : {}),
          runBatch: async (signal) => {
            log('batch starting');
            // Without --queue batches evaluate here, so there is always an outcome.
            const outcome = (await runCliBatch(cli, options, io, signal))!;
            log(batchLine(outcome));
            if (outcome.pruned?.runs) log(`retention: pruned ${outcome.pruned.runs} run(s)`);
          },
        });
      } finally {
        await cli.close();
      }
    });
}

/** How a finished batch is logged, by the scheduler and by --once alike. */
function batchLine(outcome: BatchOutcome): string {
  const w = outcome.window;
  return `batch ${outcome.run.id} ${outcome.run.status} (after ${w.start ?? 'the beginning'} through ${w.end}): ${outcome.run.summary ?? ''}`;
}
