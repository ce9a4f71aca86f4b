import { describe, expect, it } from 'vitest';
import { buildSampleResult } from '../../store/build-sample-result.js';
import { projectTaskKey } from '../validity/validation-items.js';
import { pairRatings, type HumanRating } from './rated-items.js';

const rating = (over: Partial<HumanRating>): HumanRating => ({
  projectId: 'p1',
  taskId: 'T-1',
  rater: 'ana',
  aspect: 'overall',
  scale: '1-5',
  value: 4,
  ...over,
});

describe('pairRatings', () => {
  const results = [buildSampleResult({ taskId: 'T-1' }), buildSampleResult({ taskId: 'T-2' })];

  it("matches a rating to its own project's task, and leaves out other scales and unscored tasks", () => {
    const paired = pairRatings(
      results,
      ['p1', 'p1'],
      [
        rating({}),
        rating({ rater: 'ben', value: 2 }),
        rating({ projectId: 'p2' }),
        rating({ taskId: 'T-9' }),
        rating({ scale: 'good-bad', value: 1 }),
      ],
      { scale: '1-5', keyByProject: false },
    );
    expect(paired.items.map((i) => [i.taskKey, i.rater, i.value])).toEqual([
      [projectTaskKey('p1', 'T-1'), 'ana', 4],
      [projectTaskKey('p1', 'T-1'), 'ben', 2],
    ]);
    expect(paired).toMatchObject({ otherScale: 1, unscored: 2 });
    // The label is the people's mean overall rating, keyed as validate finds it.
    expect([...paired.labels]).toEqual([['T-1', { label: 3 }]]);
  });

  it("puts the overall beside the rubric's and judge's overall, made with the contract's weights", () => {
    const [item] = pairRatings(results, [null, null], [rating({ projectId: 'any' })], {
      scale: '1-5',
      keyByProject: false,
    }).items;
    const r = results[0]! as Extract<(typeof results)[number], { status: 'scored' }>;
    expect(item!.final).toBe(r.overallScore);
    const det = r.categoryScores.map((c) => c.deterministicScore);
    expect(item!.deterministic).toBe(Math.round((det[0]! * 30 + det[1]! * 45 + det[2]! * 25) / 100));
  });

  it('makes good-bad labels bad when most raters said bad, and none on an even split', () => {
    const paired = pairRatings(
      results,
      [null, null],
      [
        rating({ scale: 'good-bad', value: 0 }),
        rating({ scale: 'good-bad', value: 0, rater: 'ben' }),
        rating({ taskId: 'T-2', scale: 'good-bad', value: 0 }),
        rating({ taskId: 'T-2', scale: 'good-bad', value: 1, rater: 'ben' }),
      ],
      { scale: 'good-bad', keyByProject: false },
    );
    expect([...paired.labels]).toEqual([['T-1', { label: true }]]);
  });
});
