import { describe, expect, it } from 'vitest';
import { cohenKappa, type RatingPair } from './cohen-kappa.js';

const repeat = (pair: RatingPair, times: number): RatingPair[] => Array.from({ length: times }, () => pair);

describe('cohenKappa', () => {
  it('gives the textbook 0.4 for 20 yes-yes, 5 yes-no, 10 no-yes and 15 no-no', () => {
    const pairs = [...repeat([1, 1], 20), ...repeat([1, 0], 5), ...repeat([0, 1], 10), ...repeat([0, 0], 15)];
    expect(cohenKappa(pairs, [0, 1])).toBeCloseTo(0.4, 10);
  });

  it('is 1 for perfect agreement and below 0 for systematic disagreement', () => {
    expect(
      cohenKappa(
        [
          [1, 1],
          [2, 2],
          [3, 3],
        ],
        [1, 2, 3],
      ),
    ).toBe(1);
    expect(
      cohenKappa(
        [
          [0, 1],
          [1, 0],
        ],
        [0, 1],
      ),
    ).toBe(-1);
  });

  it('weighs a near miss less than a far one on an ordered scale (quadratic weights)', () => {
    const near: RatingPair[] = [
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 4],
    ];
    const far: RatingPair[] = [
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 1],
    ];
    const nearK = cohenKappa(near, [1, 2, 3, 4, 5], 'quadratic')!;
    const farK = cohenKappa(far, [1, 2, 3, 4, 5], 'quadratic')!;
    // Unweighted, both miss once; weighted, the near miss keeps most of the agreement.
    expect(cohenKappa(near, [1, 2, 3, 4, 5])).toBeCloseTo(cohenKappa(far, [1, 2, 3, 4, 5])!, 10);
    expect(nearK).toBeGreaterThan(0.9);
    expect(farK).toBeLessThan(0.5);
  });

  it('matches a hand computation of quadratic weighted kappa', () => {
    // Rater A 1,2,3 and rater B 1,3,3 on 1..3: observed weighted disagreement (1/2)^2 = 0.25 over 3 pairs;
    // expected from the margins A{1,2,3} × B{1,3,3}: Σ w·ra·cb / n = (0 + 1 + 1 + 0.25 + 0.25 + 0.25 + 1 + 0 + 0) / 3 = 3.75 / 3.
    expect(
      cohenKappa(
        [
          [1, 1],
          [2, 3],
          [3, 3],
        ],
        [1, 2, 3],
        'quadratic',
      ),
    ).toBeCloseTo(1 - 0.25 / (3.75 / 3), 10);
  });

  it('is null when chance explains everything or there is nothing to compare', () => {
    expect(
      cohenKappa(
        [
          [1, 1],
          [1, 1],
        ],
        [0, 1],
      ),
    ).toBeNull();
    expect(cohenKappa([], [0, 1])).toBeNull();
  });

  it('refuses a rating off the scale', () => {
    expect(() => cohenKappa([[7, 1]], [0, 1])).toThrow(/not on the scale/);
  });
});
