import type { CommitHistorySignals, CommitRecord, Task } from '../core/index.js';
import type { TaskChange } from '../evidence/index.js';

/**
 * One task to evaluate, as a source loads it (structurally the sources layer's LoadedTask):
 * commits are null when no repository is known, completedAt orders batches and windows.
 */
export interface RunTask {
  task: Task;
  commits: CommitRecord[] | null;
  history: CommitHistorySignals | null;
  completedAt: string | null;
  createdAt?: string | null;
  /** Reads the change itself (its hunks) for a judge; absent without a repository or a judge. */
  readChange?: () => Promise<TaskChange>;
  /** The change already read (a queued job carries it to a worker that may not have the repository). */
  change?: TaskChange | null;
}

/** Orders tasks by completion time, then creation time, then id (contract section 8); missing times go last. */
export function compareRunTasks(a: RunTask, b: RunTask): number {
  return (
    compareTime(a.completedAt, b.completedAt) ||
    compareTime(a.createdAt ?? null, b.createdAt ?? null) ||
    (a.task.id < b.task.id ? -1 : a.task.id > b.task.id ? 1 : 0)
  );
}

function compareTime(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return Date.parse(a) - Date.parse(b);
}
