import { describe, expect, it } from 'vitest';
import { compareCohortFates, type FateItem } from './compare-cohort-fates.js';
import { describeFateDifference } from './describe-fate-difference.js';
import type { TaskFate } from './task-fate.js';

const fate = (over: Partial<TaskFate> & { state?: 'merged' | 'closed' | 'open'; iterations?: number }): TaskFate => ({
  projectId: 'p',
  taskId: 'PR-1',
  kind: 'pull',
  pull: {
    state: over.state ?? 'merged',
    source: 'github',
    hoursToMerge: (over.state ?? 'merged') === 'merged' ? 5 : null,
    reviewRounds: 1,
    iterations: over.iterations ?? 0,
  },
  deliveredAt: '2026-03-01T00:00:00.000Z',
  reverted: (over.state ?? 'merged') === 'merged' ? false : null,
  fixed: (over.state ?? 'merged') === 'merged' ? false : null,
  fixWindowDays: 7,
  fixedLines: 0,
  computedAt: '2026-04-01T00:00:00.000Z',
  historyUntil: '2026-04-01T00:00:00.000Z',
  ...over,
});

const items = (
  cohort: string,
  states: ('merged' | 'closed' | 'open' | null)[],
  cost: number | null = null,
): FateItem[] =>
  states.map((s, i) => ({
    cohort,
    stratum: i % 2 ? 'small' : 'large',
    fate: s === null ? null : fate({ state: s }),
    agentCostUsd: cost,
  }));

describe('compareCohortFates', () => {
  it("leads with each cohort's rates over the tasks whose fate is known, and says a clear merge-rate gap in words", () => {
    const claude = items('claude', [...Array(19).fill('merged'), 'closed', null, 'open'] as never, 0.5);
    const copilot = items('copilot', [...Array(6).fill('merged'), ...Array(13).fill('closed')] as never);
    const report = compareCohortFates([...claude, ...copilot], { by: 'agent', strata: ['size'], minN: 10 });
    const c = report.cohorts.find((x) => x.key === 'claude')!;
    expect(c).toMatchObject({ n: 22, fatesKnown: 21, pulls: { merged: 19, closed: 1, open: 1, unmerged: 0 } });
    expect(c.rates.merged).toMatchObject({ n: 20, k: 19, rate: 0.95 });
    expect(c.medianHoursToMerge).toBe(5);
    // Costs known for every claude task; the 20 decided pull requests cost 10 over 19 merged.
    expect(c.cost).toEqual({ known: 22, perTaskUsd: 0.5, perMergedUsd: 0.526 });
    expect(report.cohorts.find((x) => x.key === 'copilot')!.cost).toEqual({
      known: 0,
      perTaskUsd: null,
      perMergedUsd: null,
    });
    const merged = report.differences.find((d) => d.rate === 'merged')!;
    expect(merged.clear).toBe(true);
    expect(describeFateDifference(merged, report.cohorts, 'same sizes')).toMatch(
      /^claude's pull requests were merged 95% \(20\) vs copilot's 32% \(19\); like for like \(same sizes\) \+\d+\.\d points, 95% CI \+\d+\.\d to \+\d+\.\d$/,
    );
  });

  it('gives no verdict on a gap the few tasks cannot carry', () => {
    const report = compareCohortFates(
      [...items('a', ['merged', 'merged', 'closed']), ...items('b', ['merged', 'closed', 'closed'])],
      { by: 'agent', strata: ['size'], minN: 3 },
    );
    const merged = report.differences.find((d) => d.rate === 'merged')!;
    expect(merged.clear).toBe(false);
    expect(describeFateDifference(merged, report.cohorts, 'same sizes')).toContain('no clear difference');
  });
});
