import {
  MAX_COMMIT_SUBJECT_LENGTH,
  truncateExcerpt,
  type CommitHistorySignals,
  type CommitRecord,
} from '../../core/index.js';
import type { CommitIndexData } from './commit-index-data.js';
import type { CommitIndex, CommitTaskRef } from './commit-index.js';
import { PRIOR_FIX_DAYS, PriorActivityIndex } from './prior-activity-index.js';
import { resolveShaPrefix } from './resolve-sha-prefix.js';
import { classifyPath } from './classify-path.js';
import { summarizeFiles } from './summarize-files.js';
import { walkTaskRange } from './walk-task-range.js';

type Attribution = NonNullable<CommitRecord['attribution']>;

const iso = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString();

/** Answers CommitIndex queries from the tables built in the log pass; pure and synchronous. */
export function createCommitIndex(data: CommitIndexData): CommitIndex {
  const { table } = data;
  let prior: PriorActivityIndex | undefined;

  const resolve = (sha: string | null | undefined): number | undefined => {
    if (!sha) return undefined;
    const s = sha.trim().toLowerCase();
    const exact = table.position(s);
    if (exact !== undefined) return exact;
    const full = resolveShaPrefix(table.sortedShas(), s);
    return full === undefined ? undefined : table.position(full);
  };

  // Commits of one second are ordered as the history orders them (a parent before its child), then by sha.
  const byDate = (a: number, b: number): number => {
    const sa = table.sha(a);
    const sb = table.sha(b);
    return (
      table.authorTime(a) - table.authorTime(b) ||
      (data.generations[a] ?? 0) - (data.generations[b] ?? 0) ||
      (sa < sb ? -1 : sa > sb ? 1 : 0)
    );
  };

  const toRecord = (i: number, attribution?: Attribution): CommitRecord => {
    const c = table.commit(i);
    const trailers: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(table.attribution(i).trailers)) trailers[k] = [...v];
    // A shallow boundary's numstat is against nothing: every file reads as added. Its counts are unknown.
    const cut = data.shallow?.boundary.has(i) ?? false;
    const files = c.files.map((f) => ({
      ...f,
      ...(cut ? { insertions: null, deletions: null } : {}),
      kind: classifyPath(f.path),
    }));
    return {
      sha: c.sha,
      parents: [...c.parents],
      author: c.author,
      authorEmail: c.authorEmail,
      ...(c.committer ? { committer: c.committer, committerEmail: c.committerEmail } : {}),
      date: iso(c.authorTime),
      subject: truncateExcerpt(c.subject, MAX_COMMIT_SUBJECT_LENGTH).excerpt,
      body: c.body,
      trailers,
      files,
      ...summarizeFiles(files),
      ...(attribution ? { attribution } : {}),
    };
  };

  const ownPositions = (task: CommitTaskRef): Map<number, Attribution> => {
    const own = new Map<number, Attribution>();
    for (const i of data.owned.get(task.id) ?? []) own.set(i, table.attribution(i).ownerKind);
    const base = resolve(task.baseCommitSha);
    const merge = resolve(task.mergeCommitSha);
    if (base !== undefined) {
      const branchTip = merge === undefined && task.branch ? resolve(data.refs.get(task.branch)) : undefined;
      const tip = merge ?? branchTip;
      if (tip !== undefined) {
        for (const i of walkTaskRange(data, task.id, base, tip, merge !== undefined)) {
          if (!own.has(i)) own.set(i, 'range');
        }
      }
    }
    if (merge !== undefined) {
      // A fix naming the task that landed after its merge is a later fix, not the task's work.
      const mergedAt = table.committerTime(merge);
      for (const [i, kind] of own) {
        if (kind !== 'range' && i !== merge && table.attribution(i).isFix && table.committerTime(i) > mergedAt)
          own.delete(i);
      }
    }
    for (const i of [...own.keys()]) {
      for (const r of data.revertsOf.get(i) ?? []) own.delete(r);
    }
    return own;
  };

  let mergesOf: Map<number, number[]> | undefined;
  const mergesInto = (i: number): readonly number[] => {
    if (!mergesOf) {
      mergesOf = new Map();
      data.parents.forEach((parents, m) => {
        for (let k = 1; k < parents.length; k += 1) {
          const p = parents[k]!;
          if (p < 0) continue;
          const list = mergesOf!.get(p);
          if (list) list.push(m);
          else mergesOf!.set(p, [m]);
        }
      });
    }
    return mergesOf.get(i) ?? [];
  };

  const ownSorted = (taskId: string): number[] => [...ownPositions({ id: taskId }).keys()].sort(byDate);

  return {
    repo: data.repo,
    warnings: data.warnings,
    gaps: data.gaps ?? [],
    allCommits: () => table.newestFirst(),
    priorActivity(own) {
      // Before a shallow clone's boundary history is unknown, not quiet: no prior figures rather than zeros.
      if (data.shallow) {
        const first = Math.min(...own.map((c) => Date.parse(c.date)).filter((t) => !Number.isNaN(t)));
        if (first - PRIOR_FIX_DAYS * 86_400_000 < data.shallow.wholeSince * 1000) return null;
      }
      prior ??= new PriorActivityIndex(table.newestFirst());
      return prior.priorTo(own);
    },
    taskIds: () => [...data.mentioned.keys()].sort(),
    commitsFor(task) {
      const own = ownPositions(task);
      return [...own.keys()].sort(byDate).map((i) => toRecord(i, own.get(i)));
    },
    historyFor(taskId, ownShas) {
      const own = ownShas
        ? ownShas.map((s) => resolve(s)).filter((i): i is number => i !== undefined)
        : ownSorted(taskId);
      return historySignals(data, taskId, new Set(own), byDate);
    },
    commit(sha) {
      const i = resolve(sha);
      return i === undefined ? undefined : toRecord(i);
    },
    firstCommitAt(taskId) {
      const own = ownSorted(taskId);
      return own.length === 0 ? null : iso(table.authorTime(own[0]!));
    },
    lastCommitAt(taskId) {
      const own = ownSorted(taskId);
      return own.length === 0 ? null : iso(table.authorTime(own[own.length - 1]!));
    },
    mergeSubjectsOf(shas) {
      const subjects = new Set<string>();
      for (const sha of shas) {
        const i = resolve(sha);
        if (i !== undefined) for (const m of mergesInto(i)) subjects.add(table.subject(m));
      }
      return [...subjects];
    },
    taskSpan(taskId) {
      const own = ownSorted(taskId);
      if (own.length === 0) return null;
      const first = own[0]!;
      return {
        firstAt: iso(table.authorTime(first)),
        lastAt: iso(table.authorTime(own[own.length - 1]!)),
        firstSubject: truncateExcerpt(table.subject(first), MAX_COMMIT_SUBJECT_LENGTH).excerpt,
      };
    },
  };
}

