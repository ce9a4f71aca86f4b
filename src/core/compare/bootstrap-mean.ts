import { seededRandom } from '../validity/index.js';

/** A mean with its 95% bootstrap interval, one decimal each. */
export interface MeanCi {
  mean: number;
  ciLow: number;
  ciHigh: number;
}

export const BOOTSTRAP_ITERATIONS = 2_000;

export const round1 = (x: number) => Math.round(x * 10) / 10;
export const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The 2.5th and 97.5th percentiles of the samples (sorted in place). */
export function percentileInterval(samples: number[]): [number, number] {
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.max(0, Math.floor(p * samples.length)))]!;
  return [at(0.025), at(0.975)];
}

/**
 * Above this many values a resample's mean is drawn from its normal limit, N(mean, variance / n), instead of
 * by drawing every value: from 1,000 values on, that normal's interval differs from the exact bootstrap's by
 * no more than two exact bootstraps with other seeds differ (about 0.1 point), and a resample costs one draw
 * instead of n, so a comparison's cost is bounded whatever the cohorts' sizes.
 */
export const RESAMPLE_CAP = 1_000;

const moments = new WeakMap<readonly number[], { mean: number; sd: number }>();

/** The mean of one resample of `xs` with replacement (its normal limit above `cap` values). */
export function resampledMean(xs: readonly number[], random: () => number, cap = RESAMPLE_CAP): number {
  if (xs.length > cap) {
    let m = moments.get(xs);
    if (!m) {
      const mu = mean(xs);
      m = { mean: mu, sd: Math.sqrt(xs.reduce((s, x) => s + (x - mu) ** 2, 0) / xs.length) };
      moments.set(xs, m);
    }
    return m.mean + (m.sd / Math.sqrt(xs.length)) * standardNormal(random);
  }
  let sum = 0;
  for (let i = 0; i < xs.length; i++) sum += xs[Math.floor(random() * xs.length)]!;
  return sum / xs.length;
}

/** A standard normal draw from two uniform ones (Box–Muller), so the seed still decides every interval. */
function standardNormal(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** The mean of `xs` and its percentile bootstrap interval; the same seed gives the same interval. */
export function bootstrapMean(xs: readonly number[], seed: number, iterations = BOOTSTRAP_ITERATIONS): MeanCi {
  if (xs.length === 0) throw new RangeError('bootstrapMean needs at least one value');
  const random = seededRandom(seed);
  const samples = Array.from({ length: iterations }, () => resampledMean(xs, random));
  const [lo, hi] = percentileInterval(samples);
  return { mean: round1(mean(xs)), ciLow: round1(lo), ciHigh: round1(hi) };
}

/** mean(b) − mean(a) for two independent groups, each resampled on its own. */
export function bootstrapMeanDifference(
  a: readonly number[],
  b: readonly number[],
  seed: number,
  iterations = BOOTSTRAP_ITERATIONS,
): MeanCi {
  if (a.length === 0 || b.length === 0) throw new RangeError('bootstrapMeanDifference needs values in both groups');
  const random = seededRandom(seed);
  const samples = Array.from({ length: iterations }, () => resampledMean(b, random) - resampledMean(a, random));
  const [lo, hi] = percentileInterval(samples);
  return { mean: round1(mean(b) - mean(a)), ciLow: round1(lo), ciHigh: round1(hi) };
}
