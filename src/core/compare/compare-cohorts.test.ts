import { describe, expect, it } from 'vitest';
import { compareCohorts, type ComparedItem } from './compare-cohorts.js';
import { comparePaired } from './compare-paired.js';

const item = (
  taskId: string,
  overall: number,
  rest: [number, number, number] = [overall, overall, overall],
): ComparedItem => ({
  taskId,
  resultId: `res_${taskId}`,
  scores: { agentPerformance: rest[0], taskOutcomeQuality: rest[1], processCompliance: rest[2], overall },
});

// Twenty overall scores per model, with means and normal-approximation 95% intervals worked out by hand
// (mean ± 1.96 · sd / √n, sd over n): a: mean 70.0, sd 5.83 → 67.4–72.6; b: mean 60.0 → 57.4–62.6;
// b − a: −10.0 ± 1.96 · √(2 · 5.83² / 20) → −13.6 to −6.4.
const A = [60, 62, 64, 66, 68, 70, 72, 74, 76, 78, 62, 64, 66, 68, 70, 72, 74, 76, 78, 80].map((s, i) =>
  item(`A-${i}`, s),
);
const B = A.map((x, i) => item(`B-${i}`, x.scores.overall - 10));
const table = {
  a: { mean: 70.0, low: 67.4, high: 72.6 },
  b: { mean: 60.0, low: 57.4, high: 62.6 },
  diff: { mean: -10.0, low: -13.6, high: -6.4 },
};

describe('compareCohorts', () => {
  it('gives means and bootstrap intervals that agree with the independent table, and a clear difference', () => {
    const report = compareCohorts(
      new Map([
        ['model-a', A],
        ['model-b', B],
      ]),
      { by: 'model' },
    );
    const [a, b] = report.cohorts;
    expect(a).toMatchObject({ key: 'model-a', n: 20, compared: true });
    expect(a!.categories.overall.mean).toBe(table.a.mean);
    expect(b!.categories.overall.mean).toBe(table.b.mean);
    expect(Math.abs(a!.categories.overall.ciLow! - table.a.low)).toBeLessThanOrEqual(0.6);
    expect(Math.abs(a!.categories.overall.ciHigh! - table.a.high)).toBeLessThanOrEqual(0.6);
    expect(Math.abs(b!.categories.overall.ciLow! - table.b.low)).toBeLessThanOrEqual(0.6);
    expect(Math.abs(b!.categories.overall.ciHigh! - table.b.high)).toBeLessThanOrEqual(0.6);
    const overall = report.differences.find((d) => d.category === 'overall')!;
    expect(overall).toMatchObject({
      a: 'model-a',
      b: 'model-b',
      diff: table.diff.mean,
      paired: false,
      n: 40,
      clear: true,
    });
    expect(Math.abs(overall.ciLow - table.diff.low)).toBeLessThanOrEqual(0.8);
    expect(Math.abs(overall.ciHigh - table.diff.high)).toBeLessThanOrEqual(0.8);
    expect(a!.bands).toEqual({ failing: 0, weak: 0, acceptable: 15, strong: 5, excellent: 0 });
  });

  it('gives the same figures for the same data every time, and calls an interval across zero no clear difference', () => {
    const C = A.map((x, i) => item(`C-${i}`, x.scores.overall + (i % 2 ? 1 : -1)));
    const once = compareCohorts(
      new Map([
        ['a', A],
        ['c', C],
      ]),
      { by: 'agent' },
    );
    expect(
      compareCohorts(
        new Map([
          ['a', A],
          ['c', C],
        ]),
        { by: 'agent' },
      ),
    ).toEqual(once);
    const overall = once.differences.find((d) => d.category === 'overall')!;
    expect(overall.clear).toBe(false);
    expect(overall.ciLow).toBeLessThan(0);
    expect(overall.ciHigh).toBeGreaterThan(0);
  });

  it('lists small and unknown cohorts without comparing them, saying why', () => {
    const report = compareCohorts(
      new Map([
        ['a', A],
        ['b', B],
        ['tiny', A.slice(0, 3)],
        ['(unknown)', A.slice(0, 12)],
      ]),
      { by: 'model', minN: 10, unknownKey: '(unknown)' },
    );
    expect(report.cohorts.map((c) => [c.key, c.compared, c.reason])).toEqual([
      ['a', true, null],
      ['b', true, null],
      ['(unknown)', false, 'no model recorded'],
      ['tiny', false, 'fewer than 10 tasks (--min-n)'],
    ]);
    expect(new Set(report.differences.map((d) => `${d.a}|${d.b}`))).toEqual(new Set(['a|b']));
  });
});

describe('comparePaired', () => {
  it('pairs tasks by id: mean of b − a with a paired interval, band moves and the largest movers', () => {
    const before = [item('T-1', 50), item('T-2', 70), item('T-3', 80), item('T-4', 65), item('T-only-a', 10)];
    const after = [item('T-1', 62), item('T-2', 71), item('T-3', 74), item('T-4', 65), item('T-only-b', 99)];
    const report = comparePaired({ key: 'run_a', items: before }, { key: 'run_b', items: after });
    expect(report).toMatchObject({
      a: 'run_a',
      b: 'run_b',
      n: 4,
      onlyA: 1,
      onlyB: 1,
      bands: { better: 1, worse: 1, same: 2 },
    });
    // (12 + 1 − 6 + 0) / 4 = 1.75
    const overall = report.differences.find((d) => d.category === 'overall')!;
    expect(overall).toMatchObject({ diff: 1.8, paired: true, n: 4 });
    expect(overall.ciLow).toBeLessThanOrEqual(overall.diff);
    expect(overall.ciHigh).toBeGreaterThanOrEqual(overall.diff);
    expect(report.movers.map((m) => [m.taskId, m.delta])).toEqual([
      ['T-1', 12],
      ['T-3', -6],
      ['T-2', 1],
    ]);
    expect(report.movers[0]).toMatchObject({
      a: { resultId: 'res_T-1', band: 'weak' },
      b: { resultId: 'res_T-1', band: 'acceptable' },
    });
  });

  it('finds a consistent small drop clearly, which an unpaired comparison of the same scores would not', () => {
    const before = A.map((x) => item(x.taskId, x.scores.overall));
    const after = A.map((x) => item(x.taskId, x.scores.overall - 2));
    const paired = comparePaired({ key: 'a', items: before }, { key: 'b', items: after }).differences.find(
      (d) => d.category === 'overall',
    )!;
    expect(paired).toMatchObject({ diff: -2, ciLow: -2, ciHigh: -2, clear: true });
    const unpaired = compareCohorts(
      new Map([
        ['a', before],
        ['b', after.map((x, i) => ({ ...x, taskId: `x${i}` }))],
      ]),
      { by: 'run' },
    ).differences.find((d) => d.category === 'overall')!;
    expect(unpaired.clear).toBe(false);
  });
});
