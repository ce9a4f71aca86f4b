import type { CommitRecord, PriorActivity } from '../../core/index.js';
import { classifyPath } from './classify-path.js';
import type { RawCommit } from './git-log-parser.js';
import { isFixSubject } from './is-fix-subject.js';

const DAY_MS = 86_400_000;
/** How far back other work on the same files counts as churn, and fixes on them as a bug-prone file. */
export const PRIOR_CHURN_DAYS = 14;
export const PRIOR_FIX_DAYS = 30;

interface Touch {
  at: number;
  key: number;
  fix: boolean;
}

/**
 * Other work on a task's code files just before the task: commits in the 14 days and fix commits in the
 * 30 days before its first commit. A change on several branches (same author time and subject) counts once;
 * merges are not counted.
 */
export class PriorActivityIndex {
  private readonly byPath = new Map<string, Touch[]>();

  constructor(commits: readonly RawCommit[]) {
    const keys = new Map<string, number>();
    for (const c of commits) {
      if (c.parents.length > 1) continue;
      const id = `${c.authorTime}\u0000${c.subject}`;
      if (keys.has(id)) continue;
      const key = keys.size;
      keys.set(id, key);
      const fix = isFixSubject(c.subject);
      for (const f of c.files) {
        if (classifyPath(f.path) !== 'code') continue;
        const list = this.byPath.get(f.path);
        const touch = { at: c.authorTime * 1000, key, fix };
        if (list) list.push(touch);
        else this.byPath.set(f.path, [touch]);
      }
    }
    for (const list of this.byPath.values()) list.sort((a, b) => a.at - b.at);
  }

  /** Null when the task has no commit or changed no code file. */
  priorTo(own: readonly CommitRecord[]): PriorActivity | null {
    const times = own.map((c) => Date.parse(c.date)).filter((t) => !Number.isNaN(t));
    const paths = new Set(
      own.flatMap((c) => c.files.filter((f) => classifyPath(f.path) === 'code').map((f) => f.path)),
    );
    if (times.length === 0 || paths.size === 0) return null;
    const first = Math.min(...times);
    const churn = new Set<number>();
    const fixes = new Set<number>();
    let hottestFile = 0;
    let lastChange = Number.NEGATIVE_INFINITY;
    for (const path of paths) {
      let onFile = 0;
      for (const t of this.byPath.get(path) ?? []) {
        if (t.at >= first) break;
        lastChange = Math.max(lastChange, t.at);
        if (t.at >= first - PRIOR_CHURN_DAYS * DAY_MS) {
          churn.add(t.key);
          onFile += 1;
        }
        if (t.fix && t.at >= first - PRIOR_FIX_DAYS * DAY_MS) fixes.add(t.key);
      }
      hottestFile = Math.max(hottestFile, onFile);
    }
    return {
      commits: churn.size,
      fixes: fixes.size,
      hottestFile,
      hoursSinceChange: Number.isFinite(lastChange) ? (first - lastChange) / 3_600_000 : null,
    };
  }
}
