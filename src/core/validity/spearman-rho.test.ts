import { describe, expect, it } from 'vitest';
import { spearmanRho } from './spearman-rho.js';

describe('spearmanRho', () => {
  it('is 1 and -1 for monotone pairs and matches a hand computation with ties', () => {
    expect(spearmanRho([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1, 12);
    expect(spearmanRho([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    // Ranks x: 1, 2.5, 2.5, 4; y: 1, 2, 3, 4 → r = 4.5 / sqrt(4.5 * 5).
    expect(spearmanRho([1, 2, 2, 3], [1, 2, 3, 4])).toBeCloseTo(4.5 / Math.sqrt(4.5 * 5), 12);
  });

  it('is null when a side is constant or too short', () => {
    expect(spearmanRho([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(spearmanRho([1], [1])).toBeNull();
  });
});
