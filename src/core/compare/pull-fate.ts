import { isPullTaskId } from '../pull-task-id.js';

/** A pull request task's fate as its stored snapshot tells it; null for a task that is not a pull request. */
export function pullFate(
  taskId: string,
  snapshot: unknown,
): { merged: boolean | null; oneShot: boolean | null } | null {
  if (!isPullTaskId(taskId) || typeof snapshot !== 'object' || snapshot === null) return null;
  const task = snapshot as { prInfo?: { status?: unknown; iterations?: unknown }; reviews?: { verdict?: unknown }[] };
  const status = task.prInfo?.status;
  // At evaluation time the sources say `open` for every pull request: no fate is known then.
  const merged = status === 'merged' ? true : status === 'closed' || status === 'not merged' ? false : null;
  const iterations = task.prInfo?.iterations;
  const revised = (task.reviews ?? []).some((r) => r.verdict === 'REVISE');
  const oneShot = merged === null || typeof iterations !== 'number' ? null : merged && iterations === 0 && !revised;
  return { merged, oneShot };
}
