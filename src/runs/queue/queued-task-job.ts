import { z } from 'zod';
import type { RunTask } from '../run-task.js';

/** The queue every evaluation job goes to. */
export const EVALUATE_QUEUE = 'taskeval-evaluate';

/**
 * One queued task: the run it belongs to and the task as the source loaded it, so a worker on another
 * machine evaluates it without the repository or task files.
 */
export interface QueuedTaskJob {
  runId: string;
  item: RunTask;
}

/** Checks a job's data at the boundary: pg-boss hands back whatever JSON was stored. */
export const QueuedTaskJobSchema = z.looseObject({
  runId: z.string().min(1),
  item: z.looseObject({
    task: z.looseObject({ id: z.string().min(1) }),
    commits: z.array(z.unknown()).nullable(),
    history: z.unknown().nullable(),
    completedAt: z.string().nullable(),
  }),
});
