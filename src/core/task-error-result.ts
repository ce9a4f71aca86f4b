import type { DeterministicAssessment } from './deterministic-assessment.js';
import type { EvidenceBundle } from './evidence-bundle.js';
import type { ErrorResult, Provenance } from './task-result.js';
import { truncateExcerpt } from './truncate-excerpt.js';

/** Longest reason an error result keeps. */
export const MAX_ERROR_REASON_LENGTH = 2_000;

export interface TaskErrorInput {
  taskId: string;
  title: string | null;
  evaluatedAt?: string;
  reason: string;
  /** A later batch retries it (the judge was unreachable, its job was lost), or not (trying again would not help). */
  transient: boolean;
  rawAnswer?: string | null;
  evidenceBundle?: EvidenceBundle | null;
  signals?: DeterministicAssessment | null;
  provenance?: Provenance | null;
}

/** The one way a task that could not be evaluated becomes its error result: never dropped, never a zero, its reason bounded. */
export function taskErrorResult(input: TaskErrorInput): ErrorResult {
  return {
    taskId: input.taskId,
    title: input.title,
    ...(input.evaluatedAt ? { evaluatedAt: input.evaluatedAt } : {}),
    status: 'error',
    reason: truncateExcerpt(input.reason, MAX_ERROR_REASON_LENGTH).excerpt,
    transient: input.transient,
    rawAnswer: input.rawAnswer ?? null,
    evidenceBundle: input.evidenceBundle ?? null,
    signals: input.signals ?? null,
    provenance: input.provenance ?? null,
  };
}

/**
 * A failure that is taskeval's own mistake, not the task's: a TypeError, a ReferenceError or a failed
 * assertion. Such an error stops the run with its stack trace (exit 70) instead of becoming a task's error result.
 */
export function isBug(error: unknown): boolean {
  if (error instanceof TypeError || error instanceof ReferenceError) return true;
  return (
    error instanceof Error &&
    ((error as { code?: unknown }).code === 'ERR_ASSERTION' || error.name === 'AssertionError')
  );
}
