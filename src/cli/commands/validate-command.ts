import { Option, type Command } from 'commander';
import {
  ConfigError,
  createValidationPairer,
  isTaskevalError,
  RATING_SCALES,
  SourceError,
  projectTaskKey,
  validateScores,
  validationItems,
  type LabelledTask,
  type TaskResult,
  type ValidationReport,
} from '../../core/index.js';
import type { CliIo } from '../cli-io.js';
import { addConfigOption, addSourceOptions } from '../options/source-options.js';
import { addStoreOption, openCliStore } from '../options/store-options.js';
import { renderValidation } from '../render/index.js';
import { readValidatedResults } from './read-validated-results.js';
import type { ValidateOptions } from './validate-options.js';
import { fileLabels, OUTCOME_LABELS, outcomeLabels, type OutcomeLabel } from './validation-labels.js';
import { storeLabels } from './store-labels.js';
import { createHeapPacer, keepYoungGenerationSmall, parseCount } from '../../runs/index.js';

const HELP_AFTER = `
Scores come from --results FILE (what \`taskeval score --json\` printed) or from a stored run (--run ID).
Labels come from a file (--labels FILE --label COLUMN --bad VALUE; CSV with a header or JSONL, the task id
in a taskId, task_id or id column), from people's ratings kept by \`taskeval label\` (--labels store: the
mean overall rating per task is the label, and the report adds how far the rubric's part, the judge's part
and the final score agree with people, as Cohen's kappa (good-bad) or quadratic weighted kappa (1-5) per
prompt and rubric version, and people with each other, as Krippendorff's alpha, each with a bootstrap
interval over tasks; a score meets a 1-5 rating as its band, failing 1 … excellent 5, and a good-bad one as
good from acceptable up), or from git (--outcomes: the SZZ bug-introducing label of
\`taskeval outcomes\`, over the project's tasks, with --window and --min-lines).

Per category and overall: AUC, the probability that a bad task scores lower than a good one (ties half;
0.5 is chance), with a seeded bootstrap 95% interval, the same AUC counting only pairs of tasks of
similar size (size deciles; size = code lines the task's commits added, or --size FIELD of the labels
file), how many distinct values the score takes and the share of its most common value; then each rubric
rule: how often it moved a score and the AUC of its points. A numeric label given without --bad is a
rating (higher is better) and gets Spearman's rho instead of AUC. Same input, same figures.

Scores made with hindsight (reverts and later fixes in the evidence) are refused against --outcomes,
which rests on the same later commits: score with --no-hindsight, or pass --allow-hindsight.

Examples:
  taskeval score --project . --no-hindsight --json > scores.json
  taskeval validate --results scores.json --outcomes --project .
  taskeval validate --run run_... --labels ratings.csv --label rating --json
  taskeval validate --run latest --labels store
  taskeval validate --results scores.json --labels resolved.jsonl --label resolved --bad false`;

