import { z } from 'zod';
import type { ComparedItem } from './compared-item.js';

export const RateSchema = z.object({
  /** Pull requests the rate is over, and how many of them count. */
  n: z.number().int(),
  k: z.number().int(),
  rate: z.number(),
  /** Wilson 95% interval. */
  ciLow: z.number(),
  ciHigh: z.number(),
});

/** What became of a cohort's pull requests, beside its scores: only over those whose fate is known. */
export const CohortPullsSchema = z.object({
  /** Merged of merged and closed (git alone: not merged); open ones have no fate yet. */
  merge: RateSchema.nullable(),
  /** Merged with no change requested and no push after the first review, of those whose iterations are known. */
  oneShot: RateSchema.nullable(),
  /** Pull requests in the cohort whose fate the results do not hold (scored at evaluation time, or still open). */
  unknown: z.number().int(),
});

export type CohortPulls = z.output<typeof CohortPullsSchema>;

const round = (x: number) => Math.round(x * 1000) / 1000;

/** The Wilson score interval of k successes in n, at 95%. */
export function wilson(k: number, n: number): { rate: number; ciLow: number; ciHigh: number } {
  const z2 = 1.96 * 1.96;
  const p = k / n;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (1.96 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { rate: round(p), ciLow: round(Math.max(0, centre - half)), ciHigh: round(Math.min(1, centre + half)) };
}

/** Merge and one-shot rates of a cohort's pull requests with Wilson intervals; null when it has none. */
export function cohortPulls(items: readonly ComparedItem[]): CohortPulls | null {
  const pulls = items.flatMap((i) => (i.pull ? [i.pull] : []));
  if (pulls.length === 0) return null;
  const decided = pulls.filter((p) => p.merged !== null);
  const merged = decided.filter((p) => p.merged).length;
  const iterated = decided.filter((p) => p.oneShot !== null);
  const oneShot = iterated.filter((p) => p.oneShot).length;
  return {
    merge: decided.length ? { n: decided.length, k: merged, ...wilson(merged, decided.length) } : null,
    oneShot: iterated.length ? { n: iterated.length, k: oneShot, ...wilson(oneShot, iterated.length) } : null,
    unknown: pulls.length - decided.length,
  };
}