function historySignals(
  data: CommitIndexData,
  taskId: string,
  own: ReadonlySet<number>,
  byDate: (a: number, b: number) => number,
): CommitHistorySignals {
  const { table, revertsOf } = data;
  const candidates = new Set<number>(data.revertsById.get(taskId) ?? []);
  for (const i of own) for (const r of revertsOf.get(i) ?? []) candidates.add(r);
  // A revert that was itself reverted no longer undoes the task, and the re-apply is no revert of it.
  const undone = new Set<number>();
  for (const c of candidates) {
    for (const r of revertsOf.get(c) ?? []) {
      undone.add(c);
      undone.add(r);
    }
  }
  const reverts = [...candidates].filter((r) => !own.has(r) && !undone.has(r)).sort(byDate);

  let closedAt = Number.NEGATIVE_INFINITY;
  let first: number | undefined;
  let last: number | undefined;
  for (const i of own) {
    closedAt = Math.max(closedAt, table.committerTime(i));
    if (first === undefined || byDate(i, first) < 0) first = i;
    if (last === undefined || byDate(i, last) > 0) last = i;
  }
  const laterFixes = (data.mentioned.get(taskId) ?? [])
    .filter((i) => {
      const att = table.attribution(i);
      return att.isFix && !att.isRevert && !own.has(i) && table.committerTime(i) > closedAt;
    })
    .sort(byDate);

  return {
    reverted: reverts.length > 0,
    revertShas: reverts.map((i) => table.sha(i)),
    laterFixShas: laterFixes.map((i) => table.sha(i)),
    firstCommitAt: first === undefined ? null : new Date(table.authorTime(first) * 1000).toISOString(),
    lastCommitAt: last === undefined ? null : new Date(table.authorTime(last) * 1000).toISOString(),
  };
}
