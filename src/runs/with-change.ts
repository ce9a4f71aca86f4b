import { isTaskevalError } from '../core/index.js';
import { readChangeHunks, type TaskChange } from '../evidence/index.js';
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

/**
 * The task's change as a judge sees it: the one carried with it (a queued job), else read now, else none. A change
 * git cannot show (a missing object) is none, and the judge sees the commits alone; only cancellation throws.
 */
export async function changeOf(item: Pick<RunTask, 'change' | 'readChange'>): Promise<TaskChange | null> {
  if (item.change) return item.change;
  if (!item.readChange) return null;
  try {
    return await item.readChange();
  } catch (error) {
    if (isTaskevalError(error) && error.code === 'cancelled') throw error;
    return null;
  }
}
