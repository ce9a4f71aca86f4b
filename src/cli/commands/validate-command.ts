import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import {
  ConfigError,
  isTaskevalError,
  SourceError,
  TaskResultSchema,
  validateScores,
  validationItems,
  type LabelledTask,
  type TaskResult,
  type ValidationReport,
} from '../../core/index.js';
import { computeProjectOutcomes, loadConfig } from '../../runs/index.js';
import { readLabelFile, type LabelRow } from '../../sources/index.js';
import type { CliIo } from '../cli-io.js';
import {
  addConfigOption,
  addSourceOptions,
  loadSourceTasks,
  type SourceOptionValues,
} from '../options/source-options.js';
import { addStoreOption, openCliStore } from '../options/store-options.js';
import { renderValidation } from '../render/index.js';
import { outcomesProgress, parseWindow } from './outcomes-command.js';
import { parseCount } from '../../runs/index.js';
import { resolveRunId } from './resolve-run-id.js';

interface ValidateOptions extends SourceOptionValues {
  results?: string;
  run?: string;
  db?: string;
  labels?: string;
  label?: string;
  bad?: string;
  outcomes?: boolean;
  window: string;
  minLines: string;
  size: string;
  allowHindsight?: boolean;
  iterations: string;
  seed: string;
  json?: boolean;
  /** false with --no-save. */
  save: boolean;
}

const HELP_AFTER = `
Scores come from --results FILE (what \`taskeval score --json\` printed) or from a stored run (--run ID).
Labels come from a file (--labels FILE --label COLUMN --bad VALUE; CSV with a header or JSONL, the task id
in a taskId, task_id or id column) or from git (--outcomes: the SZZ bug-introducing label of
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
  taskeval validate --results scores.json --labels resolved.jsonl --label resolved --bad false`;

