import type { Task } from '../../core/index.js';

/** What selection, ordering, batch planning and commit matching read of a task; the rest is read again when it is evaluated. */
const HEAD_FIELDS = [
  'id',
  'column',
  'status',
  'branch',
  'baseCommitSha',
  'createdAt',
  'columnMovedAt',
  'executionCompletedAt',
  'mergeDetails',
] as const satisfies readonly (keyof Task)[];

/** A task's head: its id, dates, column and where its commits are, without its text, logs and results. */
export function taskHead(task: Task): Task {
  const head: Record<string, unknown> = {};
  for (const key of HEAD_FIELDS) if (task[key] !== undefined) head[key] = task[key];
  return head as Task;
}
