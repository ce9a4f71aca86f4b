import { assertScore } from './assert-score.js';

/** Inclusive bands (contract section 3), lowest first. */
export const SCORE_BANDS = Object.freeze([
  Object.freeze({ band: 'failing', min: 0, max: 39 }),
  Object.freeze({ band: 'weak', min: 40, max: 59 }),
  Object.freeze({ band: 'acceptable', min: 60, max: 74 }),
  Object.freeze({ band: 'strong', min: 75, max: 89 }),
  Object.freeze({ band: 'excellent', min: 90, max: 100 }),
] as const);

export type ScoreBand = (typeof SCORE_BANDS)[number]['band'];

export const SCORE_BAND_NAMES: readonly ScoreBand[] = SCORE_BANDS.map((b) => b.band);

/** The band an integer score 0..100 falls in. */
export function resolveScoreBand(score: number, field = 'score'): ScoreBand {
  assertScore(score, field);
  const found = SCORE_BANDS.find((b) => score >= b.min && score <= b.max);
  // Unreachable: the bands cover 0..100 without gaps.
  if (!found) throw new Error(`no band for ${score}`);
  return found.band;
}
