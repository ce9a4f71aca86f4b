import { seededRandom } from '../validity/index.js';
import {
  BOOTSTRAP_ITERATIONS,
  meanOf,
  percentileInterval,
  resampledMean,
  round1,
  sizeOf,
  type Resampled,
} from './bootstrap-mean.js';
import { bootstrapPValue } from './holm.js';

/**
 * Within a like-with-like difference a stratum's resample is drawn from its normal limit from this many
 * values: the weighted sum over strata is itself near normal. Measured on skewed 0-100 scores over 2, 5 and
 * 11 strata of 150-450 values, ten seeds each: the interval's ends moved by 0.01-0.04 points against the
 * exact bootstrap, where seeds alone move them by 0.1-0.3; the exact draw cost up to 50 times as much.
 */
export const STRATUM_RESAMPLE_CAP = 100;

/** One side's scores in one stratum. */
type Strata = ReadonlyMap<string, Resampled>;

/** A like-with-like difference of means: what it is, how sure, and what it could not use. */
export interface StratifiedDifference {
  /** Σ_s w_s (mean_b,s − mean_a,s), w_s the share of the shared tasks in stratum s. */
  diff: number;
  ciLow: number;
  ciHigh: number;
  /** Two-sided bootstrap p-value of no difference. */
  p: number;
  /** Strata both sides have tasks in. */
  strata: number;
  /** Tasks of either side in strata the other side has none in. */
  tasksLeftOut: number;
}

/**
 * mean(b) − mean(a) taken within strata both sides share and weighted by the pooled size of each, with a
 * seeded percentile bootstrap that resamples each side within each stratum. Null when no stratum is shared.
 */
export function stratifiedDifference(
  a: Strata,
  b: Strata,
  seed: number,
  iterations = BOOTSTRAP_ITERATIONS,
): StratifiedDifference | null {
  const size = (s: Strata, k: string) => {
    const xs = s.get(k);
    return xs ? sizeOf(xs) : 0;
  };
  const shared = [...a.keys()].filter((k) => size(a, k) > 0 && size(b, k) > 0).sort();
  const total = (s: Strata) => [...s.values()].reduce((n, xs) => n + sizeOf(xs), 0);
  if (shared.length === 0) return null;
  const pooled = shared.map((k) => size(a, k) + size(b, k));
  const inShared = pooled.reduce((n, x) => n + x, 0);
  const weights = pooled.map((n) => n / inShared);
  const estimate = shared.reduce((sum, k, i) => sum + weights[i]! * (meanOf(b.get(k)!) - meanOf(a.get(k)!)), 0);
  const random = seededRandom(seed);
  const samples = new Array<number>(iterations);
  for (let it = 0; it < iterations; it += 1) {
    let d = 0;
    shared.forEach((k, i) => {
      d +=
        weights[i]! *
        (resampledMean(b.get(k)!, random, STRATUM_RESAMPLE_CAP) -
          resampledMean(a.get(k)!, random, STRATUM_RESAMPLE_CAP));
    });
    samples[it] = d;
  }
  const p = bootstrapPValue(samples);
  const [lo, hi] = percentileInterval(samples);
  return {
    diff: round1(estimate),
    ciLow: round1(lo),
    ciHigh: round1(hi),
    p,
    strata: shared.length,
    tasksLeftOut: total(a) + total(b) - inShared,
  };
}
