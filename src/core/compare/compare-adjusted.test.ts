import { describe, expect, it } from 'vitest';
import { compareCohorts, type ComparedItem } from './compare-cohorts.js';
import { holmRejects } from './holm.js';
import { likeForLikeDifference, moments } from './like-for-like.js';

// Scores that fall with the size of the change: what a size-driven rubric gives any agent.
const byWork = (size: number, jitter: number) =>
  Math.max(0, Math.min(100, Math.round(85 - 12 * Math.log10(1 + size) + jitter)));
const item = (id: string, size: number | null, overall: number, project = 'p'): ComparedItem => ({
  taskId: id,
  resultId: `res_${id}`,
  scores: { agentPerformance: overall, taskOutcomeQuality: overall, processCompliance: overall, overall },
  size,
  project,
});
const jitter = (i: number) => ((i * 7919) % 11) - 5;

/** Two agents that score the same for the same size, one handed mostly small tasks, the other mostly large ones. */
function sameWorkOtherSizes(): Map<string, ComparedItem[]> {
  const small: ComparedItem[] = [];
  const large: ComparedItem[] = [];
  const sizes = [2, 5, 10, 20, 40, 80, 160, 320, 640, 1280];
  sizes.forEach((size, s) => {
    for (let k = 0; k < 30; k += 1) {
      // Of each small size the "small" agent gets four tasks in five; of each large size, one in five.
      const toSmall = s < 5 ? k % 5 !== 0 : k % 5 === 0;
      const i = s * 30 + k;
      (toSmall ? small : large).push(item(`${toSmall ? 'S' : 'L'}-${i}`, size, byWork(size, jitter(i))));
    }
  });
  return new Map([
    ['small-tasks', small],
    ['large-tasks', large],
  ]);
}

describe('compareCohorts, adjusted for what each cohort was given', () => {
  it('finds the raw difference that task size alone makes, and no difference like for like', () => {
    const report = compareCohorts(sameWorkOtherSizes(), { by: 'agent', minN: 10 });
    const overall = report.differences.find((d) => d.category === 'overall')!;
    // a is large-tasks (equal n, by name): the small-task agent looks clearly better raw.
    expect(overall).toMatchObject({ a: 'large-tasks', b: 'small-tasks' });
    expect(overall.raw.ciLow).toBeGreaterThan(0);
    expect(overall.adjusted).not.toBeNull();
    expect(overall.adjusted!.ciLow).toBeLessThan(0);
    expect(overall.adjusted!.ciHigh).toBeGreaterThan(0);
    expect(overall.clear).toBe(false);
    expect(report.strata).toEqual(['size decile (code lines added)']);
  });

  it('finds a difference that holds at every size', () => {
    const groups = sameWorkOtherSizes();
    const worse = groups.get('large-tasks')!.map((x) => item(x.taskId, x.size!, x.scores.overall - 8));
    const report = compareCohorts(
      new Map([
        ['small-tasks', groups.get('small-tasks')!],
        ['worse', worse],
      ]),
      { by: 'agent' },
    );
    const overall = report.differences.find((d) => d.category === 'overall')!;
    expect(overall.clear).toBe(true);
    expect(overall.adjusted!.diff).toBeLessThan(-5);
    expect(overall.adjusted!.ciHigh).toBeLessThan(0);
  });

  it('says two cohorts cannot be compared fairly when fewer than half their tasks share a stratum', () => {
    const a = Array.from({ length: 20 }, (_, i) => item(`A-${i}`, 1 + (i % 3), 80));
    const b = Array.from({ length: 20 }, (_, i) => item(`B-${i}`, 1000 + i, 50));
    const report = compareCohorts(
      new Map([
        ['a', a],
        ['b', b],
      ]),
      { by: 'agent' },
    );
    const overall = report.differences.find((d) => d.category === 'overall')!;
    expect(overall.adjusted).toBeNull();
    expect(overall.reason).toMatch(
      /^cannot be compared fairly: only \d+ of 40 tasks fall in strata both cohorts have$/,
    );
    expect(overall.clear).toBe(false);
  });

  it('stratifies by project too when the results span several', () => {
    const a = Array.from({ length: 20 }, (_, i) => item(`A-${i}`, 10, 70, i % 2 ? 'p1' : 'p2'));
    const b = Array.from({ length: 20 }, (_, i) => item(`B-${i}`, 10, 70, i % 2 ? 'p1' : 'p2'));
    expect(
      compareCohorts(
        new Map([
          ['a', a],
          ['b', b],
        ]),
        { by: 'agent' },
      ).strata,
    ).toEqual(['size decile (code lines added)', 'project']);
  });

  it('corrects the verdict for several pairs with Holm, gives no interval under --min-n, and the same figures for the same seed', () => {
    const base = Array.from({ length: 30 }, (_, i) => item(`X-${i}`, 10, 70 + jitter(i)));
    const groups = new Map([
      ['a', base],
      ['b', base.map((x, i) => item(`Y-${i}`, 10, x.scores.overall + 2))],
      ['c', base.map((x, i) => item(`Z-${i}`, 10, x.scores.overall - 1))],
      ['tiny', base.slice(0, 3).map((x, i) => item(`T-${i}`, 10, x.scores.overall))],
    ]);
    const report = compareCohorts(groups, { by: 'model', minN: 10 });
    expect(report.differences.every((d) => d.correction === 'holm over 3 pairs')).toBe(true);
    expect(report.cohorts.find((c) => c.key === 'tiny')!.categories.overall).toEqual({
      mean: expect.any(Number),
      ciLow: null,
      ciHigh: null,
    });
    expect(compareCohorts(groups, { by: 'model', minN: 10 })).toEqual(report);
  });
});

