import { describe, expect, it } from 'vitest';
import { ContractError } from './errors.js';
import { SCORE_BANDS, resolveScoreBand } from './score-bands.js';

describe('resolveScoreBand', () => {
  it.each([
    [0, 'failing'],
    [39, 'failing'],
    [40, 'weak'],
    [59, 'weak'],
    [60, 'acceptable'],
    [74, 'acceptable'],
    [75, 'strong'],
    [89, 'strong'],
    [90, 'excellent'],
    [100, 'excellent'],
  ])('puts %i in %s', (score, band) => {
    expect(resolveScoreBand(score)).toBe(band);
  });

  it('covers 0..100 with no gap and no overlap', () => {
    for (let s = 0; s <= 100; s++) expect(SCORE_BANDS.filter((b) => s >= b.min && s <= b.max)).toHaveLength(1);
  });

  it.each([-1, 101, 59.5, Number.NaN])('rejects %s', (score) => {
    expect(() => resolveScoreBand(score)).toThrow(ContractError);
  });
});
