import { readChangeHunks } from '../evidence/index.js';
import type { RunTask } from './run-task.js';

/** Gives each task with commits in a known repository a way to read its change (one `git show`, when judged). */
export function withChange<T extends { repo?: string | null; tasks: RunTask[] }>(set: T): T {
  const repo = set.repo;
  if (!repo) return set;
  return {
    ...set,
    tasks: set.tasks.map((t) => {
      const commits = t.commits;
      if (!commits?.length) return t;
      return {
        ...t,
        readChange: () =>
          readChangeHunks(
            repo,
            commits.map((c) => ({ sha: c.sha, date: c.date })),
          ),
      };
    }),
  };
}
