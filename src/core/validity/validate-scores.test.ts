import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.js';
import { sizeDeciles } from './size-deciles.js';
import { validateScores, type ValidationItem } from './validate-scores.js';

function items(n: number, seed: number): ValidationItem[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, (_, k) => {
    const size = Math.floor(random() * 500);
    const bad = random() < 0.2 + size / 1000;
    const toq = Math.round(Math.max(0, Math.min(100, 70 - (bad ? 10 : 0) - size / 50 + random() * 20)));
    return {
      taskId: `T-${k}`,
      scores: {
        agentPerformance: 70,
        taskOutcomeQuality: toq,
        processCompliance: k % 2 ? 60 : 68,
        overall: Math.round(21 + 0.45 * toq + 16),
      },
      rulePoints: (bad ? { 'taskOutcomeQuality:risk.size': -10 } : {}) as Record<string, number>,
      label: bad,
      size,
    };
  });
}

describe('validateScores', () => {
  it('takes AUC within each project and resamples whole projects when items come from several', () => {
    // Six repositories: in the well-kept ones scores are high and little goes bad, but within any one of them
    // the score says nothing. Pooled, the score looks predictive; within projects it is chance.
    const random = seededRandom(11);
    const data: ValidationItem[] = [];
    for (let p = 0; p < 6; p += 1) {
      const level = p < 3 ? 80 : 40;
      for (let k = 0; k < 60; k += 1) {
        const score = level + Math.floor(random() * 10);
        const s = { agentPerformance: score, taskOutcomeQuality: score, processCompliance: score, overall: score };
        data.push({
          taskId: `PR-${k}`,
          scores: s,
          rulePoints: {},
          label: random() < (p < 3 ? 0.1 : 0.6),
          size: null,
          project: `repo-${p}`,
        });
      }
    }
    const pooled = validateScores(data, { label: 'closed unmerged', iterations: 300 });
    expect(pooled.projects).toBe(6);
    expect(pooled.bootstrap.by).toBe('project');
    expect(pooled.categories.overall.auc!).toBeGreaterThan(0.7);
    expect(Math.abs(pooled.categories.overall.withinProjectAuc! - 0.5)).toBeLessThan(0.08);
    // Resampling six projects is far less sure than resampling 360 tasks as if they were independent.
    const asTasks = validateScores(
      data.map((d) => ({ ...d, project: null })),
      { label: 'closed unmerged', iterations: 300 },
    );
    const width = (r: typeof pooled) => r.categories.overall.ciHigh! - r.categories.overall.ciLow!;
    expect(asTasks.projects).toBe(1);
    expect(asTasks.categories.overall.withinProjectAuc).toBeNull();
    expect(width(pooled)).toBeGreaterThan(width(asTasks) * 1.5);
    // Two projects are too few to draw: tasks are drawn within each, and the interval stays an interval.
    const two = validateScores(
      data.filter((d) => d.project === 'repo-0' || d.project === 'repo-5'),
      { label: 'closed unmerged', iterations: 300 },
    );
    expect(two.bootstrap.by).toBe('task within project');
    expect(two.categories.overall.ciLow!).toBeLessThan(two.categories.overall.auc!);
    expect(two.categories.overall.ciHigh!).toBeGreaterThan(two.categories.overall.auc!);
  });

  it('calls between after each score and before each rule, and reports the same as without it', () => {
    const data = items(400, 7);
    let calls = 0;
    const report = validateScores(data, { label: 'bugIntroducing', iterations: 50, between: () => void calls++ });
    // Three categories and overall, then one rule.
    expect(calls).toBe(4 + 1);
    expect(report).toEqual(validateScores(data, { label: 'bugIntroducing', iterations: 50 }));
  });

  it('gives the same report for the same items, every time', () => {
    const data = items(400, 7);
    expect(validateScores(data, { label: 'bugIntroducing' })).toEqual(
      validateScores(data, { label: 'bugIntroducing' }),
    );
  });

  it('reports counts, AUC with an interval around it, a constant as chance with one value, and rules with how often they fired', () => {
    const data = items(400, 3);
    const report = validateScores(data, { label: 'bugIntroducing', iterations: 300 });
    expect(report.kind).toBe('binary');
    expect(report.bad! + report.good!).toBe(400);
    const toq = report.categories.taskOutcomeQuality;
    expect(toq.auc!).toBeGreaterThan(0.6);
    expect(toq.ciLow!).toBeLessThanOrEqual(toq.auc!);
    expect(toq.ciHigh!).toBeGreaterThanOrEqual(toq.auc!);
    expect(toq.withinSizeAuc!).toBeLessThan(toq.auc!);
    expect(report.categories.agentPerformance).toMatchObject({ auc: 0.5, distinct: 1, topShare: 1 });
    expect(report.categories.processCompliance.distinct).toBe(2);
    expect(report.rules).toEqual([{ rule: 'taskOutcomeQuality:risk.size', fired: report.bad, auc: 1, rho: null }]);
  });

  it('uses Spearman for numeric ratings', () => {
    const data = items(50, 5).map((item, k) => ({ ...item, label: item.scores.taskOutcomeQuality + (k % 3) }));
    const report = validateScores(data, { label: 'rating', iterations: 100 });
    expect(report.kind).toBe('ordinal');
    expect(report.bad).toBeNull();
    expect(report.categories.taskOutcomeQuality.rho!).toBeGreaterThan(0.9);
    expect(report.categories.taskOutcomeQuality.auc).toBeNull();
  });
});

describe('sizeDeciles', () => {
  it('cuts sizes into ten groups by rank, keeps equal sizes together, and leaves unknown sizes out', () => {
    const sizes = Array.from({ length: 20 }, (_, k) => k);
    expect(sizeDeciles(sizes)).toEqual(sizes.map((k) => Math.floor(k / 2)));
    expect(sizeDeciles([0, 0, 0, 5, null])).toEqual([0, 0, 0, 7, -1]);
  });
});
