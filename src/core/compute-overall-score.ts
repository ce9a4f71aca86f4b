import { assertScore } from './assert-score.js';
import { ContractError } from './errors.js';
import { CATEGORY_WEIGHT_PERCENT, SCORE_CATEGORIES, isScoreCategory, type ScoreCategory } from './score-categories.js';

export type CategoryFinals =
  ReadonlyArray<{ readonly category: string; readonly finalScore: number }> | Readonly<Record<string, number>>;

/**
 * round(Σ final × weight), half-up in integers, from exactly one final per category.
 * Accepts a list of `{ category, finalScore }` or a record keyed by category.
 */
export function computeOverallScore(categoryScores: CategoryFinals): number {
  const entries: Array<[string, unknown]> = Array.isArray(categoryScores)
    ? categoryScores.map((c) => [c?.category, c?.finalScore])
    : Object.entries(categoryScores ?? {});
  const finals = new Map<ScoreCategory, number>();
  for (const [category, finalScore] of entries) {
    if (!isScoreCategory(category)) {
      throw new ContractError(
        'invalid_category',
        `unknown category ${JSON.stringify(category)}; expected one of ${SCORE_CATEGORIES.join(', ')}`,
        { field: 'category' },
      );
    }
    if (finals.has(category)) {
      throw new ContractError('duplicate_category', `category ${category} is given more than once`, {
        field: category,
      });
    }
    assertScore(finalScore, `${category}.finalScore`);
    finals.set(category, finalScore);
  }
  let weighted = 0;
  for (const category of SCORE_CATEGORIES) {
    const final = finals.get(category);
    if (final === undefined) {
      throw new ContractError('missing_category', `category ${category} has no score`, { field: category });
    }
    weighted += final * CATEGORY_WEIGHT_PERCENT[category];
  }
  return Math.min(100, Math.max(0, Math.floor((weighted + 50) / 100)));
}
