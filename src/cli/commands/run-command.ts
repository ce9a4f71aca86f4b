import { Option, type Command } from 'commander';
import type { CliIo } from '../cli-io.js';
import { addJudgeOptions, type JudgeOptionValues } from '../options/judge-options.js';
import {
  addConfigOption,
  addHindsightOption,
  addSourceOptions,
  type SourceOptionValues,
} from '../options/source-options.js';
import { addLabelOption } from '../options/label-option.js';
import { addStoreOption, type StoreOptionValues } from '../options/store-options.js';
import type { SetExitCode } from '../set-exit-code.js';
import { parseFailUnder } from './fail-under-option.js';
import { addQueueOptions, type QueueOptionValues } from './queue-options.js';
import { cliProgressReporter, evaluateFromCli, progressHooks, queueHooks } from './cli-evaluation.js';
import { reportRunOutcome } from './report-run-outcome.js';

interface RunOptions extends SourceOptionValues, JudgeOptionValues, StoreOptionValues, QueueOptionValues {
  json?: boolean;
  format?: 'table' | 'json' | 'markdown';
  failUnder?: string;
  resume?: string;
  label?: string[];
}

const HELP_AFTER = `
Every result is stored the moment it completes (default store: <project>/.taskeval/taskeval.db). Ctrl-C cancels the
run and keeps what was stored; \`--resume RUN_ID\` evaluates, in a new run, only the tasks it did not finish.

Exit codes: 0 ok; 1 some score under --fail-under; 4 some task could not be evaluated (judge down; wins
over 1); 130 cancelled. Manual runs do not exclude each other: two at once each evaluate every task and
keep their own results (only batches and completion runs are one at a time per project: exit 5).

Examples:
  taskeval run --tasks tasks.jsonl
  taskeval run --tasks tasks.jsonl --judge openai --judge-model gpt-4.1-mini --fail-under 60
  taskeval run --tasks tasks.jsonl --label prompt=v2
  taskeval run --resume run_01J...  --tasks tasks.jsonl
  taskeval run --queue --db postgres://taskeval@db/taskeval --judge openai --judge-model gpt-4.1-mini
    (then \`taskeval worker --db postgres://...\` on as many machines as you like)`;

/** `taskeval run`: a kept, manual evaluation run over the selected tasks. */
export function registerRunCommand(program: Command, io: CliIo, setExitCode: SetExitCode): void {
  const command = program
    .command('run')
    .description('evaluate the selected tasks in a stored run (progress, Ctrl-C safe, resumable)')
    .option('--json', 'print only the finished run and its results as JSON (same as --format json)')
    .addOption(
      new Option(
        '--format <format>',
        'table, json, or markdown (a summary for a pull-request comment or $GITHUB_STEP_SUMMARY)',
      ).choices(['table', 'json', 'markdown']),
    )
    .option('--fail-under <score>', 'exit 1 when an evaluated task scores under this overall score, listing them')
    .option('--resume <runId>', 'evaluate, in a new run, the tasks an interrupted or cancelled run did not finish');
  addQueueOptions(command, 'the run');
  addLabelOption(
    command,
    'a cohort label every result of this run carries, for results --label and compare --by label:KEY',
  );
  addJudgeOptions(addStoreOption(addConfigOption(addHindsightOption(addSourceOptions(command)))))
    .addHelpText('after', HELP_AFTER)
    .action(async (options: RunOptions) => {
      const failUnder = parseFailUnder(options.failUnder);
      const json = options.json || options.format === 'json';
      const reporter = cliProgressReporter(io, json);
      await evaluateFromCli(
        'run',
        options,
        io,
        { ...progressHooks(reporter), ...queueHooks(io, json) },
        async (result) => {
          reporter.finish();
          if (result.nothingToResume)
            return void io.stderr(
              `run ${result.nothingToResume.id} has a result for every task it asked for; nothing to resume\n`,
            );
          if (result.run)
            setExitCode(
              await reportRunOutcome(
                { run: result.run, store: result.store!, failUnder, json, markdown: options.format === 'markdown' },
                io,
              ),
            );
        },
      );
    });
}
