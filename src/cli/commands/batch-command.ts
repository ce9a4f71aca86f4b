import type { Command } from 'commander';
import type { CliIo } from '../cli-io.js';
import { addJudgeOptions } from '../options/judge-options.js';
import { addConfigOption, addHindsightOption, addSourceOptions } from '../options/source-options.js';
import { addLabelOption } from '../options/label-option.js';
import { addStoreOption, openCliStore, type StoreOptionValues } from '../options/store-options.js';
import type { SetExitCode } from '../set-exit-code.js';
import { batchDetails, runCliBatch, type BatchOptionValues } from './cli-batch.js';
import { addQueueOptions } from './queue-options.js';
import { parseFailUnder } from './fail-under-option.js';
import { reportRunOutcome } from './report-run-outcome.js';

interface BatchOptions extends BatchOptionValues, StoreOptionValues {
  json?: boolean;
  failUnder?: string;
}

const HELP_AFTER = `
A batch evaluates the tasks completed after the previous completed batch's window end (exclusive) and up
to now (inclusive), plus tasks the previous batch could not evaluate for a transient reason (judge down,
timeout, rate limit), each retried at most 3 times. Run it from cron or CI; \`taskeval schedule\` runs it
on a cron expression. retentionDays in the config prunes old runs after each batch.

Exit codes: 0 ok; 1 some score under --fail-under; 4 some task could not be evaluated; 5 another batch is
active; 130 cancelled.

Examples:
  taskeval batch --tasks tasks.jsonl
  taskeval batch --tasks tasks.jsonl --judge anthropic --judge-model claude-sonnet-4-5 --json
  taskeval batch --project . --db postgres://… --queue --detach     # from cron; \`taskeval worker\` evaluates it`;

/** `taskeval batch`: one scheduled batch, now. */
export function registerBatchCommand(program: Command, io: CliIo, setExitCode: SetExitCode): void {
  const command = program
    .command('batch')
    .description(
      'run one scheduled batch now: tasks completed since the previous batch, plus transient failures to retry',
    )
    .option('--json', 'print only the finished batch run, its window and results as JSON')
    .option('--fail-under <score>', 'exit 1 when an evaluated task scores under this overall score');
  addLabelOption(command, 'a cohort label every result of this batch carries');
  addQueueOptions(command, 'the batch');
  addJudgeOptions(addStoreOption(addConfigOption(addHindsightOption(addSourceOptions(command)))))
    .addHelpText('after', HELP_AFTER)
    .action(async (options: BatchOptions) => {
      const failUnder = parseFailUnder(options.failUnder);
      const cli = await openCliStore(options, io);
      try {
        const outcome = await runCliBatch(cli, options, io, io.signal);
        if (!outcome) return;
        const details = batchDetails(outcome);
        if (!options.json) {
          const w = outcome.window;
          io.stderr(
            `batch window: after ${w.start ?? 'the beginning'} through ${w.end}; ${outcome.retries.retry.length} retried\n`,
          );
          if (outcome.pruned?.runs)
            io.stderr(`retention: pruned ${outcome.pruned.runs} run(s), ${outcome.pruned.results} result(s)\n`);
        }
        setExitCode(
          await reportRunOutcome(
            { run: outcome.run, store: cli.store, failUnder, json: options.json ?? false, extra: details },
            io,
          ),
        );
      } finally {
        await cli.close();
      }
    });
}
