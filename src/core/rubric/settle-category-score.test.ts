import { describe, expect, it } from 'vitest';
import { ContributionList } from './contribution-list.js';
import { settleCategoryScore } from './settle-category-score.js';

describe('settleCategoryScore', () => {
  it('clamps a sum above 100 down and writes the clamp as a contribution', () => {
    const list = new ContributionList('processCompliance');
    for (let i = 0; i < 5; i++) list.add('reviews.approved', 'approved', 10);
    const settled = settleCategoryScore({ list, caps: [] });
    expect(settled.score).toBe(100);
    expect(settled.contributions.at(-1)).toMatchObject({
      rule: 'score.clamp',
      points: -20,
      label: 'Sum 120 clamped to 100',
    });
  });

  it('applies the lowest biting cap once and leaves the list it was given unchanged', () => {
    const list = new ContributionList('taskOutcomeQuality');
    list.add('outcome.done', 'done', 15);
    const caps = [
      { rule: 'history.revertedCap' as const, label: 'A reverted task scores at most', evidence: ['task-history'] },
      { rule: 'outcome.failedCap' as const, label: 'A failed task scores at most', evidence: ['task-outcome'] },
    ];
    const settled = settleCategoryScore({ list, caps });
    expect(settled.score).toBe(39);
    expect(settled.contributions.map((c) => [c.rule, c.points])).toEqual([
      ['outcome.done', 15],
      ['history.revertedCap', -56],
    ]);
    expect(list.items).toHaveLength(1);
  });

  it('adds nothing when the sum is in range and no cap bites', () => {
    const list = new ContributionList('agentPerformance');
    list.add('steps.allDone', 'done', 10);
    expect(settleCategoryScore({ list, caps: [] })).toEqual({ score: 81, contributions: list.items });
  });
});
