import { describe, expect, it } from 'vitest';
import { seededRandom } from '../validity/index.js';
import { percentileInterval, RESAMPLE_CAP, resampledMean } from './bootstrap-mean.js';

/** Integer scores 0..100, skewed as real ones are (many strong, a tail of failing). */
function scores(n: number): number[] {
  const random = seededRandom(7);
  return Array.from({ length: n }, () => Math.min(100, Math.round(95 - 60 * random() ** 3 - 10 * random())));
}

function interval(xs: readonly number[], cap: number): [number, number] {
  const random = seededRandom(1);
  return percentileInterval(Array.from({ length: 2_000 }, () => resampledMean(xs, random, cap)));
}

describe('resampledMean', () => {
  it("draws a large group's resample from its normal limit, giving the exact bootstrap's interval", () => {
    const xs = scores(4 * RESAMPLE_CAP);
    const [lowExact, highExact] = interval(xs, Number.POSITIVE_INFINITY);
    const [low, high] = interval(xs, RESAMPLE_CAP);
    // Intervals are shown to one decimal: the two agree well within that.
    expect(Math.abs(low - lowExact)).toBeLessThan(0.05);
    expect(Math.abs(high - highExact)).toBeLessThan(0.05);
  });

  it('resamples every value of a group up to the cap', () => {
    const xs = [10, 90];
    const random = seededRandom(3);
    const means = new Set(Array.from({ length: 200 }, () => resampledMean(xs, random)));
    // Two values resampled: the mean is 10, 50 or 90, never anything between.
    expect([...means].sort((a, b) => a - b)).toEqual([10, 50, 90]);
  });
});
