import { z } from 'zod';

/** What `outcomes` needs of one task: its own commits and what the commit index says of its history. */
export interface OutcomeTask {
  id: string;
  /** The task's own commits (trailer, subject or range), full shas. */
  shas: readonly string[];
  completedAt: string | null;
  reverted: boolean;
  revertShas: readonly string[];
  /** Later fix commits that name the task. */
  followUps: readonly string[];
}

/** What happened after one task, from git alone: one row of `taskeval outcomes`. */
export const TaskOutcomeSchema = z.object({
  taskId: z.string().min(1),
  completedAt: z.string().nullable(),
  reverted: z.boolean(),
  revertShas: z.array(z.string()),
  followUps: z.array(z.string()),
  /** Fix commits within the window whose removed lines blame the task. */
  fixCommits: z.array(z.string()),
  blamedLines: z.number().int().nonnegative(),
  bugIntroducing: z.boolean(),
});

export type TaskOutcome = z.output<typeof TaskOutcomeSchema>;
