import { assertScore } from './assert-score.js';
import { computeCategoryFinalScore } from './compute-category-final-score.js';
import { ContractError } from './errors.js';
import { CATEGORY_WEIGHTS, SCORE_CATEGORIES, isScoreCategory, type ScoreCategory } from './score-categories.js';
import { resolveScoreBand, type ScoreBand } from './score-bands.js';

export interface CategoryScoreInput {
  category: string;
  deterministicScore: number;
  /** null when no judge scored this category: the final is then the deterministic score. */
  aiScore: number | null | undefined;
  rationale: string;
  evidence: readonly string[];
}

export interface CategoryScore {
  category: ScoreCategory;
  deterministicScore: number;
  aiScore: number | null;
  finalScore: number;
  weight: number;
  band: ScoreBand;
  rationale: string;
  evidence: string[];
}

/** Validates one category's parts and computes its final score, weight and band. */
export function normalizeCategoryScore(input: CategoryScoreInput): CategoryScore {
  const { category, deterministicScore, aiScore, rationale, evidence } = input ?? ({} as CategoryScoreInput);
  if (!isScoreCategory(category)) {
    throw new ContractError(
      'invalid_category',
      `category must be one of ${SCORE_CATEGORIES.join(', ')}, got ${JSON.stringify(category)}`,
      { field: 'category' },
    );
  }
  assertScore(deterministicScore, 'deterministicScore');
  if (aiScore !== null && aiScore !== undefined) assertScore(aiScore, 'aiScore');
  if (typeof rationale !== 'string' || rationale.trim() === '') {
    throw new ContractError('invalid_input', `${category}.rationale must be a non-blank string`, {
      field: 'rationale',
    });
  }
  if (!Array.isArray(evidence) || evidence.some((id) => typeof id !== 'string' || id === '')) {
    throw new ContractError('invalid_input', `${category}.evidence must be a list of evidence ids`, {
      field: 'evidence',
    });
  }
  const ai = aiScore ?? null;
  const finalScore = ai === null ? deterministicScore : computeCategoryFinalScore(deterministicScore, ai);
  return {
    category,
    deterministicScore,
    aiScore: ai,
    finalScore,
    weight: CATEGORY_WEIGHTS[category],
    band: resolveScoreBand(finalScore, `${category}.finalScore`),
    rationale,
    evidence: [...evidence],
  };
}
