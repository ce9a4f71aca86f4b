import { Option, type Command } from 'commander';
import { ConfigError } from '../../core/index.js';
import {
  checkOpenedJudge,
  executeRescore,
  openJudge,
  planRescore,
  RESCORE_RUBRICS,
  recordedJudgeSettings,
  parseLabels,
  resolveJudgeSpec,
  type RescoreRubric,
} from '../../runs/index.js';
import type { CliIo } from '../cli-io.js';
import { addJudgeOptions, type JudgeOptionValues } from '../options/judge-options.js';
import { addLabelOption } from '../options/label-option.js';
import { addConfigOption } from '../options/source-options.js';
import { addStoreOption, openCliStore, type StoreOptionValues } from '../options/store-options.js';
import type { SetExitCode } from '../set-exit-code.js';
import { TASKEVAL_VERSION } from '../version.js';
import { cliProgressReporter, progressHooks } from './cli-evaluation.js';
import { parseFailUnder } from './fail-under-option.js';
import { reportRunOutcome } from './report-run-outcome.js';
import { resolveRunId } from './resolve-run-id.js';

interface RescoreOptions extends Omit<JudgeOptionValues, 'judge'>, StoreOptionValues {
  run?: string;
  resume?: string;
  /** A provider name, or false with --no-judge. */
  judge?: string | false;
  rubric: RescoreRubric;
  label?: string[];
  json?: boolean;
  format?: 'table' | 'json' | 'markdown';
  failUnder?: string;
}

const HELP_AFTER = `
Re-scoring reads no source: each task's evidence bundle, task record and rubric assessment come from the
stored run, so two judges (or two rubric versions) are compared on exactly the same evidence. The new run
records which run it re-scored; compare them task by task with
  taskeval compare --run OLD --run NEW          (add --mix-modes when one of them had no judge)

--rubric kept (default) blends the judge with the deterministic scores the run stored; --rubric current runs
this version's rubric again over the same task, commits and history (kept with results since this version;
older results say so in an error result). Without --judge or --no-judge the judge comes from the config, as
for taskeval run. Ctrl-C cancels and keeps what was stored; --resume NEW finishes a stopped re-score.

Exit codes as taskeval run: 0 ok; 1 some score under --fail-under; 4 some task could not be evaluated; 130 cancelled.

Examples:
  taskeval rescore --run latest --judge openai-compatible --judge-base-url http://127.0.0.1:11434/v1 --judge-model llama3.1
  taskeval rescore --run run_... --no-judge --rubric current
  taskeval rescore --resume run_...`;

/** `taskeval rescore`: a stored run's evidence evaluated again, into a new run. */
export function registerRescoreCommand(program: Command, io: CliIo, setExitCode: SetExitCode): void {
  const command = program
    .command('rescore')
    .description(
      "evaluate a stored run's evidence again (another judge, no judge, or the current rubric) into a new run, reading no source",
    )
    .option('--run <runId>', 'the run to re-score, or latest for the newest')
    .option('--resume <runId>', 'finish a re-score that was stopped: evaluate the tasks it has no result for')
    .addOption(
      new Option(
        '--rubric <which>',
        "kept: the deterministic scores the run stored; current: this version's rubric over the same evidence",
      )
        .choices([...RESCORE_RUBRICS])
        .default('kept'),
    )
    .option('--json', 'print only the finished run and its results as JSON (same as --format json)')
    .addOption(new Option('--format <format>', 'table, json, or markdown').choices(['table', 'json', 'markdown']))
    .option('--fail-under <score>', 'exit 1 when a re-scored task is under this overall score');
  addLabelOption(command, "a cohort label every result of the new run carries, over the re-scored run's labels");
  // After --judge, so that --no-judge leaves the judge unset (from the config) unless it is given.
  addJudgeOptions(addStoreOption(addConfigOption(command)))
    .option('--no-judge', 'score deterministic-only, whatever the config says')
    .addHelpText('after', HELP_AFTER)
    .action(async (options: RescoreOptions) => {
      const failUnder = parseFailUnder(options.failUnder);
      const json = options.json === true || options.format === 'json';
      const labels = parseLabels(options.label);
      if (options.run === undefined && options.resume === undefined)
        throw new ConfigError('usage', 'name the run to re-score with --run ID (or latest), or --resume ID', {
          field: '--run',
        });
      const cli = await openCliStore(options, io);
      try {
        const runId = options.run === undefined ? undefined : await resolveRunId(cli.store, options.run);
        const plan = await planRescore(cli.store, {
          ...(runId ? { runId } : {}),
          ...(options.resume ? { resume: options.resume } : {}),
        });
        const flags = { ...options, judge: options.judge === false ? undefined : options.judge };
        // A resume asks the judge the stopped re-score asked, unless told otherwise.
        const spec =
          options.judge === false
            ? null
            : options.judge === undefined && plan.resumeOf
              ? recordedJudgeSettings(plan.resumeOf.settings)
              : resolveJudgeSpec(flags, cli.config.judge);
        const judge = openJudge(spec, io.env, { cwd: io.cwd });
        if (plan.items.length === 0) {
          io.stderr(
            plan.resumeOf
              ? `run ${plan.resumeOf.id} has a result for every task; nothing to resume\n`
              : `run ${plan.source.id} has no result to re-score\n`,
          );
          return;
        }
        // As every evaluation: a wrong address, key or model is one clear error before anything is stored.
        if (judge && options.probe !== false) {
          const note = await checkOpenedJudge(judge, io.signal);
          if (note) io.stderr(`note: ${note}\n`);
        }
        io.stderr(
          `re-scoring run ${plan.source.id}: ${plan.items.length} stored result${plan.items.length === 1 ? '' : 's'}, ${judge ? `judge ${judge.judge.provider}/${judge.judge.modelId}` : 'deterministic only'}, rubric ${options.rubric}\n`,
        );
        const reporter = cliProgressReporter(io, json);
        const { run } = await executeRescore({
          store: cli.store,
          plan,
          judge,
          rubric: options.rubric,
          labels,
          taskevalVersion: TASKEVAL_VERSION,
          ...(io.signal ? { signal: io.signal } : {}),
          ...progressHooks(reporter),
        });
        reporter.finish();
        setExitCode(
          await reportRunOutcome(
            { run, store: cli.store, failUnder, json, markdown: options.format === 'markdown' },
            io,
          ),
        );
        if (!json)
          io.stderr(
            `compare the two on the same evidence: taskeval compare --run ${plan.source.id} --run ${run.id}${(plan.source.provenance.judgeProvider === null) !== (judge === null) ? ' --mix-modes' : ''}\n`,
          );
      } finally {
        await cli.close();
      }
    });
}
