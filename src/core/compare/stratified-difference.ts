import { seededRandom } from '../validity/index.js';
import { BOOTSTRAP_ITERATIONS, mean, percentileInterval, resampledMean, round1 } from './bootstrap-mean.js';
import { bootstrapPValue } from './holm.js';

/** One side's scores in one stratum. */
type Strata = ReadonlyMap<string, readonly number[]>;

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
  const shared = [...a.keys()].filter((k) => (a.get(k)?.length ?? 0) > 0 && (b.get(k)?.length ?? 0) > 0).sort();
  const total = (s: Strata) => [...s.values()].reduce((n, xs) => n + xs.length, 0);
  if (shared.length === 0) return null;
  const pooled = shared.map((k) => a.get(k)!.length + b.get(k)!.length);
  const inShared = pooled.reduce((n, x) => n + x, 0);
  const weights = pooled.map((n) => n / inShared);
  const estimate = shared.reduce((sum, k, i) => sum + weights[i]! * (mean(b.get(k)!) - mean(a.get(k)!)), 0);
  const random = seededRandom(seed);
  const samples = new Array<number>(iterations);
  for (let it = 0; it < iterations; it += 1) {
    let d = 0;
    shared.forEach((k, i) => {
      d += weights[i]! * (resampledMean(b.get(k)!, random) - resampledMean(a.get(k)!, random));
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
