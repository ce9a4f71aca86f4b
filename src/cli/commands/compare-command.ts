import { Option, type Command } from 'commander';
import { ConfigError, DEFAULT_MIN_COHORT } from '../../core/index.js';
import {
  cohortKeyOf,
  compareStoredCohorts,
  compareStoredJudges,
  compareStoredRuns,
  describeCompareModes,
  type CompareModes,
} from '../../runs/index.js';
import type { CliIo } from '../cli-io.js';
import { addConfigOption } from '../options/source-options.js';
import { addStoreOption, openCliStore, type StoreOptionValues } from '../options/store-options.js';
import { resolveRunId } from './resolve-run-id.js';
import {
  COMPARE_FORMATS,
  renderCohortComparison,
  renderFateComparison,
  renderJudgeComparison,
  renderPairedComparison,
  type CompareFormat,
} from '../render/index.js';
import type { SetExitCode } from '../set-exit-code.js';
import { EXIT } from '../exit-codes.js';
import { parseCount } from '../../runs/index.js';

interface CompareOptions extends StoreOptionValues {
  by?: string;
  run: string[];
  since?: string;
  until?: string;
  minN: string;
  seed: string;
  format?: CompareFormat;
  json?: boolean;
  failOnDrop?: string;
  mixModes?: boolean;
}

