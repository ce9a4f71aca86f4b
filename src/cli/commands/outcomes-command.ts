import { dirname } from 'node:path';
import { Option, type Command } from 'commander';
import { ConfigError } from '../../core/index.js';
import {
  computeProjectOutcomes,
  fatesOfOutcomes,
  loadConfig,
  pullOutcome,
  type ProjectOutcomes,
  type PullOutcome,
} from '../../runs/index.js';
import type { TaskSet } from '../../sources/index.js';
import { parseAge } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import {
  addConfigOption,
  addSourceOptions,
  loadSourceTasks,
  type SourceOptionValues,
} from '../options/source-options.js';
import { addStoreOption, openCliStore } from '../options/store-options.js';
import { OUTCOME_FORMATS, renderOutcomes, renderPullOutcomes, type OutcomeFormat } from '../render/index.js';
import { parseCount } from '../../runs/index.js';

interface OutcomesOptions extends SourceOptionValues {
  window: string;
  minLines: string;
  concurrency: string;
  format: OutcomeFormat;
  json?: boolean;
  db?: string;
  cache: boolean;
}

const HELP_AFTER = `
One row per task: reverted (a revert names the task or reverts one of its commits), follow-ups (later fix
commits naming the task), and SZZ: the lines that later fix commits (subject starting fix/hotfix, not
merges) deleted or changed, blamed in each fix's parent; tests, docs, JSON, snapshots, lockfiles and
changesets are not blamed. A task is bug-introducing when fixes made within --window of its last commit
blame at least --min-lines of its lines. The method and its known noise: docs/outcomes.md.

Pull requests (--source pulls, --pulls FILE, --github OWNER/NAME): one row per pull request with its state
(merged, closed unmerged or open; git alone says merged or not merged), its fate (merged then reverted,
merged then fixed: SZZ on the merged change, including a squash or rebased commit), hours from ready for
review to merge, review rounds and iterations (pushes after the first review, from GitHub's timeline). CSV
and JSON rows carry the project, so the files of several repositories concatenate into one labels file.

Each task's fate is kept in the store (--db), keyed by project and task, for \`taskeval compare\`, which shows
it beside the scores of any run, made with or without hindsight. A later fix still inside its window is kept as
not yet known. Results are also cached by the repository's ref tips, the tasks and the settings, so a second
call on an unchanged history answers at once (--no-cache computes again). Progress goes to stderr.

Examples:
  taskeval outcomes --project .
  taskeval outcomes --project . --window 14d --min-lines 3 --format csv > outcomes.csv
  taskeval outcomes --tasks tasks.jsonl --repo ~/code/my-repo --json
  taskeval outcomes --source pulls --project ~/code/my-repo --format csv > pull-outcomes.csv`;

