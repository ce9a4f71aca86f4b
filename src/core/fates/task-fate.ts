import { z } from 'zod';

const Iso = z.iso.datetime({ offset: true });

/** What became of a pull request: merged, closed without merging, or still open; where that was read. */
export const PullFateSchema = z.strictObject({
  /** unmerged: git alone, which cannot tell a closed pull request from an open one. */
  state: z.enum(['merged', 'closed', 'open', 'unmerged']),
  /** git: refs/pull heads alone (merged or not); github: the REST API; export: a `gh pr list` file. */
  source: z.enum(['git', 'github', 'export']),
  /** From ready for review (else opened) to merged. */
  hoursToMerge: z.number().nonnegative().nullable(),
  /** Reviews with a verdict (approve or request changes). */
  reviewRounds: z.number().int().nonnegative().nullable(),
  /** Pushes after the first review (from the forge's timeline). */
  iterations: z.number().int().nonnegative().nullable(),
});

/**
 * A task's fate, kept apart from its scores and keyed by (project, task id): what happened to the work after it
 * was handed over. A field that is null is not known: not read, or still inside its window ("not yet known",
 * never "clean").
 */
export const TaskFateSchema = z.strictObject({
  projectId: z.string().min(1).max(500),
  taskId: z.string().min(1).max(256),
  /** pull: a pull request; task: any other delivered change (a git task, a task record). */
  kind: z.enum(['pull', 'task']),
  pull: PullFateSchema.nullable(),
  /** When the change was delivered (its last commit, or the merge): the windows below start here. */
  deliveredAt: Iso.nullable(),
  /** Undone by a revert. Null for a pull request that was not merged. */
  reverted: z.boolean().nullable(),
  /** Later fix commits blamed at least the minimum of its lines within the window (SZZ); null inside the window. */
  fixed: z.boolean().nullable(),
  /** The window of `fixed`, in days. */
  fixWindowDays: z.number().positive(),
  /** Its lines the fixes within the window changed or deleted. */
  fixedLines: z.number().int().nonnegative().nullable(),
  /** When the fate was computed, and the newest commit the history read reached. */
  computedAt: Iso,
  historyUntil: Iso.nullable(),
});

export type PullFate = z.output<typeof PullFateSchema>;
export type TaskFate = z.output<typeof TaskFateSchema>;
