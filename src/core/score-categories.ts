/** The three categories, always in this order (contract section 2). */
export const SCORE_CATEGORIES = ['agentPerformance', 'taskOutcomeQuality', 'processCompliance'] as const;

export type ScoreCategory = (typeof SCORE_CATEGORIES)[number];

/** Weights of each category in the overall score (contract section 4). */
export const CATEGORY_WEIGHTS: Readonly<Record<ScoreCategory, number>> = Object.freeze({
  agentPerformance: 0.3,
  taskOutcomeQuality: 0.45,
  processCompliance: 0.25,
});

/** The same weights in hundredths, so the overall is computed in integers. */
export const CATEGORY_WEIGHT_PERCENT: Readonly<Record<ScoreCategory, number>> = Object.freeze({
  agentPerformance: 30,
  taskOutcomeQuality: 45,
  processCompliance: 25,
});

export function isScoreCategory(value: unknown): value is ScoreCategory {
  return typeof value === 'string' && (SCORE_CATEGORIES as readonly string[]).includes(value);
}
