import { seededRandom } from '../validity/index.js';
import { BOOTSTRAP_ITERATIONS } from './bootstrap-mean.js';
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

const round1 = (x: number) => Math.round(x * 10) / 10;
const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * mean(b) − mean(a) taken within strata both sides share and weighted by the pooled size of each, with a
 * seeded percentile bootstrap that resamples each side within each stratum. Null when no stratum is shared.
 */
export function stratifiedDifference(a: Strata, b: Strata, seed: number, iterations = BOOTSTRAP_ITERATIONS): StratifiedDifference | null {
  const shared = [...a.keys()].filter((k) => (a.get(k)?.length ?? 0) > 0 && (b.get(k)?.length ?? 0) > 0).sort();
  const total = (s: Strata) => [...s.values()].reduce((n, xs) => n + xs.length, 0);
  if (shared.length === 0) return null;
  const pooled = shared.map((k) => a.get(k)!.length + b.get(k)!.length);
  const inShared = pooled.reduce((n, x) => n + x, 0);
  const weights = pooled.map((n) => n / inShared);
  const estimate = shared.reduce((sum, k, i) => sum + weights[i]! * (mean(b.get(k)!) - mean(a.get(k)!)), 0);
  const random = seededRandom(seed);
  const resampled = (xs: readonly number[]) => {
    let sum = 0;
    for (let i = 0; i < xs.length; i += 1) sum += xs[Math.floor(random() * xs.length)]!;
    return sum / xs.length;
  };
  const samples = new Array<number>(iterations);
  for (let it = 0; it < iterations; it += 1) {
    let d = 0;
    shared.forEach((k, i) => {
      d += weights[i]! * (resampled(b.get(k)!) - resampled(a.get(k)!));
    });
    samples[it] = d;
  }
  const p = bootstrapPValue(samples);
  samples.sort((x, y) => x - y);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.max(0, Math.floor(q * samples.length)))]!;
  return { diff: round1(estimate), ciLow: round1(at(0.025)), ciHigh: round1(at(0.975)), p, strata: shared.length, tasksLeftOut: total(a) + total(b) - inShared };
}
