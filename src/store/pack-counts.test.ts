import { describe, expect, it } from 'vitest';
import { emptyCellCounts } from '../core/index.js';
import { packCounts, unpackCounts } from './pack-counts.js';

describe('packCounts', () => {
  it('keeps a few counts as packed entries and reads them back', () => {
    const counts = emptyCellCounts();
    counts[0] = 1;
    counts[57] = 3;
    counts[403] = 4_194_303;
    const blob = packCounts(counts);
    expect(blob.byteLength).toBe(12);
    expect(unpackCounts(blob)).toEqual(counts);
  });

  it('keeps every count as it is when packing would not be smaller or a count is too large to pack', () => {
    const full = emptyCellCounts().fill(2);
    expect(packCounts(full).byteLength).toBe(1_616);
    expect(unpackCounts(packCounts(full))).toEqual(full);
    const large = emptyCellCounts();
    large[10] = 5_000_000;
    expect(packCounts(large).byteLength).toBe(1_616);
    expect(unpackCounts(packCounts(large))).toEqual(large);
  });

  it('reads a blob at an offset of a larger buffer, as a driver may hand it over', () => {
    const counts = emptyCellCounts();
    counts[200] = 9;
    const blob = packCounts(counts);
    const shifted = Buffer.concat([Buffer.from([1, 2, 3]), blob]).subarray(3);
    expect(unpackCounts(shifted)).toEqual(counts);
  });
});