/** `taskeval validate`: how well the scores predict a label (AUC per category and rule). */
export function registerValidateCommand(program: Command, io: CliIo): void {
  const command = program
    .command('validate')
    .description(
      'how well the scores predict a label: AUC (or Spearman) per category, overall and rubric rule, with bootstrap intervals',
    )
    .option(
      '--results <file>',
      'scores: the JSON array `taskeval score --json` printed (repeatable: one file per project, named by its path)',
      collect,
    )
    .option(
      '--run <runId>',
      'scores: the results of a stored run, or latest for the newest (repeatable: one run per project; see --db)',
      collect,
    )
    .option(
      '--labels <file>',
      'labels: a CSV (with header) or JSONL file with a taskId, task_id or id column (and a project column when the scores come from several projects), or store for the ratings `taskeval label` kept',
    )
    .option('--rater <name>', "with --labels store: only this rater's ratings (default: every rater's)")
    .addOption(
      new Option(
        '--scale <scale>',
        'with --labels store: the ratings on this scale (default: the most common)',
      ).choices([...RATING_SCALES]),
    )
    .option(
      '--label <name>',
      `the labels file column to predict; with --outcomes: ${OUTCOME_LABELS.join(', ')} (default bug-introducing)`,
    )
    .option('--bad <value>', 'the value of --label that marks a bad task (omit for a numeric rating, higher is better)')
    .option(
      '--outcomes',
      'labels from what happened, over the project (see taskeval outcomes): SZZ bug-introducing, or with --label a pull request closed unmerged, reverted or fixed',
    )
    .option('--window <age>', 'with --outcomes: fixes counted up to this long after a task', '7d')
    .addOption(
      new Option('--min-lines <n>', 'with --outcomes: blamed lines from which a task is bug-introducing').default(
        '1',
        '1',
      ),
    )
    .option(
      '--size <field>',
      'task size for the within-size figures: auto (code lines added, from the results) or a labels file column',
      'auto',
    )
    .option('--allow-hindsight', 'compare hindsight scores with --outcomes labels anyway')
    .addOption(new Option('--iterations <n>', 'bootstrap resamples').default('1000', '1000'))
    .addOption(new Option('--seed <n>', 'bootstrap seed').default('1', '1'))
    .option(
      '--no-save',
      "with --run: do not keep the report with the run (kept reports show on the dashboard's Validity page)",
    )
    .option('--json', 'print the report as JSON');
  addStoreOption(addConfigOption(addSourceOptions(command)))
    .addHelpText('after', HELP_AFTER)
    .action(async (options: ValidateOptions) => {
      // Before the labels are read: once the young generation has grown, it stays that size.
      keepYoungGenerationSmall();
      const iterations = parseCount('--iterations', options.iterations, 0, 100_000);
      const seed = parseCount('--seed', options.seed, 0, 2 ** 32 - 1);
      checkChoices(options);
      const fromStore = options.labels === 'store';
      const fromFile = !options.outcomes && !fromStore;
      // A labels file is read first, and each result paired as it is read: 200,000 results are never all held.
      const streamed = fromFile ? await pairStreamed(options, io) : null;
      const { results, projects, projectIds, runId, count } = streamed ?? (await readValidatedResults(options, io));
      if (options.outcomes && !options.allowHindsight) refuseHindsight(results);
      const read = { results, projects, projectIds };
      const {
        labels,
        name,
        agreement,
        notes: labelNotes,
      } = streamed
        ? { labels: streamed.labels, name: streamed.name, agreement: null, notes: [] }
        : options.outcomes
          ? { ...(await outcomeLabels(options, io)), agreement: null, notes: [] }
          : await storeLabels(options, io, read);
      if (!streamed) refuseAmbiguousIds(results, projects, labels);
      const paired = streamed?.paired ?? validationItems(results, labels, projects);
      if (paired.items.length === 0) {
        throw new SourceError(
          'source_invalid',
          `no scored result has a label: ${count} result(s), ${labels.size} label(s), no task id in common`,
          {
            field: 'labels',
            hint: 'check that the labels file names the same task ids as the results',
          },
        );
      }
      // Each score's figures leave arrays the size of the items behind: collected between them.
      const between = createHeapPacer();
      const report = { ...validateScores(paired.items, { label: name, iterations, seed, between }), agreement };
      const notes: string[] = [...labelNotes];
      if (paired.unlabelled) notes.push(`${paired.unlabelled} scored result(s) have no label and were left out`);
      if (paired.unscored) notes.push(`${paired.unscored} label(s) have no scored result and were left out`);
      if (report.sized === 0)
        notes.push(
          'no task has a known size, so the within-size figures are empty (score with rubric-3, or pass --size FIELD)',
        );
      io.stdout(options.json ? `${JSON.stringify(report, null, 2)}\n` : renderValidation(report, notes));
      if (runId !== null && options.save) await keepValidation(options, io, runId, { label: name, report, notes });
      if (options.json) for (const note of notes) io.stderr(`note: ${note}\n`);
    });
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

function checkChoices(options: ValidateOptions): void {
  if ((options.results === undefined) === (options.run === undefined)) {
    throw new ConfigError('usage', 'name the scores with --results FILE or --run ID (either may repeat), not both', {
      field: '--results',
    });
  }
  if (Boolean(options.outcomes) === (options.labels !== undefined)) {
    throw new ConfigError(
      'usage',
      'name the labels with exactly one of --labels FILE (with --label COLUMN) or --outcomes',
      { field: '--labels' },
    );
  }
  if (options.outcomes && (options.run?.length ?? 0) + (options.results?.length ?? 0) > 1) {
    throw new ConfigError('usage', '--outcomes labels one project, and the scores name several', {
      field: '--outcomes',
      hint: "write each project's labels with `taskeval outcomes --format csv` (it adds a project column), join them, and pass --labels FILE",
    });
  }
  if (options.outcomes && options.label !== undefined && !OUTCOME_LABELS.includes(options.label as OutcomeLabel)) {
    throw new ConfigError('usage', `--outcomes --label takes ${OUTCOME_LABELS.join(', ')}, got "${options.label}"`, {
      field: '--label',
    });
  }
  if ((options.rater !== undefined || options.scale !== undefined) && options.labels !== 'store')
    throw new ConfigError('usage', '--rater and --scale choose among the ratings of --labels store', {
      field: options.rater !== undefined ? '--rater' : '--scale',
    });
  if (options.labels !== undefined && options.labels !== 'store' && !options.label)
    throw new ConfigError('usage', '--labels needs --label COLUMN, the column to predict', { field: '--label' });
}

/** Keeps the report with the run it validated, so the dashboard's Validity page can show it. */
async function keepValidation(
  options: ValidateOptions,
  io: CliIo,
  runId: string,
  input: { label: string; report: ValidationReport; notes: string[] },
): Promise<void> {
  try {
    const cli = await openCliStore(options, io, { mustExist: true });
    try {
      await cli.store.saveValidation(runId, { ...input, now: new Date().toISOString() });
    } finally {
      await cli.close();
    }
  } catch (error) {
    // The report is printed already; a store that cannot take it (read-only media) costs only the dashboard's copy.
    if (!isTaskevalError(error) || error.code === 'usage') throw error;
    io.stderr(`note: the report was not kept with run ${runId}: ${error.message} (--no-save skips keeping it)\n`);
    return;
  }
  io.stderr(`kept with run ${runId} (taskeval serve: Validity; --no-save to skip)\n`);
}

/** The labels file, then every result paired with its label as it is read. */
async function pairStreamed(options: ValidateOptions, io: CliIo) {
  const { labels, name } = await fileLabels(options, io);
  const pairer = createValidationPairer(labels);
  const ambiguous = ambiguityGuard(labels);
  const read = await readValidatedResults(options, io, (result, project) => {
    ambiguous(result.taskId, project);
    pairer.add(result, project);
  });
  return { ...read, labels, name, paired: pairer.report() };
}

/** Task ids repeat across projects (PR-12 in two repositories): their labels must then name the project. */
function refuseAmbiguousIds(
  results: readonly TaskResult[],
  projects: readonly (string | null)[],
  labels: ReadonlyMap<string, LabelledTask>,
): void {
  const check = ambiguityGuard(labels);
  for (const [k, r] of results.entries()) check(r.taskId, projects[k] ?? null);
}

/** Checks results one at a time for a task id in two projects whose label names no project. */
function ambiguityGuard(labels: ReadonlyMap<string, LabelledTask>): (taskId: string, project: string | null) => void {
  const seen = new Map<string, string | null>();
  return (taskId, project) => {
    // Only a label found by the bare id could be the wrong project's.
    if (project === null || labels.has(projectTaskKey(project, taskId)) || !labels.has(taskId)) return;
    if (seen.has(taskId) && seen.get(taskId) !== project)
      throw new ConfigError(
        'usage',
        `task ${taskId} is in two projects (${seen.get(taskId)} and ${project}), and its label names no project`,
        {
          field: '--labels',
          hint: 'give the labels file a project column (taskeval outcomes --format csv writes one)',
        },
      );
    seen.set(taskId, project);
  };
}

/** Results whose rubric read later history cannot be checked against labels made from that history. */
function refuseHindsight(results: readonly TaskResult[]): void {
  const hindsight = results.filter((r) => r.status === 'scored' && r.signals.hindsight !== false).length;
  if (hindsight === 0) return;
  throw new ConfigError(
    'usage',
    `${hindsight} result(s) were scored with hindsight (reverts and later fixes), which --outcomes labels rest on too`,
    {
      field: '--outcomes',
      hint: 'score with --no-hindsight for an honest figure, or pass --allow-hindsight to compare anyway',
    },
  );
}
