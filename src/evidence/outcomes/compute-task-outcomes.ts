import { SourceError } from '../../core/index.js';
import {
  fixSubjectMatcher,
  runGit as defaultRunGit,
  type CommitIndex,
  type GitRunner,
  type RawCommit,
} from '../git/index.js';
import { isSzzBlamedPath } from './is-szz-blamed-path.js';
import { mapBounded } from './map-bounded.js';
import { parseBlamePorcelain } from './parse-blame-porcelain.js';
import { parseZeroContextDiff } from './parse-zero-context-diff.js';
import type { OutcomeTask, TaskOutcome } from './task-outcome.js';

export interface ComputeOutcomesOptions {
  index: CommitIndex;
  tasks: readonly OutcomeTask[];
  /** A fix counts against a task when made at most this long after the task's last commit. */
  windowMs: number;
  /** Blamed lines from which a task is bug-introducing. */
  minLines: number;
  /** git blame processes at once. */
  concurrency: number;
  runGit?: GitRunner;
  signal?: AbortSignal;
  /** Called after each fix commit is examined. */
  onProgress?: (done: number, total: number) => void;
  /** Which subjects are fix commits (default: DEFAULT_FIX_PATTERN). */
  isFix?: (subject: string) => boolean;
}

export interface OutcomesReport {
  rows: TaskOutcome[];
  /** Fix commits in the history (subject says fix, not a merge). */
  fixCommits: number;
  /** Fix commits that could blame a task within the window, and so were diffed and blamed. */
  examinedFixes: number;
  /** Diffs or blames git could not read (missing objects, a path the parent lacks); skipped, not fatal. */
  unreadable: number;
  warnings: string[];
}

const HOUR_MS = 3_600_000;

/**
 * Hindsight labels per task from git alone: reverts and follow-up fixes (from the index), and SZZ: every
 * later fix commit's deleted or changed lines (code and config only), blamed in the fix's parent, each
 * blamed commit mapped to the task that owns it, never to the fix's own task. docs/outcomes.md.
 */
export async function computeTaskOutcomes(options: ComputeOutcomesOptions): Promise<OutcomesReport> {
  const { index, tasks, windowMs } = options;
  const run = options.runGit ?? defaultRunGit;
  const base = options.signal ? { cwd: index.repo, signal: options.signal } : { cwd: index.repo };
  const owners = ownersBySha(tasks);
  const spans = taskSpans(tasks, index);
  const bounds = blameBounds(spans, windowMs);
  const isFix = options.isFix ?? fixSubjectMatcher();
  const fixes = oncePerChange(index.allCommits().filter((c) => c.parents.length === 1 && isFix(c.subject)));
  const work = fixes
    .map((fix) => ({ fix, since: bounds(fix.authorTime * 1000) }))
    .filter((w): w is { fix: RawCommit; since: number } => w.since !== null);

  const blamed = new Map<string, { lines: number; fixes: Set<string> }>();
  let unreadable = 0;
  let done = 0;
  await mapBounded(work, options.concurrency, async ({ fix, since }) => {
    const result = await blameFix(run, base, fix, since);
    unreadable += result.unreadable;
    const fixOwners = new Set(owners.get(fix.sha) ?? []);
    const fixAt = fix.authorTime * 1000;
    for (const [sha, lines] of result.lines) {
      for (const taskId of owners.get(sha) ?? []) {
        const span = spans.get(taskId);
        if (fixOwners.has(taskId) || !span || fixAt > span.last + windowMs) continue;
        const entry = blamed.get(taskId) ?? { lines: 0, fixes: new Set<string>() };
        entry.lines += lines;
        entry.fixes.add(fix.sha);
        blamed.set(taskId, entry);
      }
    }
    done += 1;
    options.onProgress?.(done, work.length);
  });

  const warnings = [...index.warnings];
  if (await isShallow(run, base)) {
    warnings.push(
      `${index.repo} is a shallow clone: lines older than its boundary are blamed on no task, so bugIntroducing is undercounted (fetch the full history: git fetch --unshallow)`,
    );
  }
  if (unreadable > 0)
    warnings.push(`${unreadable} diff(s) or blame(s) could not be read (missing objects or paths) and were skipped`);
  const rows = tasks.map((task): TaskOutcome => {
    const entry = blamed.get(task.id);
    const blamedLines = entry?.lines ?? 0;
    return {
      taskId: task.id,
      completedAt: task.completedAt,
      reverted: task.reverted,
      revertShas: [...task.revertShas],
      followUps: [...task.followUps],
      fixCommits: entry ? [...entry.fixes].sort() : [],
      blamedLines,
      bugIntroducing: blamedLines >= options.minLines,
    };
  });
  return { rows, fixCommits: fixes.length, examinedFixes: work.length, unreadable, warnings };
}

