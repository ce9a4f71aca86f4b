import { Option, type Command } from 'commander';
import { executeRun, planResume, type RunTask } from '../../runs/index.js';
import type { CliIo } from '../cli-io.js';
import { addJudgeOptions, createCliJudge, type JudgeOptionValues } from '../options/judge-options.js';
import { addConfigOption, addHindsightOption, addSourceOptions, type SourceOptionValues } from '../options/source-options.js';
import { addLabelOption, parseLabelOption } from '../options/label-option.js';
import { addStoreOption, openCliStore, type StoreOptionValues } from '../options/store-options.js';
import type { SetExitCode } from '../set-exit-code.js';
import { createProgressReporter } from '../render/progress-reporter.js';
import { TASKEVAL_VERSION } from '../version.js';
import { parseFailUnder } from './fail-under-option.js';
import { addQueueOptions, readQueueOptions, type QueueOptionValues } from './queue-options.js';
import { queueRun } from './queue-run.js';
import { loadRunTasks } from './load-run-tasks.js';
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
    .addOption(new Option('--format <format>', 'table, json, or markdown (a summary for a pull-request comment or $GITHUB_STEP_SUMMARY)').choices(['table', 'json', 'markdown']))
    .option('--fail-under <score>', 'exit 1 when an evaluated task scores under this overall score, listing them')
    .option('--resume <runId>', 'evaluate, in a new run, the tasks an interrupted or cancelled run did not finish');
  addQueueOptions(command, 'the run');
  addLabelOption(command, 'a cohort label every result of this run carries, for results --label and compare --by label:KEY');
  addJudgeOptions(addStoreOption(addConfigOption(addHindsightOption(addSourceOptions(command)))))
    .addHelpText('after', HELP_AFTER)
    .action(async (options: RunOptions) => {
      const failUnder = parseFailUnder(options.failUnder);
      const json = options.json || options.format === 'json';
      const labels = parseLabelOption(options.label);
      const { jobTimeoutSeconds } = readQueueOptions(options);
      const cli = await openCliStore(options, io);
      try {
        const judge = createCliJudge(options, cli.config.judge, io);
        const set = await loadRunTasks(options, io, cli.config, cli.configPath, cli.store);
        let tasks: RunTask[] = set.tasks;
        let requested: string[] | undefined;
        let resumeOf: string | null = null;
        const warnings = [...set.warnings];
        if (options.resume !== undefined) {
          const plan = await planResume(cli.store, options.resume);
          const byId = new Map(set.tasks.map((t) => [t.task.id, t]));
          requested = plan.missingTaskIds;
          resumeOf = plan.previous.id;
          tasks = plan.missingTaskIds.flatMap((id) => byId.get(id) ?? []);
          for (const id of plan.missingTaskIds) if (!byId.has(id)) warnings.push(`${id}: not resumed, the source no longer has it`);
          if (plan.missingTaskIds.length === 0) {
            io.stderr(`run ${plan.previous.id} has a result for every task it asked for; nothing to resume\n`);
            return;
          }
        }
        if (options.queue) {
          const queued = await queueRun({ cli, judge, tasks, projectId: set.projectId, forge: set.forge, requested, resumeOf, labels, warnings, jobTimeoutSeconds, detach: options.detach === true, json }, io);
          if (queued) setExitCode(await reportRunOutcome({ run: queued, store: cli.store, failUnder, json, markdown: options.format === 'markdown' }, io));
          return;
        }
        const reporter = createProgressReporter({ mode: json ? 'silent' : io.isTTY ? 'bar' : 'lines', write: io.stderr });
        const { run } = await executeRun({
          store: cli.store,
          projectId: set.projectId,
          forge: set.forge,
          tasks,
          trigger: 'manual',
          ...(requested ? { requestedTaskIds: requested } : {}),
          resumeOf,
          judge,
          taskevalVersion: TASKEVAL_VERSION,
          warnings,
          labels,
          keepResults: false,
          ...(io.signal ? { signal: io.signal } : {}),
          onStart: ({ runId, total }) => reporter.start(runId, total),
          onResult: (result, progress) => reporter.result(result, progress),
        });
        reporter.finish();
        setExitCode(await reportRunOutcome({ run, store: cli.store, failUnder, json, markdown: options.format === 'markdown' }, io));
      } finally {
        await cli.close();
      }
    });
}
