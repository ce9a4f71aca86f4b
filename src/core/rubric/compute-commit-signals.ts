import type { CommitHistorySignals, CommitRecord } from '../commit-record.js';
import type { TaskSignals } from './task-signals.js';

/** The conventional-commit subject form the rubric accepts. */
export const CONVENTIONAL_SUBJECT = /^(feat|fix|docs|style|refactor|perf|test|build|ci|chore|revert)(\([^)]+\))?!?: .+/;

/** Git's own convention for a subject line: it fits `git log --oneline` and e-mail subjects. */
export const MAX_SUBJECT_LENGTH = 72;
/** Git's guideline for a commit summary line. */
export const SUMMARY_SUBJECT_LENGTH = 50;

const TASK_ID_TRAILERS: ReadonlySet<string> = new Set(['fusion-task-id', 'task-id']);

/** Lockfiles and checksums: config by path, but written by a package manager rather than by the change's author. */
const LOCKFILE =
  /(?:\.lock$)|(?:\.sum$)|(?:(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|pnpm-lock\.yaml|bun\.lockb)$)/i;

/** Commit facts; null commits means no repository, so everything is zero and `known` is false. */
export function computeCommitSignals(
  taskId: string,
  commits: readonly CommitRecord[] | null | undefined,
): TaskSignals['commits'] {
  const list = commits ?? [];
  const count = (pred: (c: CommitRecord) => boolean) => list.filter(pred).length;
  return {
    known: commits != null,
    count: list.length,
    withTaskTrailer: count((c) => hasTaskTrailer(c, taskId)),
    conventional: count(isConventional),
    longSubjects: count((c) => c.subject.length > MAX_SUBJECT_LENGTH),
    wideSubjects: count((c) => c.subject.length > SUMMARY_SUBJECT_LENGTH && c.subject.length <= MAX_SUBJECT_LENGTH),
    touchedTests: count((c) => c.touchesTests),
    touchedDocs: count((c) => c.touchesDocs),
    configOnly: count((c) => c.configOnly),
    codeChanging: count(isCodeChanging),
    ...lineSignals(list),
  };
}

/** The same change on several branches (a branch commit and its rebased copy) shares author date and subject. */
export function distinctCommits(commits: readonly CommitRecord[]): CommitRecord[] {
  const seen = new Set<string>();
  return commits.filter((c) => {
    const key = `${c.date}\u0000${c.subject}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function lineSignals(commits: readonly CommitRecord[]) {
  const distinct = distinctCommits(commits);
  let codeLinesAdded = 0;
  let codeLinesDeleted = 0;
  let testLinesAdded = 0;
  let configLinesAdded = 0;
  let linesUnknown = 0;
  const files = new Set<string>();
  const dirs = new Set<string>();
  for (const c of distinct) {
    // Line counts are null for binary files and for files whose objects are missing.
    if (c.files.some((f) => f.kind === 'code' && f.insertions === null)) linesUnknown += 1;
    for (const f of c.files) {
      if (f.kind === 'code') {
        codeLinesAdded += f.insertions ?? 0;
        codeLinesDeleted += f.deletions ?? 0;
        files.add(f.path);
        dirs.add(f.path.includes('/') ? f.path.slice(0, f.path.lastIndexOf('/')) : '.');
      } else if (f.kind === 'test') testLinesAdded += f.insertions ?? 0;
      else if (f.kind === 'config' && !LOCKFILE.test(f.path)) configLinesAdded += f.insertions ?? 0;
    }
  }
  return {
    distinct: distinct.length,
    distinctCode: distinct.filter(isCodeChanging).length,
    codeLinesAdded,
    codeLinesDeleted,
    testLinesAdded,
    configLinesAdded,
    codeFiles: files.size,
    codeDirs: dirs.size,
    linesUnknown,
  };
}

/**
 * A task-id trailer naming the task: `Fusion-Task-Id` or `Task-Id` (keys compare case-insensitively, as git
 * does), or any trailer key configured in `sources.trailerKeys`, which the commit index marks by
 * attributing the commit to its task by trailer; or a session trailer configured in
 * `sources.sessions.trailerKeys`, which ties the commit to the agent session that made it.
 */
export function hasTaskTrailer(commit: CommitRecord, taskId: string): boolean {
  if (commit.attribution === 'trailer' || commit.sessionTrailer === true) return true;
  const want = taskId.trim().toUpperCase();
  return Object.entries(commit.trailers).some(
    ([key, values]) =>
      TASK_ID_TRAILERS.has(key.trim().toLowerCase()) && values.some((v) => v.trim().toUpperCase() === want),
  );
}

export function isConventional(commit: CommitRecord): boolean {
  return CONVENTIONAL_SUBJECT.test(commit.subject);
}

/** A commit that changed at least one code file (its `touchesCode` flag); docs, tests or config alone do not count. */
export function isCodeChanging(commit: CommitRecord): boolean {
  return commit.touchesCode;
}

/** Milliseconds from the first to the last commit: from history when it has both ends, else from commit dates. */
export function firstToLastCommitMs(
  history: CommitHistorySignals | null | undefined,
  commits: readonly CommitRecord[] | null | undefined,
): number | null {
  const fromHistory = span([history?.firstCommitAt, history?.lastCommitAt]);
  if (fromHistory !== null) return fromHistory;
  return span((commits ?? []).map((c) => c.date));
}

function span(dates: readonly (string | null | undefined)[]): number | null {
  const times = dates.map((d) => Date.parse(d ?? '')).filter((t) => !Number.isNaN(t));
  if (times.length < 2) return null;
  return Math.max(0, Math.max(...times) - Math.min(...times));
}
