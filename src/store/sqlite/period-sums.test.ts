import { describe, expect, it } from 'vitest';
import type { ScoredTaskRow } from '../scored-task-row.js';
import { addToCells, type StoredCompareCell } from '../compare-cells.js';
import { cellOfSum, keyOfSum, PeriodSums } from './period-sums.js';

const row = (i: number, runId: string, evaluatedAt: string): ScoredTaskRow => ({
  id: `res_${i}`,
  taskId: `FN-${i}`,
  runId,
  evaluatedAt,
  mode: 'hybrid',
  rubricVersion: 'rubric-1',
  scores: {
    agentPerformance: i % 101,
    taskOutcomeQuality: (i * 7) % 101,
    processCompliance: 100,
    overall: (i * 3) % 101,
  },
  changeSize: 12,
  agent: 'codex',
  modelProvider: 'openai',
  modelId: 'gpt-5',
  labels: {},
  agentTokens: i % 2 ? 1_000 : null,
  agentCostUsd: null,
  judgeCostUsd: 0.5,
});

describe('PeriodSums', () => {
  it("sums each result into its run's and every run's month and day, as cells summed result by result", () => {
    const sums = new PeriodSums();
    // 300 results on one day: a sum listed as scores past 101 results, then counted at every place.
    const rows = Array.from({ length: 300 }, (_, i) =>
      row(i, i < 200 ? 'run_a' : 'run_b', `2026-03-0${1 + (i % 2)}T10:00:00.000Z`),
    );
    for (const r of rows) sums.add(r, 'proj');
    const byKey = new Map([...sums.all()].map((s) => [keyOfSum(s), cellOfSum(s)]));
    const expected = (keep: (r: ScoredTaskRow) => boolean) => {
      const cells = new Map<string, StoredCompareCell>();
      for (const r of rows.filter(keep)) addToCells(cells, r, 'proj', 1);
      return [...cells.values()][0];
    };
    const at = (runId: string, period: string) =>
      [...byKey].find(([key]) => key.startsWith(JSON.stringify([runId, period]).slice(0, -1)))![1];
    expect(at('', '2026-03')).toEqual(expected(() => true));
    expect(at('', '2026-03-01')).toEqual(expected((r) => r.evaluatedAt.startsWith('2026-03-01')));
    expect(at('run_a', '2026-03')).toEqual(expected((r) => r.runId === 'run_a'));
    expect(at('run_b', '2026-03-02')).toEqual(
      expected((r) => r.runId === 'run_b' && r.evaluatedAt.startsWith('2026-03-02')),
    );
    // Two runs and every run, a month and two days each.
    expect(byKey.size).toBe(9);
  });
});
