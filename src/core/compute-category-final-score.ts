import { assertScore } from './assert-score.js';

/**
 * round(clamp(det × 0.7 + ai × 0.3, 0, 100)), half-up, computed in integers
 * so floating point cannot move a result (contract section 4).
 */
export function computeCategoryFinalScore(deterministicScore: number, aiScore: number): number {
  assertScore(deterministicScore, 'deterministicScore');
  assertScore(aiScore, 'aiScore');
  const final = Math.floor((7 * deterministicScore + 3 * aiScore + 5) / 10);
  return Math.min(100, Math.max(0, final));
}
