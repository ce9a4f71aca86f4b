import { describe, expect, it } from 'vitest';
import { sizeDeciles } from '../validity/index.js';
import { sampleOfCounts } from './bootstrap-mean.js';
import { cellsOfGroups, decilesOfCells, mergeCell, sizeClass, type CompareCell } from './compare-cell.js';
import { compareCohortCells, compareCohorts } from './compare-cohorts.js';
import type { ComparedItem } from './compared-item.js';

/** `n` tasks of a cohort over two projects, with sizes (some unknown), scores and spend that vary. */
function items(prefix: string, n: number, shift: number): ComparedItem[] {
  return Array.from({ length: n }, (_, i) => {
    const x = (k: number) => Math.min(100, ((i * k + shift) % 90) + (i % 3) * 5);
    return {
      taskId: `${prefix}-${i}`,
      resultId: `r-${prefix}-${i}`,
      scores: { agentPerformance: x(37), taskOutcomeQuality: x(53), processCompliance: x(29), overall: x(41) },
      size: i % 6 === 0 ? null : (i * 17) % 3_000,
      project: i % 2 ? 'alpha' : 'beta',
      spend: { agentTokens: i % 4 ? 1000 + i : null, agentCostUsd: i % 5 ? 0.5 : null, judgeCostUsd: 0.25 },
    };
  });
}

describe('compare cells', () => {
  it('give each size the decile validate gives its size class', () => {
    const groups = new Map([
      ['a', items('a', 400, 3)],
      ['b', items('b', 250, 11)],
    ]);
    const all = [...groups.values()].flat();
    const classed = all.map((i) => (i.size === null || i.size === undefined ? null : sizeClass(i.size)));
    const deciles = sizeDeciles(classed);
    const ofCells = decilesOfCells(cellsOfGroups(groups));
    expect(ofCells.size).toBeGreaterThan(20);
    classed.forEach((size, k) => {
      if (size !== null) expect(ofCells.get(size)).toBe(deciles[k]);
    });
  });

  it('class sizes exactly below 100 lines and to two significant digits above', () => {
    expect([0, 7, 99, 100, 105, 999, 1_000, 1_049, 12_345, 1_000_001].map(sizeClass)).toEqual([
      0, 7, 99, 100, 100, 990, 1_000, 1_000, 12_000, 1_000_000,
    ]);
  });

  it('compare the same however the tasks are split into cells, as a store that sums them apart would', () => {
    const groups = new Map([
      ['a', items('a', 1_400, 3)],
      ['b', items('b', 900, 11)],
      ['c', items('c', 60, 7)],
    ]);
    const whole = compareCohorts(groups, { by: 'model', iterations: 400 });
    // The same tasks summed in two halves, then the halves' cells merged in another order.
    const halves = [0, 1].map((h) =>
      cellsOfGroups(new Map([...groups].map(([k, xs]) => [k, xs.filter((_, i) => i % 2 === h)]))),
    );
    const merged = new Map<string, CompareCell>();
    for (const cell of [...halves[1]!, ...halves[0]!]) {
      const key = JSON.stringify([cell.cohort, cell.project, cell.size]);
      const into = merged.get(key);
      if (into) mergeCell(into, cell);
      else merged.set(key, cell);
    }
    const fromCells = compareCohortCells([...merged.values()], { by: 'model', iterations: 400 });
    expect(fromCells).toEqual(whole);
    expect(whole.differences.filter((d) => d.adjusted !== null).length).toBeGreaterThan(0);
    expect(whole.cohorts.map((c) => c.n)).toEqual([1_400, 900, 60]);
  });

  it('summarise scores counted by value with their mean and spread, and their values up to the cap', () => {
    const counts = new Array<number>(101).fill(0);
    counts[10] = 2;
    counts[70] = 3;
    const sample = sampleOfCounts(counts);
    expect(sample).toMatchObject({ n: 5, mean: 46, values: [10, 10, 70, 70, 70] });
    expect(sample.sd).toBeCloseTo(Math.sqrt((2 * 36 ** 2 + 3 * 24 ** 2) / 5), 10);
    expect(sampleOfCounts(counts, 4).values).toBeNull();
  });
});