/** `taskeval validate`: how well the scores predict a label (AUC per category and rule). */
export function registerValidateCommand(program: Command, io: CliIo): void {
  const command = program
    .command('validate')
    .description(
      'how well the scores predict a label: AUC (or Spearman) per category, overall and rubric rule, with bootstrap intervals',
    )
    .option('--results <file>', 'scores: the JSON array `taskeval score --json` printed')
    .option('--run <runId>', 'scores: the results of a stored run, or latest for the newest (see --db)')
    .option('--labels <file>', 'labels: a CSV (with header) or JSONL file with a taskId, task_id or id column')
    .option('--label <column>', 'the labels file column to predict')
    .option('--bad <value>', 'the value of --label that marks a bad task (omit for a numeric rating, higher is better)')
    .option('--outcomes', 'labels: SZZ bug-introducing from git over the project (see taskeval outcomes)')
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
      const iterations = parseCount('--iterations', options.iterations, 0, 100_000);
      const seed = parseCount('--seed', options.seed, 0, 2 ** 32 - 1);
      checkChoices(options);
      const { results, runId } = await readResults(options, io);
      if (options.outcomes && !options.allowHindsight) refuseHindsight(results);
      const { labels, name } = options.outcomes ? await outcomeLabels(options, io) : await fileLabels(options, io);
      const paired = validationItems(results, labels);
      if (paired.items.length === 0) {
        throw new SourceError(
          'source_invalid',
          `no scored result has a label: ${results.length} result(s), ${labels.size} label(s), no task id in common`,
          {
            field: 'labels',
            hint: 'check that the labels file names the same task ids as the results',
          },
        );
      }
      const report = validateScores(paired.items, { label: name, iterations, seed });
      const notes: string[] = [];
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

function checkChoices(options: ValidateOptions): void {
  if ((options.results === undefined) === (options.run === undefined)) {
    throw new ConfigError('usage', 'name the scores with exactly one of --results FILE or --run ID', {
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
  if (options.labels !== undefined && !options.label)
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

async function readResults(
  options: ValidateOptions,
  io: CliIo,
): Promise<{ results: TaskResult[]; runId: string | null }> {
  if (options.run !== undefined) {
    const cli = await openCliStore(options, io, { mustExist: true, readOnly: true });
    try {
      const runId = await resolveRunId(cli.store, options.run);
      const results: TaskResult[] = [];
      for (let offset = 0; ; offset += 200) {
        const page = await cli.store.listResults({
          runId,
          full: true,
          sort: 'taskId',
          order: 'asc',
          limit: 200,
          offset,
        });
        results.push(...page.items);
        if (offset + 200 >= page.count) return { results, runId };
      }
    } finally {
      await cli.close();
    }
  }
  const path = options.results!;
  let value: unknown;
  try {
    value = JSON.parse(await readFile(resolve(io.cwd, path), 'utf8'));
  } catch (error) {
    throw new SourceError('source_unreadable', `${path}: cannot read the results: ${(error as Error).message}`, {
      field: 'results',
      hint: 'pass the file `taskeval score --json` wrote',
    });
  }
  const list = Array.isArray(value) ? value : [value];
  const results = list.map((item, i) => {
    const parsed = TaskResultSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new SourceError('source_invalid', `${path}[${i}]: ${issue.path.join('.') || 'result'}: ${issue.message}`, {
        field: 'results',
        hint: 'pass the file `taskeval score --json` wrote',
      });
    }
    return parsed.data;
  });
  return { results, runId: null };
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

async function outcomeLabels(
  options: ValidateOptions,
  io: CliIo,
): Promise<{ labels: Map<string, LabelledTask>; name: string }> {
  const windowMs = parseWindow(options.window);
  const minLines = parseCount('--min-lines', options.minLines, 1);
  const { config, path: configPath } = await loadConfig(io.cwd, options.config);
  const { set } = await loadSourceTasks(
    { ...options, column: options.column ?? 'all' },
    io,
    config.sources,
    configPath ? dirname(configPath) : undefined,
  );
  const cli = await openCliStore(options, io);
  try {
    const outcomes = await computeProjectOutcomes({
      set,
      windowMs,
      minLines,
      concurrency: 4,
      cache: cli.store.repositoryCache,
      now: new Date().toISOString(),
      onProgress: outcomesProgress(io),
      ...(config.outcomes?.fixPattern ? { fixPattern: config.outcomes.fixPattern } : {}),
      ...(io.signal ? { signal: io.signal } : {}),
    });
    for (const warning of outcomes.warnings) io.stderr(`warning: ${warning}\n`);
    const labels = new Map(outcomes.rows.map((r) => [r.taskId, { label: r.bugIntroducing }]));
    return { labels, name: `bugIntroducing (SZZ, ${options.window}, ≥${minLines} line${minLines === 1 ? '' : 's'})` };
  } finally {
    await cli.close();
  }
}

async function fileLabels(
  options: ValidateOptions,
  io: CliIo,
): Promise<{ labels: Map<string, LabelledTask>; name: string }> {
  const rows = await readLabelFile(options.labels!, io.cwd);
  const column = options.label!;
  const labels = new Map<string, LabelledTask>();
  for (const row of rows) {
    const value = row.fields[column];
    if (value === undefined || value === null || value === '') {
      if (!(column in row.fields)) throw badLabel(options.labels!, row, `no column "${column}"`);
      continue;
    }
    const label =
      options.bad !== undefined ? String(value) === options.bad : rating(value, options.labels!, row, column);
    const size = options.size === 'auto' ? undefined : sizeOf(row, options.size, options.labels!);
    labels.set(row.taskId, { label, ...(size !== undefined ? { size } : {}) });
  }
  return { labels, name: options.bad !== undefined ? `${column} = ${options.bad} is bad` : `${column} (rating)` };
}

function rating(value: unknown, path: string, row: LabelRow, column: string): number {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n))
    throw badLabel(
      path,
      row,
      `${column} is ${JSON.stringify(value)}: give --bad VALUE for a yes/no label, or use a numeric rating`,
    );
  return n;
}

function sizeOf(row: LabelRow, field: string, path: string): number | null {
  const value = row.fields[field];
  if (value === undefined) throw badLabel(path, row, `no column "${field}" for --size`);
  if (value === null || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n))
    throw badLabel(path, row, `--size column ${field} is ${JSON.stringify(value)}, not a number`);
  return n;
}

function badLabel(path: string, row: LabelRow, message: string): SourceError {
  return new SourceError('source_invalid', `${path}:${row.line} (task ${row.taskId}): ${message}`, { field: 'labels' });
}
