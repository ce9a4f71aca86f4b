import { EXPAND_WINDOW, type ExpandTasks } from './evaluate-tasks.js';
import type { RunTask } from './run-task.js';

/** Every task whole, for paths that hand all of them on at once (the queue, a dry run, completion polls). */
export async function wholeRunTasks<T extends RunTask>(tasks: readonly T[], expand?: ExpandTasks | null): Promise<T[]> {
  if (!expand) return [...tasks];
  const out: T[] = [];
  for (let i = 0; i < tasks.length; i += EXPAND_WINDOW) out.push(...(await expand(tasks.slice(i, i + EXPAND_WINDOW))));
  return out;
}