/** `taskeval outcomes`: what happened after each task, from git alone (reverts, follow-up fixes, SZZ). */
export function registerOutcomesCommand(program: Command, io: CliIo): void {
  const command = program
    .command('outcomes')
    .description('what happened after each task, from git: reverts, follow-up fixes and SZZ bug-introducing labels')
    .option(
      '--window <age>',
      "count fixes made at most this long after the task's last commit (e.g. 7d, 48h, 2w)",
      '7d',
    )
    .addOption(new Option('--min-lines <n>', 'blamed lines from which a task is bug-introducing').default('1', '1'))
    .addOption(new Option('--concurrency <n>', 'git processes at once').default('4', '4'))
    .addOption(new Option('--format <format>', 'output format').choices([...OUTCOME_FORMATS]).default('table'))
    .option('--json', 'same as --format json')
    .option('--no-cache', 'compute again even when the store holds outcomes for this history');
  addStoreOption(addConfigOption(addSourceOptions(command)))
    .addHelpText('after', HELP_AFTER)
    .action(async (options: OutcomesOptions) => {
      const windowMs = parseWindow(options.window);
      const minLines = parseCount('--min-lines', options.minLines, 1);
      const concurrency = parseCount('--concurrency', options.concurrency, 1, 64);
      const { config, path: configPath } = await loadConfig(io.cwd, options.config);
      const { set } = await loadSourceTasks(options, io, config.sources, configPath ? dirname(configPath) : undefined);
      // The store keeps the fates for compare, and (unless --no-cache) the outcomes for the next call.
      const cli = await openCliStore(options, io);
      try {
        // Pull requests from an export or the API without a clone have a state but no git outcome.
        const gitOutcomes = set.commitIndex !== null || set.source !== 'pulls';
        const outcomes = gitOutcomes
          ? await computeProjectOutcomes({
              set,
              windowMs,
              minLines,
              concurrency,
              cache: options.cache ? cli.store.repositoryCache : null,
              now: new Date().toISOString(),
              onProgress: outcomesProgress(io),
              ...(config.outcomes?.fixPattern ? { fixPattern: config.outcomes.fixPattern } : {}),
              ...(io.signal ? { signal: io.signal } : {}),
            })
          : null;
        const format = options.json ? 'json' : options.format;
        for (const warning of outcomes?.warnings ?? []) io.stderr(`warning: ${warning}\n`);
        const pulls = set.source === 'pulls' ? pullOutcomesOf(set, outcomes) : null;
        if (pulls) {
          io.stdout(renderPullOutcomes(pulls, format));
          io.stderr(`${pullSummary(pulls, options.window, outcomes)}\n`);
        } else {
          io.stdout(renderOutcomes(outcomes!.rows, format));
          io.stderr(`${summary(outcomes!, options.window)}\n`);
        }
        const fates = fatesOfOutcomes({
          set,
          outcomes,
          pulls,
          pullSource: options.github ? 'github' : options.pulls ? 'export' : 'git',
          now: new Date().toISOString(),
        });
        const kept = await cli.store.saveTaskFates(fates);
        io.stderr(
          `kept ${kept} fate(s) of project ${set.projectId} in the store: \`taskeval compare\` shows them beside the scores\n`,
        );
      } finally {
        await cli.close();
      }
    });
}

/** Reads --window as an age (7d, 48h, 2w); anything else is a usage error naming the flag. */
export function parseWindow(text: string): number {
  try {
    return parseAge(text, '--window');
  } catch {
    throw new ConfigError('usage', `--window must be an age such as 7d, 48h or 2w, got "${text}"`, {
      field: '--window',
    });
  }
}

/** A line on stderr about every 5% of the fix commits, so a long history is never silent. */
export function outcomesProgress(io: CliIo): (done: number, total: number) => void {
  let shown = -1;
  return (done, total) => {
    const step = Math.floor((done / total) * 20);
    if (step === shown && done !== total) return;
    shown = step;
    io.stderr(`outcomes: ${done}/${total} fix commits diffed and blamed\n`);
  };
}

/** Each pull request's fate, with its merged change's git outcome when a repository was read. */
export function pullOutcomesOf(set: TaskSet, outcomes: ProjectOutcomes | null): PullOutcome[] {
  const byId = new Map((outcomes?.rows ?? []).map((r) => [r.taskId, r]));
  return set.items.map((item) => pullOutcome(set.projectId, item.task, byId.get(item.task.id) ?? null));
}

function pullSummary(rows: readonly PullOutcome[], window: string, outcomes: ProjectOutcomes | null): string {
  const count = (f: (r: PullOutcome) => boolean) => rows.filter(f).length;
  const merged = count((r) => r.state === 'merged');
  const git = outcomes
    ? `${count((r) => r.reverted === true)} then reverted, ${count((r) => r.fixed === true)} then fixed within ${window}`
    : 'no repository read, so reverts and fixes are unknown';
  const unmerged = count((r) => r.state === 'not merged');
  return `${rows.length} pull request(s): ${merged} merged (${git}), ${count((r) => r.state === 'closed unmerged')} closed unmerged, ${count((r) => r.state === 'open')} open${unmerged ? `, ${unmerged} not merged (git cannot tell open from closed)` : ''}`;
}

function summary(o: ProjectOutcomes, window: string): string {
  const bug = o.rows.filter((r) => r.bugIntroducing).length;
  const reverted = o.rows.filter((r) => r.reverted).length;
  const source = o.cached ? " (from the store's cache)" : '';
  return `${o.rows.length} task(s): ${bug} bug-introducing within ${window}, ${reverted} reverted; ${o.examinedFixes} of ${o.fixCommits} fix commit(s) examined${source}`;
}