const HELP_AFTER = `
--by groups each task's newest scored result (in the runs and times given) by a cohort key: the model id,
its provider, the agent (work no evidence names an agent for is the "human or unknown" cohort), the
project, or a label (--by label:prompt). Per cohort: n, the mean of every score with a seeded bootstrap 95%
interval (none under --min-n), the overall bands (failing/weak/acceptable/strong/excellent), and where known
the agent's tokens, its cost, the judge's cost and the overall per dollar. Then every pair of cohorts with at
least --min-n tasks: the raw difference of means, and the difference adjusted for what each was given
(within size deciles of the change, and within project when there are several), each with its interval.
The reading follows the adjusted one; with more than two cohorts its verdict is corrected for the number
of pairs (Holm). An interval that includes zero reads "no clear difference": it is not a ranking.

Scores made with and without a judge, or under different rubric versions, are not one scale: compare uses
the most common way and says what it left out, unless --mix-modes.

Two --run ids without --by compare the same tasks in both (paired by task id): what a team runs after
changing a prompt or model on the same backlog. When either run had a judge (a rescore of the same evidence
with another judge), each judge's parts follow: per category the mean rubric, judge and final part over the
tasks both scored, Spearman's rho of each judge against the rubric and of the two judges against each other,
each run's newest kept validate report of its judge's part (AUC of rubric, judge and final), and agreement
with people's ratings in the store (taskeval label). --fail-on-drop N exits 1 when the second run's overall mean
is more than N points below the first and the interval excludes zero.

Exit codes: 0 ok; 1 --fail-on-drop tripped; 2 bad flags; 3 unknown run or no store.

Examples:
  taskeval compare --by agent
  taskeval compare --by model
  taskeval compare --by label:prompt --since 2026-11-01T00:00:00Z --format markdown
  taskeval compare --run run_baseline --run run_current --fail-on-drop 3`;

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `taskeval compare`: cohorts side by side with intervals, or two runs paired by task. */
export function registerCompareCommand(program: Command, io: CliIo, setExitCode: SetExitCode): void {
  const command = program
    .command('compare')
    .description(
      'compare what happened to the work (merged, reverted, fixed later, cost) and stored scores by model, agent, provider, project, task type or label, or two runs task by task, with 95% intervals',
    )
    .option(
      '--by <key>',
      'group by model, provider, agent, project, task-type (feature, fix, docs, test, refactor, dependencies, ci, other) or label:KEY',
    )
    .option(
      '--run <runId>',
      'only results of this run, or latest for the newest run (repeatable); two runs without --by are compared task by task',
      collect,
      [],
    )
    .option('--since <time>', 'only results evaluated at or after this ISO time')
    .option('--until <time>', 'only results evaluated at or before this ISO time')
    .addOption(
      new Option('--min-n <n>', 'cohorts with fewer tasks are listed but not compared').default(
        String(DEFAULT_MIN_COHORT),
      ),
    )
    .addOption(new Option('--seed <n>', 'bootstrap seed: the same data and seed give the same intervals').default('1'))
    .addOption(
      new Option(
        '--format <format>',
        'table, markdown (for a pull-request comment or $GITHUB_STEP_SUMMARY) or json',
      ).choices([...COMPARE_FORMATS]),
    )
    .option('--json', 'same as --format json')
    .option(
      '--fail-on-drop <points>',
      'with two runs: exit 1 when the overall mean drops by more than this, with an interval that excludes zero',
    )
    .option(
      '--mix-modes',
      'compare results made with and without a judge, or under other rubric versions, together (by default only the most common way is compared)',
    );
  addStoreOption(addConfigOption(command))
    .addHelpText('after', HELP_AFTER)
    .action(async (options: CompareOptions) => {
      const format: CompareFormat = options.json ? 'json' : (options.format ?? 'table');
      const minN = parseCount('--min-n', options.minN, 1);
      const seed = parseCount('--seed', options.seed, 0, 2 ** 32 - 1);
      const failOnDrop =
        options.failOnDrop === undefined ? null : parseCount('--fail-on-drop', options.failOnDrop, 0, 100);
      const paired = options.by === undefined;
      if (paired && options.run.length !== 2) {
        throw new ConfigError('usage', 'compare needs --by KEY, or exactly two --run ids to compare task by task', {
          field: '--by',
        });
      }
      if (!paired && failOnDrop !== null)
        throw new ConfigError('usage', '--fail-on-drop compares two runs: give two --run ids and no --by', {
          field: '--fail-on-drop',
        });
      // A bad --by is a usage error before any store is opened.
      if (!paired) cohortKeyOf(options.by!);
      const times = {
        ...(options.since ? { since: isoFlag('--since', options.since) } : {}),
        ...(options.until ? { until: isoFlag('--until', options.until) } : {}),
      };
      const cli = await openCliStore(options, io, { mustExist: true, readOnly: true });
      try {
        // `latest` names the newest run, as for export and results; other ids are checked where they are read.
        const runIds = await Promise.all(options.run.map((r) => (r === 'latest' ? resolveRunId(cli.store, r) : r)));
        if (paired) {
          const [a, b] = runIds as [string, string];
          const { report, modes } = await compareStoredRuns(cli.store, a, b, {
            seed,
            ...(options.mixModes ? { mixModes: true } : {}),
          });
          // Two runs with a judge on either side (a rescore): each judge's parts, and what each predicts.
          const judges = await compareStoredJudges(cli.store, a, b, { seed });
          io.stdout(
            format === 'json'
              ? `${JSON.stringify({ ...report, modes, judges }, null, 2)}\n`
              : `${renderPairedComparison(report, format)}${modeNote(modes)}${judges ? renderJudgeComparison(judges, format) : ''}`,
          );
          const overall = report.differences.find((d) => d.category === 'overall');
          if (failOnDrop !== null && overall && overall.diff < -failOnDrop && overall.ciHigh < 0) {
            io.stderr(
              `the overall mean dropped by ${(-overall.diff).toFixed(1)} (95% CI ${overall.ciLow} to ${overall.ciHigh}), more than --fail-on-drop ${failOnDrop}\n`,
            );
            setExitCode(EXIT.belowThreshold);
          }
          return;
        }
        const { report, modes, outcomes } = await compareStoredCohorts(cli.store, {
          by: options.by!,
          runIds,
          ...times,
          minN,
          seed,
          ...(options.mixModes ? { mixModes: true } : {}),
        });
        // What happened leads; the scores follow.
        io.stdout(
          format === 'json'
            ? `${JSON.stringify({ ...report, modes, outcomes }, null, 2)}\n`
            : `${outcomes ? renderFateComparison(outcomes, format, report) : ''}${renderCohortComparison(report, format, { outcomesShown: outcomes !== null })}${modeNote(modes)}`,
        );
      } finally {
        await cli.close();
      }
    });
}

/** The modes line under a table: the same words as the dashboard's. */
function modeNote(modes: CompareModes): string {
  const line = describeCompareModes(modes);
  return line ? `${line}\n` : '';
}

function isoFlag(flag: string, text: string): string {
  const ms = Date.parse(text);
  if (Number.isNaN(ms))
    throw new ConfigError('usage', `${flag} must be a date or ISO time such as 2026-11-01T00:00:00Z, got "${text}"`, {
      field: flag,
    });
  return new Date(ms).toISOString();
}