describe('holmRejects', () => {
  it('steps down: the smallest p against alpha/m, the next against alpha/(m-1), stopping at the first that fails', () => {
    expect(holmRejects([0.01, 0.04, 0.03, 0.005], 0.05)).toEqual([true, false, false, true]);
    expect(holmRejects([0.04], 0.05)).toEqual([true]);
    expect(holmRejects([0.02, 0.02], 0.05)).toEqual([true, true]);
  });
});

describe('likeForLikeDifference', () => {
  it('weights strata by their pooled size and leaves out a stratum only one side has', () => {
    const m = (xs: number[]) => moments(xs);
    const a = new Map([
      ['s1', m([10, 12])],
      ['s2', m([50, 52, 50, 48])],
      ['s3', m([99])],
    ]);
    const b = new Map([
      ['s1', m([20, 22])],
      ['s2', m([50, 50])],
    ]);
    // s1: diff 10, weight 4/10; s2: diff 0, weight 6/10; s3 left out (1 task).
    const { difference } = likeForLikeDifference(a, b, 'mean');
    expect(difference).toMatchObject({ diff: 4, strata: 2, tasksLeftOut: 1 });
    expect(likeForLikeDifference(new Map([['x', m([1])]]), new Map([['y', m([1])]]), 'mean').difference).toBeNull();
  });
});

describe('cohort spend', () => {
  it('gives tokens, agent and judge cost and the overall per dollar where costs are known', () => {
    const items = [
      { ...item('A', 10, 80), spend: { agentTokens: 1000, agentCostUsd: 0.5, judgeCostUsd: 0.01 } },
      { ...item('B', 10, 60), spend: { agentTokens: 3000, agentCostUsd: 1.5, judgeCostUsd: 0.03 } },
      { ...item('C', 10, 70), spend: { agentTokens: null, agentCostUsd: null, judgeCostUsd: null } },
    ];
    const report = compareCohorts(new Map([['a', items]]), { by: 'agent', minN: 1 });
    // Mean overall of the costed tasks (70) over their mean cost per task ((0.51 + 1.53) / 2 = 1.02).
    expect(report.cohorts[0]!.spend).toEqual({
      tokenTasks: 2,
      meanAgentTokens: 2000,
      agentCostTasks: 2,
      agentCostUsd: 2,
      judgeCostTasks: 2,
      judgeCostUsd: 0.04,
      overallPerDollar: 68.6,
    });
  });
});
