import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeAuc, computeGroupedAuc } from './compute-auc.js';

/** The definition, pair by pair: an independent computation to check the rank formula against. */
function pairwiseAuc(bad: number[], good: number[]): number {
  let sum = 0;
  for (const b of bad) for (const g of good) sum += b < g ? 1 : b === g ? 0.5 : 0;
  return sum / (bad.length * good.length);
}

const expand = (counts: number[]) => counts.flatMap((n, rating) => Array.from({ length: n }, () => rating + 1));

describe('computeAuc', () => {
  it('reproduces Hanley and McNeil (1982): 109 CT images rated 1-5, area 0.893', () => {
    // Abnormal images are the "good" ones here: the rating should rank them above the normal ones.
    const normal = expand([33, 6, 6, 11, 2]);
    const abnormal = expand([3, 2, 2, 11, 33]);
    expect(computeAuc(normal, abnormal)!.toFixed(3)).toBe('0.893');
  });

  it('is 1 for a perfect ranking, 0 for a reversed one, 0.5 when every score ties, null without both kinds', () => {
    expect(computeAuc([1, 2], [3, 4])).toBe(1);
    expect(computeAuc([3, 4], [1, 2])).toBe(0);
    expect(computeAuc([5, 5], [5, 5, 5])).toBe(0.5);
    expect(computeAuc([], [1])).toBeNull();
  });

  it('equals the pairwise definition on any scores', () => {
    const scores = fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(scores, scores, (bad, good) => Math.abs(computeAuc(bad, good)! - pairwiseAuc(bad, good)) < 1e-12),
    );
  });

  it('within groups counts only pairs of the same group', () => {
    const items = [
      { score: 1, bad: true, group: 0 },
      { score: 2, bad: false, group: 0 },
      { score: 9, bad: true, group: 1 },
      { score: 8, bad: false, group: 1 },
      { score: 10, bad: false, group: 1 },
    ];
    // Group 0: 1 of 1 pairs; group 1: 1 of 2 pairs.
    expect(computeGroupedAuc(items)).toBeCloseTo(2 / 3, 12);
    expect(
      computeGroupedAuc([
        { score: 1, bad: true, group: 0 },
        { score: 2, bad: false, group: 1 },
      ]),
    ).toBeNull();
  });
});
