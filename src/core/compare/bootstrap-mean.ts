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

/**
 * Scores summarised as a comparison resamples them: count, mean and spread, and the values themselves
 * (sorted) when there are no more than RESAMPLE_CAP of them. Made from counts per score, so a store can
 * hand a comparison a few numbers per group instead of every result.
 */
export interface ScoreSample {
  readonly n: number;
  readonly mean: number;
  readonly sd: number;
  readonly values: readonly number[] | null;
}

/** Scores as values, or as a sample made from their counts. */
export type Resampled = readonly number[] | ScoreSample;

const isSample = (xs: Resampled): xs is ScoreSample => !Array.isArray(xs);
export const sizeOf = (xs: Resampled) => (isSample(xs) ? xs.n : (xs as readonly number[]).length);
export const meanOf = (xs: Resampled) => (isSample(xs) ? xs.mean : mean(xs as readonly number[]));

/** The sample of scores counted by value (`counts[v]` scores equal v), its values kept up to `cap`. */
export function sampleOfCounts(counts: ArrayLike<number>, cap = RESAMPLE_CAP): ScoreSample {
  let n = 0;
  let sum = 0;
  for (let v = 0; v < counts.length; v++) ((n += counts[v]!), (sum += v * counts[v]!));
  const mu = n ? sum / n : 0;
  let squares = 0;
  for (let v = 0; v < counts.length; v++) squares += counts[v]! * (v - mu) ** 2;
  let values: number[] | null = null;
  if (n <= cap) {
    values = [];
    for (let v = 0; v < counts.length; v++) for (let k = 0; k < counts[v]!; k++) values.push(v);
  }
  return { n, mean: mu, sd: n ? Math.sqrt(squares / n) : 0, values };
}

const moments = new WeakMap<readonly number[], { mean: number; sd: number }>();

/** The mean of one resample of `xs` with replacement (its normal limit above `cap` values). */
export function resampledMean(input: Resampled, random: () => number, cap = RESAMPLE_CAP): number {
  if (isSample(input)) {
    if (input.values === null || input.n > cap)
      return input.mean + (input.sd / Math.sqrt(input.n)) * standardNormal(random);
    return resampledMean(input.values, random, cap);
  }
  const xs = input as readonly number[];
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
export function bootstrapMean(xs: Resampled, seed: number, iterations = BOOTSTRAP_ITERATIONS): MeanCi {
  if (sizeOf(xs) === 0) throw new RangeError('bootstrapMean needs at least one value');
  const random = seededRandom(seed);
  const samples = Array.from({ length: iterations }, () => resampledMean(xs, random));
  const [lo, hi] = percentileInterval(samples);
  return { mean: round1(meanOf(xs)), ciLow: round1(lo), ciHigh: round1(hi) };
}
