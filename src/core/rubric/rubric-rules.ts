import type { ScoreCategory } from '../score-categories.js';

/**
 * How one rule scores: a fixed `points`, or `each` per unit bounded by `limit`, or a `cap` on the
 * category score. `proportional` rules give `points` scaled by the share of commits that comply.
 */
export interface RuleSpec {
  points?: number;
  each?: number;
  limit?: number;
  cap?: number;
  proportional?: boolean;
}

/** Where each category's deterministic score starts before any rule applies. */
export const RUBRIC_BASE: Readonly<Record<ScoreCategory, number>> = Object.freeze({
  agentPerformance: 70,
  taskOutcomeQuality: 60,
  processCompliance: 60,
});

/** Every rule of the rubric with its points; docs/rubric.md documents each one and a test keeps them in step. */
export const RUBRIC_RULES = {
  agentPerformance: {
    'steps.allDone': { points: 10 },
    'steps.incomplete': { each: -2, limit: -10 },
    'workflow.failed': { each: -8, limit: -24 },
    'reviews.rethink': { each: -6, limit: -18 },
    'reviews.revise': { each: -3, limit: -12 },
    'counters.stuckKill': { each: -8, limit: -16 },
    'counters.recoveryRetry': { each: -4, limit: -12 },
    'counters.workflowStepRetry': { each: -2, limit: -8 },
    'counters.postReviewFix': { each: -2, limit: -6 },
    'counters.taskDoneRetry': { each: -3, limit: -9 },
    'agentLogs.toolErrors': { each: -2, limit: -10 },
    'run.clean': { points: 10 },
    'counters.unknown': { points: 0 },
    'outcome.failed': { points: -10 },
  },
  taskOutcomeQuality: {
    'outcome.done': { points: 15 },
    'outcome.notDone': { points: -10 },
    'outcome.failed': { points: -20 },
    'workflow.allPassed': { points: 10 },
    'workflow.finalFailed': { each: -10, limit: -30 },
    'commits.tests': { points: 10 },
    'commits.unknown': { points: 0 },
    'counters.verificationFailure': { each: -5, limit: -15 },
    'history.reverted': { points: -30 },
    'history.laterFixes': { each: -5, limit: -15 },
    'history.span': { points: 0 },
    'history.unknown': { points: 0 },
    'history.revertedCap': { cap: 39 },
    'outcome.failedCap': { cap: 39 },
  },
  processCompliance: {
    'reviews.approved': { points: 10 },
    'reviews.unresolved': { each: -8, limit: -16 },
    'reviews.none': { points: 0 },
    'commits.trailer': { points: 8, proportional: true },
    'commits.conventional': { points: 6, proportional: true },
    'commits.docs': { points: 6 },
    'commits.testsMissing': { points: -8 },
    'commits.none': { points: -6 },
    'commits.unknown': { points: 0 },
    'counters.mergeBounce': { each: -5, limit: -15 },
    'counters.mergeRetry': { each: -3, limit: -9 },
  },
} as const satisfies Record<ScoreCategory, Record<string, RuleSpec>>;

/** A rule id of one category. */
export type RuleId<C extends ScoreCategory> = keyof (typeof RUBRIC_RULES)[C] & string;

/** Not a rubric rule but always possible: the adjustment that brings a sum back into 0..100. */
export const CLAMP_RULE = 'score.clamp';

/** The points of a rule as docs/rubric.md writes them: `+10`, `-8 each, at most -24`, `cap 39`, `up to +8`. */
export function describeRulePoints(spec: RuleSpec): string {
  if (spec.cap !== undefined) return `cap ${spec.cap}`;
  if (spec.each !== undefined) return `${signed(spec.each)} each, at most ${signed(spec.limit ?? spec.each)}`;
  if (spec.proportional) return `up to ${signed(spec.points ?? 0)}`;
  return signed(spec.points ?? 0);
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