/**
 * One fix per change: a fix cherry-picked or rebased onto another branch is a second commit with the same
 * author, author time and subject, and would blame the same lines twice. The first to land is kept.
 */
function oncePerChange(fixes: readonly RawCommit[]): RawCommit[] {
  const kept = new Map<string, RawCommit>();
  for (const fix of fixes) {
    const key = `${fix.authorEmail}\u0000${fix.authorTime}\u0000${fix.subject}`;
    const seen = kept.get(key);
    if (
      !seen ||
      fix.committerTime < seen.committerTime ||
      (fix.committerTime === seen.committerTime && fix.sha < seen.sha)
    )
      kept.set(key, fix);
  }
  return [...kept.values()];
}

function ownersBySha(tasks: readonly OutcomeTask[]): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const task of tasks) {
    for (const sha of task.shas) {
      const list = owners.get(sha);
      if (list) list.push(task.id);
      else owners.set(sha, [task.id]);
    }
  }
  return owners;
}

interface Span {
  first: number;
  last: number;
}

/** Author time of each task's first and last own commit, in ms; tasks without commits have none. */
function taskSpans(tasks: readonly OutcomeTask[], index: CommitIndex): Map<string, Span> {
  const spans = new Map<string, Span>();
  for (const task of tasks) {
    const times = task.shas.map((sha) => Date.parse(index.commit(sha)?.date ?? '')).filter((t) => !Number.isNaN(t));
    if (times.length > 0) spans.set(task.id, { first: Math.min(...times), last: Math.max(...times) });
  }
  return spans;
}

/**
 * For a fix made at time t: the earliest first commit of any task that the fix can still count against
 * (last commit at or after t - window), so blame can stop walking history there; null when none can.
 */
function blameBounds(spans: ReadonlyMap<string, Span>, windowMs: number): (t: number) => number | null {
  const byLast = [...spans.values()].sort((a, b) => a.last - b.last);
  const suffixMinFirst = new Array<number>(byLast.length + 1).fill(Number.POSITIVE_INFINITY);
  for (let i = byLast.length - 1; i >= 0; i -= 1)
    suffixMinFirst[i] = Math.min(suffixMinFirst[i + 1]!, byLast[i]!.first);
  return (t) => {
    let lo = 0;
    let hi = byLast.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (byLast[mid]!.last < t - windowMs) lo = mid + 1;
      else hi = mid;
    }
    const first = suffixMinFirst[lo]!;
    return first <= t ? first : null;
  };
}

async function blameFix(run: GitRunner, base: { cwd: string; signal?: AbortSignal }, fix: RawCommit, since: number) {
  const parent = fix.parents[0]!;
  const lines = new Map<string, number>();
  const diff = await run(
    [
      '-c',
      'core.quotePath=false',
      'diff',
      '-U0',
      '--no-color',
      '--no-ext-diff',
      '--no-textconv',
      '-M',
      parent,
      fix.sha,
    ],
    base,
  );
  if (diff.exitCode !== 0) return { lines, unreadable: 1 };
  let unreadable = 0;
  // An hour of slack: --since reads committer dates, spans are author dates.
  const sinceArg = `--since=${new Date(since - HOUR_MS).toISOString()}`;
  for (const file of parseZeroContextDiff(diff.stdout)) {
    if (!isSzzBlamedPath(file.path)) continue;
    const ranges = file.ranges.flatMap((r) => ['-L', `${r.start},+${r.count}`]);
    const blame = await run(['blame', '--porcelain', '-w', sinceArg, ...ranges, parent, '--', file.path], base);
    if (blame.exitCode !== 0) {
      unreadable += 1;
      continue;
    }
    for (const [sha, n] of parseBlamePorcelain(blame.stdout)) lines.set(sha, (lines.get(sha) ?? 0) + n);
  }
  return { lines, unreadable };
}

async function isShallow(run: GitRunner, base: { cwd: string; signal?: AbortSignal }): Promise<boolean> {
  const result = await run(['rev-parse', '--is-shallow-repository'], base);
  if (result.exitCode !== 0)
    throw new SourceError('source_unreadable', `git rev-parse failed in ${base.cwd}: ${result.stderr.trim()}`, {
      field: 'repo',
    });
  return result.stdout.trim() === 'true';
}
