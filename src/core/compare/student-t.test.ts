import { describe, expect, it } from 'vitest';
import { normalCdf, studentTCdf, studentTQuantile, studentTTwoSided } from './student-t.js';

describe("Student's t", () => {
  it('gives the tabled 97.5% quantiles', () => {
    // Tables of the t distribution (e.g. NIST/SEMATECH e-Handbook, 1.3.6.7.2).
    for (const [df, q] of [
      [1, 12.706],
      [2, 4.303],
      [3, 3.182],
      [5, 2.571],
      [10, 2.228],
      [30, 2.042],
      [100, 1.984],
    ] as const)
      expect(studentTQuantile(0.975, df)).toBeCloseTo(q, 2);
    expect(studentTQuantile(0.975, Number.POSITIVE_INFINITY)).toBeCloseTo(1.96, 2);
  });

  it('is symmetric, and its two-sided p-value is 0.05 at the quantile', () => {
    expect(studentTCdf(0, 7)).toBeCloseTo(0.5, 10);
    expect(studentTCdf(-1.3, 4) + studentTCdf(1.3, 4)).toBeCloseTo(1, 10);
    expect(studentTTwoSided(studentTQuantile(0.975, 6), 6)).toBeCloseTo(0.05, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
  });
});
