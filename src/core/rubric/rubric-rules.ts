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
  /** Points by band of a measured value: `[upTo, points]` pairs, ascending; the last band takes the rest. */
  bands?: readonly (readonly [number, number])[];
}

/** Where each category's deterministic score starts before any rule applies. */
export const RUBRIC_BASE: Readonly<Record<ScoreCategory, number>> = Object.freeze({
  agentPerformance: 71,
  taskOutcomeQuality: 80,
  processCompliance: 70,
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
    'rework.commits': { each: -2, limit: -10 },
    'rework.span': {
      bands: [
        [1, 0],
        [8, -1],
        [48, -3],
        [Infinity, -5],
      ],
    },
    'focus.spread': { each: -2, limit: -8 },
    'focus.files': { each: -1, limit: -7 },
    'verify.testsMissing': { points: -3 },
    'session.steps': {
      bands: [
        [15, 0],
        [30, -2],
        [50, -4],
        [80, -7],
        [Infinity, -10],
      ],
    },
    'session.rejectedEdits': { each: -2, limit: -6 },
  },
  taskOutcomeQuality: {
    'outcome.done': { points: 15 },
    'outcome.notDone': { points: -10 },
    'outcome.unknown': { points: 0 },
    'outcome.failed': { points: -20 },
    'workflow.allPassed': { points: 10 },
    'workflow.finalFailed': { each: -10, limit: -30 },
    'risk.size': {
      bands: [
        [0, 0],
        [5, -2],
        [20, -4],
        [50, -8],
        [150, -14],
        [400, -20],
        [1000, -28],
        [Infinity, -36],
      ],
    },
    'risk.configSize': {
      bands: [
        [0, 0],
        [5, -2],
        [20, -4],
        [50, -8],
        [150, -14],
        [400, -20],
        [1000, -28],
        [Infinity, -36],
      ],
    },
    'risk.changedLines': {
      bands: [
        [0, 0],
        [10, -2],
        [50, -4],
        [200, -6],
        [Infinity, -10],
      ],
    },
    'risk.churn': {
      bands: [
        [2, 0],
        [10, -2],
        [30, -4],
        [100, -8],
        [Infinity, -12],
      ],
    },
    'risk.hotFile': {
      bands: [
        [1, 0],
        [3, -2],
        [8, -4],
        [20, -8],
        [Infinity, -12],
      ],
    },
    'risk.recentChange': {
      bands: [
        [1, -8],
        [24, -4],
        [168, -2],
        [Infinity, 0],
      ],
    },
    'risk.priorFixes': {
      bands: [
        [0, 0],
        [2, -2],
        [5, -4],
        [15, -8],
        [Infinity, -12],
      ],
    },
    'delivery.rework': { each: -4, limit: -16 },
    'session.edits': {
      bands: [
        [2, 0],
        [5, -1],
        [10, -2],
        [20, -4],
        [Infinity, -6],
      ],
    },
    'session.gaveUp': { each: -5, limit: -10 },
    'session.lastTestFailed': { points: -5 },
    'session.notSubmitted': { points: -15 },
    'commits.unknown': { points: 0 },
    'counters.verificationFailure': { each: -5, limit: -15 },
    'history.reverted': { points: -30 },
    'history.laterFixes': { each: -5, limit: -15 },
    'history.unknown': { points: 0 },
    'history.revertedCap': { cap: 39 },
    'outcome.failedCap': { cap: 39 },
  },
  processCompliance: {
    'reviews.approved': { points: 10 },
    'reviews.unresolved': { each: -8, limit: -16 },
    'reviews.none': { points: 0 },
    'commits.trailer': { points: 8, proportional: true },
    'commits.conventional': { points: 0, proportional: true },
    'commits.longSubject': { points: -4, proportional: true },
    'commits.wideSubject': { points: -2, proportional: true },
    'commits.docs': { points: 3 },
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
  if (spec.bands) {
    return `by band: ${spec.bands.map(([upTo, points]) => (upTo === Infinity ? `more ${signed(points)}` : `≤${upTo} ${signed(points)}`)).join(', ')}`;
  }
  if (spec.each !== undefined) return `${signed(spec.each)} each, at most ${signed(spec.limit ?? spec.each)}`;
  if (spec.proportional) return `up to ${signed(spec.points ?? 0)}`;
  return signed(spec.points ?? 0);
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
