import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TaskSchema } from '../../core/index.js';
import type { RunTask } from '../run-task.js';

/** A completed task with a passed test step and an approving review, completed at `completedAt`. */
export function runTask(
  id: string,
  completedAt: string | null = '2026-03-01T10:00:00.000Z',
  extra: Record<string, unknown> = {},
): RunTask {
  const task = TaskSchema.parse({
    id,
    title: `Task ${id}`,
    column: 'done',
    createdAt: '2026-02-01T00:00:00.000Z',
    ...(completedAt ? { executionCompletedAt: completedAt } : {}),
    log: [{ timestamp: '2026-02-02T10:00:00Z', action: 'Spec review: APPROVE' }],
    workflowStepResults: [{ workflowStepId: 'tests', workflowStepName: 'Run tests', status: 'passed' }],
    ...extra,
  });
  return { task, commits: null, history: null, completedAt, createdAt: '2026-02-01T00:00:00.000Z' };
}

/** Tasks RT-1..RT-n completed a minute apart from `from`. */
export function runTasks(n: number, from = '2026-03-01T10:00:00.000Z'): RunTask[] {
  return Array.from({ length: n }, (_, i) =>
    runTask(`RT-${i + 1}`, new Date(Date.parse(from) + i * 60_000).toISOString()),
  );
}

/** A temp dir for a store file, and its removal. */
export function tempStoreDir(): { dir: string; dbPath: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'taskeval-runs-'));
  return {
    dir,
    dbPath: join(dir, '.taskeval', 'taskeval.db'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A clock that starts at `start` and moves only when told. */
export function manualClock(start = '2026-03-10T05:00:00.000Z'): {
  now: () => Date;
  advance: (ms: number) => void;
  set: (iso: string) => void;
} {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms) => void (t += ms), set: (iso) => void (t = Date.parse(iso)) };
}
