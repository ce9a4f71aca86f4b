import type { SourceProblem } from '../source-read-result.js';
import { isCompletedTask } from './completed-at.js';
import { parseDateBound } from './parse-date-bound.js';
import type { LoadedTask, TaskWindow } from './task-set.js';

/** What to keep of the tasks a source read. */
export interface TaskSelection {
  /** 'done' (completed: done or archived), 'all', or a column name (case-insensitive). */
  column: string;
  taskIds?: readonly string[];
  since?: string;
  until?: string;
  window?: TaskWindow;
}

/**
 * Keeps the tasks the selection names. Dates compare completedAt, or createdAt for a task with no
 * completion time; the window compares completedAt only, and a task with none belongs to the first window.
 * Each listed id no task has becomes a problem located at `origin`.
 */
export function selectTasks(
  items: readonly LoadedTask[],
  selection: TaskSelection,
  origin: string,
  sourceName: string,
): { items: LoadedTask[]; problems: SourceProblem[] } {
  const since = selection.since === undefined ? null : parseDateBound(selection.since, '--since', 'start');
  const until = selection.until === undefined ? null : parseDateBound(selection.until, '--until', 'end');
  const after = selection.window?.after ? parseDateBound(selection.window.after, 'window.after', 'start') : null;
  const through = selection.window?.through
    ? parseDateBound(selection.window.through, 'window.through', 'start')
    : null;
  const problems: SourceProblem[] = [];
  let ids: Set<string> | null = null;
  if (selection.taskIds && selection.taskIds.length > 0) {
    ids = new Set(selection.taskIds);
    const known = new Set(items.map((i) => i.task.id));
    for (const id of ids)
      if (!known.has(id)) problems.push({ path: origin, taskId: id, message: `task ${id} not found in ${sourceName}` });
  }
  const column = selection.column.toLowerCase();
  const kept = items.filter((item) => {
    if (ids && !ids.has(item.task.id)) return false;
    if (
      column === 'done' ? !isCompletedTask(item.task) : column !== 'all' && item.task.column?.toLowerCase() !== column
    )
      return false;
    if (since !== null || until !== null) {
      const at = timeOf(item.completedAt ?? item.createdAt ?? null);
      if (at === null || (since !== null && at < since) || (until !== null && at > until)) return false;
    }
    if (selection.window && (after !== null || through !== null)) {
      const at = timeOf(item.completedAt);
      if (at === null) return after === null;
      if ((after !== null && at <= after) || (through !== null && at > through)) return false;
    }
    return true;
  });
  return { items: kept, problems };
}

function timeOf(value: string | null): number | null {
  if (value === null) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at;
}
