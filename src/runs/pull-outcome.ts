import { z } from 'zod';
import type { Task } from '../core/index.js';
import type { TaskOutcome } from '../evidence/index.js';

/** What became of a pull request, worst news last. */
export const PULL_FATES = [
  'open',
  'not merged',
  'closed unmerged',
  'merged',
  'merged then fixed',
  'merged then reverted',
] as const;

export const PullOutcomeSchema = z.object({
  project: z.string(),
  taskId: z.string(),
  prNumber: z.number().int().nullable(),
  /** merged / closed unmerged / open from a forge; git alone says merged or not merged. */
  state: z.enum(['merged', 'closed unmerged', 'open', 'not merged']),
  fate: z.enum(PULL_FATES),
  /** Closed (git alone: not merged) rather than merged; null while open. The label `validate` predicts. */
  closedUnmerged: z.boolean().nullable(),
  /** Merged and later reverted; null when it was not merged or no repository was read. */
  reverted: z.boolean().nullable(),
  /** Merged and later fixed (SZZ blames its lines within the window); null as for reverted. */
  fixed: z.boolean().nullable(),
  /** From ready for review (else opened) to merged; null when either is unknown. */
  hoursToMerge: z.number().nullable(),
  /** Reviews with a verdict (approve or request changes). */
  reviewRounds: z.number().int(),
  /** Pushes after the first review, when the forge's timeline said. */
  iterations: z.number().int().nullable(),
});
export type PullOutcome = z.output<typeof PullOutcomeSchema>;

const STATE: Record<string, PullOutcome['state']> = {
  merged: 'merged',
  closed: 'closed unmerged',
  open: 'open',
  'not merged': 'not merged',
};

/**
 * A pull request task's fate from its state (read with hindsight) and its merged change's git outcome: reverted
 * first, then fixed, then merged; or closed unmerged, open, or (git alone) not merged.
 */
export function pullOutcome(project: string, task: Task, outcome: TaskOutcome | null): PullOutcome {
  const pr = task.prInfo ?? {};
  const state = STATE[String(pr.status ?? '')] ?? 'not merged';
  const merged = state === 'merged';
  const reverted = merged && outcome ? outcome.reverted : null;
  const fixed = merged && outcome ? outcome.bugIntroducing : null;
  const fate: PullOutcome['fate'] = reverted ? 'merged then reverted' : fixed ? 'merged then fixed' : state;
  const readyAt = typeof pr.readyAt === 'string' ? pr.readyAt : (task.createdAt ?? null);
  const mergedAt = typeof pr.mergedAt === 'string' ? pr.mergedAt : null;
  const hours =
    merged && readyAt && mergedAt
      ? Math.round(((Date.parse(mergedAt) - Date.parse(readyAt)) / 3_600_000) * 10) / 10
      : null;
  return {
    project,
    taskId: task.id,
    prNumber: typeof pr.number === 'number' ? pr.number : null,
    state,
    fate,
    closedUnmerged: state === 'open' ? null : !merged,
    reverted,
    fixed,
    hoursToMerge: hours !== null && Number.isFinite(hours) ? hours : null,
    reviewRounds: (task.reviews ?? []).filter((r) => r.verdict === 'APPROVE' || r.verdict === 'REVISE').length,
    iterations: typeof pr.iterations === 'number' ? pr.iterations : null,
  };
}
