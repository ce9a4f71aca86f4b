import type { RunWindow } from '../store/index.js';
import type { RunTask } from './run-task.js';

/**
 * Tasks completed in the window: after `start` (exclusive) and up to `end` (inclusive). A task with no
 * known completion time belongs only to the first window (start null), so it is evaluated once.
 */
export function selectWindowTasks<T extends RunTask>(tasks: readonly T[], window: RunWindow): T[] {
  const start = window.start === null ? null : Date.parse(window.start);
  const end = window.end === null ? null : Date.parse(window.end);
  return tasks.filter((t) => {
    if (t.completedAt === null) return start === null;
    const at = Date.parse(t.completedAt);
    if (Number.isNaN(at)) return start === null;
    return (start === null || at > start) && (end === null || at <= end);
  });
}
