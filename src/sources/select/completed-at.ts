import type { Task } from '../../core/index.js';

const COMPLETED = new Set(['done', 'archived']);

/** True when the task's column or status is done or archived (case-insensitive). */
export function isCompletedTask(task: Task): boolean {
  return COMPLETED.has(task.column?.toLowerCase() ?? '') || COMPLETED.has(task.status?.toLowerCase() ?? '');
}

/**
 * When the task was completed: executionCompletedAt, else columnMovedAt of a completed task, else the
 * time of its last commit when it is completed and a repository knows one.
 */
export function completedAtOf(task: Task, lastCommitAt: string | null = null): string | null {
  if (task.executionCompletedAt) return task.executionCompletedAt;
  if (!isCompletedTask(task)) return null;
  return task.columnMovedAt ?? lastCommitAt ?? null;
}
