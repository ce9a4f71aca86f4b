import { Option, type Command } from 'commander';
import type { TaskResult } from '../../core/index.js';
import { EXIT } from '../exit-codes.js';
import type { CliIo } from '../cli-io.js';
import { addJudgeOptions, type JudgeOptionValues } from '../options/judge-options.js';
import {
  addConfigOption,
  addHindsightOption,
  addSourceOptions,
  type SourceOptionValues,
} from '../options/source-options.js';
import {
  formatJudgeTotals,
  renderScoreMarkdown,
  renderScoreTable,
  useColour,
  createPhaseProgress,
  type ScorecardResult,
} from '../render/index.js';
import { parseFailUnder } from './fail-under-option.js';
import { evaluateFromCli } from './cli-evaluation.js';
import { scoreDryRun } from './score-dry-run.js';

interface ScoreOptions extends SourceOptionValues, JudgeOptionValues {
  json?: boolean;
  dryRun?: boolean;
  format?: 'table' | 'json' | 'markdown';
  failUnder?: string;
}

const HELP_AFTER = `
With no judge configured every task is scored deterministic-only: each category's final score equals its
deterministic score (no AI score is invented), and the output says "deterministic only".

With --judge the results are hybrid: each final = round(0.7 × deterministic + 0.3 × AI), with the judge's
verified citations. Judge answers are cached in --db (default <project>/.taskeval/taskeval.db); see docs/judge.md.

Tasks come from --project (default: the current directory): a Fusion project, or any git repository
whose commits name task ids (Fusion-Task-Id:/Task-Id: trailers, feat(FN-12): subjects), or from --tasks.
Commits from the repository (the project, or --repo) are merged into each task. Only completed tasks
(done or archived) are taken from a project unless --column says otherwise; see docs/sources.md.

Examples:
  taskeval score --project .
  taskeval score --project ~/code/my-repo --since 2026-03-01 --json
  taskeval score --project . --column all --task FN-12 --task FN-13
  taskeval score --tasks tasks.jsonl --repo ~/code/my-repo --transcripts ~/.claude/projects/my-repo
  taskeval score --tasks tasks.jsonl
  taskeval score --tasks tasks.jsonl --judge openai-compatible --judge-base-url http://127.0.0.1:11434/v1 --judge-model llama3.1
  taskeval score --tasks tasks.jsonl --judge command --judge-command "claude -p" --json
  taskeval score --project . --dry-run --judge-context 8192   # prompt sizes, nothing sent
  taskeval prompt FN-12 --project .                          # one task's prompt, whole
  taskeval score --tasks tasks.json --json > results.json
  taskeval score --tasks tasks.jsonl --strict
  taskeval score --project . --since 2026-11-01 --format markdown --fail-under 60 >> "$GITHUB_STEP_SUMMARY"`;

/** `taskeval score`: scores task records and prints the scorecard (or JSON); nothing is stored. */
export function registerScoreCommand(program: Command, io: CliIo, setExitCode: (code: number) => void): void {
  const command = program
    .command('score')
    .description(
      'score the completed tasks of a project or task file (deterministic-only, or hybrid with --judge) and print the scorecard (no run is stored)',
    )
    .option('--json', 'print an array of results as JSON instead of the table (same as --format json)')
    .addOption(
      new Option(
        '--format <format>',
        'table, json, or markdown (a summary for a pull-request comment or $GITHUB_STEP_SUMMARY)',
      ).choices(['table', 'json', 'markdown']),
    )
    .option(
      '--fail-under <score>',
      'exit 1 when a scored task is under this overall score, listing them (exit 4 for unscored tasks wins)',
    )
    .option(
      '--dry-run',
      "build each task's judge prompt and print its estimated size against the model's context (--judge-context), what would be left out to fit, and whether it fits (exit 4 if not); nothing is sent or stored",
    );
  addJudgeOptions(addConfigOption(addHindsightOption(addSourceOptions(command))))
    .addHelpText('after', HELP_AFTER)
    .action(async (options: ScoreOptions) => {
      const format = options.json ? 'json' : (options.format ?? 'table');
      if (options.dryRun) return setExitCode(await scoreDryRun(options, io, format === 'json'));
      const failUnder = parseFailUnder(options.failUnder);
      // What the gate and the exit code need: the results under --fail-under and whether any failed; the scorecard keeps more.
      const below: GateEntry[] = [];
      let errored = false;
      const card: ScorecardResult[] = [];
      let footer = '';
      let open = false;
      // After git, scoring a long history takes minutes: say how far it is, on stderr.
      const progress = createPhaseProgress({ write: io.stderr, label: 'scoring' });
      try {
        const spent = await evaluateFromCli(
          'score',
          options,
          io,
          {
            onScored: (result, done) => {
              progress.update(done.done, done.total);
              const entry = gateEntry(result);
              if (failUnder !== undefined && entry.overallScore !== null && entry.overallScore < failUnder)
                below.push(entry);
              errored ||= entry.status === 'error';
              if (format !== 'json') return void card.push(withoutBundle(result));
              // Written as each task is scored: 50,000 results never sit in memory, or in one string, at once.
              io.stdout(`${open ? ',' : '['}\n${JSON.stringify(result, null, 2).replace(/^/gm, '  ')}`);
              open = true;
              return io.drained?.();
            },
          },
          async (result) => result.scoreTotals,
        );
        if (spent) footer = formatJudgeTotals(spent);
      } finally {
        // Closed even when interrupted, so stdout stays one JSON document of the results made.
        if (format === 'json') io.stdout(open ? '\n]\n' : '[]\n');
      }
      if (format !== 'json') io.stdout(renderCard(card));
      // The footer goes to stderr with --json so stdout stays one JSON document.
      if (footer) (format === 'json' ? io.stderr : io.stdout)(`${footer}\n`);
      if (below.length) {
        // On stderr for json and markdown, so stdout stays the document a CI step posts.
        const say = format === 'table' ? io.stdout : io.stderr;
        say(
          `${below.length} task${below.length === 1 ? '' : 's'} under --fail-under ${failUnder}:\n${below.map((r) => `  ${r.taskId}  ${r.overallScore}\n`).join('')}`,
        );
        setExitCode(EXIT.belowThreshold);
      }
      if (errored) setExitCode(EXIT.notEvaluated);

      function renderCard(results: readonly ScorecardResult[]): string {
        return format === 'markdown'
          ? renderScoreMarkdown(results, { failUnder })
          : renderScoreTable(results, { colour: useColour(io.isTTY, io.env) });
      }
    });
}

/** What the scorecard and the gate need of a result; the bundle is the bulk of it. */
function withoutBundle(result: TaskResult): ScorecardResult {
  const { evidenceBundle: _bundle, ...rest } = result as TaskResult & { evidenceBundle?: unknown };
  return rest as ScorecardResult;
}

interface GateEntry {
  taskId: string;
  status: TaskResult['status'];
  overallScore: number | null;
}

function gateEntry(result: TaskResult | ScorecardResult): GateEntry {
  return {
    taskId: result.taskId,
    status: result.status,
    overallScore: result.status === 'scored' ? result.overallScore : null,
  };
}
