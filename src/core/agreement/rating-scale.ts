import { z } from 'zod';
import { SCORE_BAND_NAMES, resolveScoreBand } from '../score-bands.js';
import { SCORE_CATEGORIES } from '../score-categories.js';

/** How a person rates: good or bad, or 1 (failing) to 5 (excellent), the five bands. */
export const RATING_SCALES = ['good-bad', '1-5'] as const;
export const RatingScaleSchema = z.enum(RATING_SCALES);
export type RatingScale = z.output<typeof RatingScaleSchema>;

/** What a rating is of: one category, or the task as a whole. */
export const RATED_ASPECTS = [...SCORE_CATEGORIES, 'overall'] as const;
export const RatedAspectSchema = z.enum(RATED_ASPECTS);
export type RatedAspect = z.output<typeof RatedAspectSchema>;

/** The values a scale takes, lowest first: good-bad is 0 (bad) and 1 (good). */
export function scaleValues(scale: RatingScale): number[] {
  return scale === 'good-bad' ? [0, 1] : [1, 2, 3, 4, 5];
}

/**
 * A 0–100 score put on a person's scale, so the two can agree or not: on 1–5 its band (failing 1 …
 * excellent 5); on good-bad, good from "acceptable" up, the contract's line between work to keep and work to redo.
 */
export function scoreOnScale(score: number, scale: RatingScale): number {
  const rank = SCORE_BAND_NAMES.indexOf(resolveScoreBand(score));
  return scale === 'good-bad' ? (rank >= SCORE_BAND_NAMES.indexOf('acceptable') ? 1 : 0) : rank + 1;
}

/** The scale most ratings are on (1-5 on a tie): ratings on two scales are not one measure. */
export function mostCommonScale(scales: readonly RatingScale[]): RatingScale {
  const count = (s: RatingScale) => scales.filter((x) => x === s).length;
  return count('good-bad') > count('1-5') ? 'good-bad' : '1-5';
}
