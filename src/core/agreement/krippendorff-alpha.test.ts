import { describe, expect, it } from 'vitest';
import { krippendorffAlpha } from './krippendorff-alpha.js';

// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability": 4 observers, 12 units, missing values.
const A = [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null];
const B = [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3];
const C = [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null];
const D = [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null];
const units = A.map((_, u) => [A[u], B[u], C[u], D[u]].filter((v): v is number => v !== null));

describe('krippendorffAlpha', () => {
  it("reproduces the paper's worked example: nominal 0.743, interval 0.849", () => {
    expect(krippendorffAlpha(units, 'nominal')).toBeCloseTo(0.743, 3);
    expect(krippendorffAlpha(units, 'interval')).toBeCloseTo(0.849, 3);
  });

  it('is 1 when every unit agrees and leaves out units one person rated', () => {
    expect(krippendorffAlpha([[1, 1], [2, 2, 2], [5]], 'interval')).toBe(1);
  });

  it('is null with no unit rated twice or no variation at all', () => {
    expect(krippendorffAlpha([[1], [2]], 'nominal')).toBeNull();
    expect(
      krippendorffAlpha(
        [
          [3, 3],
          [3, 3],
        ],
        'nominal',
      ),
    ).toBeNull();
  });
});
