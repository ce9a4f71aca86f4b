import type { LoadedTask } from './task-set.js';

/** Contract order: completion time, then creation time, then id (code points); missing times go last. */
export function compareLoadedTasks(a: LoadedTask, b: LoadedTask): number {
  return (
    compareTime(a.completedAt, b.completedAt) ||
    compareTime(a.createdAt ?? null, b.createdAt ?? null) ||
    (a.task.id < b.task.id ? -1 : a.task.id > b.task.id ? 1 : 0)
  );
}

function compareTime(a: string | null, b: string | null): number {
  const x = a === null ? NaN : Date.parse(a);
  const y = b === null ? NaN : Date.parse(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) === Number.isNaN(y) ? 0 : Number.isNaN(x) ? 1 : -1;
  return x - y;
}
