import { describe, expect, it } from 'vitest';
import { tallyJudgeWarnings } from './judge-warnings.js';
import type { TaskResult } from './task-result.js';

/** A hybrid result with these deterministic and AI scores in all three categories (only what the tally reads). */
function judged(det: number, ai: number, extra: { spread?: number; divergence?: boolean } = {}): TaskResult {
  const categories = ['agentPerformance', 'taskOutcomeQuality', 'processCompliance'] as const;
  return {
    status: 'scored',
    mode: 'hybrid',
    divergence: extra.divergence ? ['agentPerformance'] : [],
    categoryScores: categories.map((category) => ({ category, deterministicScore: det, aiScore: ai })),
    provenance: {
      samples: extra.spread === undefined ? 1 : 3,
      spread:
        extra.spread === undefined
          ? null
          : { agentPerformance: extra.spread, taskOutcomeQuality: 0, processCompliance: 0 },
    },
  } as unknown as TaskResult;
}

const warn = (results: TaskResult[]) => {
  const tally = tallyJudgeWarnings();
  for (const r of results) tally.add(r);
  return tally.warnings();
};

describe('signs that a judge is broken, over a run', () => {
  it('says nothing for a judge that tracks the rubric, or for too few judged results', () => {
    expect(warn(Array.from({ length: 30 }, (_, i) => judged(40 + i, 45 + i)))).toEqual([]);
    expect(warn(Array.from({ length: 9 }, () => judged(50, 73)))).toEqual([]);
  });

  it('names the score a judge gives nearly everywhere', () => {
    const results = Array.from({ length: 20 }, (_, i) => judged(30 + 2 * i, i === 0 ? 60 : 73));
    expect(warn(results)).toEqual([expect.stringMatching(/^the judge gave 73 to 95% of 60 category scores/)]);
  });

  it('counts samples far apart, and answers diverging from the rubric on most tasks', () => {
    const results = Array.from({ length: 12 }, (_, i) =>
      judged(20 + 5 * i, 25 + 5 * i, { spread: i < 3 ? 60 : 10, divergence: i < 7 }),
    );
    expect(warn(results)).toEqual([
      expect.stringMatching(/samples were 40 points or more apart on 3 of 12 sampled results \(widest 60\)/),
      expect.stringMatching(/differ by 40 points or more in some category on 58% of 12 judged results/),
    ]);
  });

  it("says when a category's AI part is unrelated to its deterministic part over 20 or more results", () => {
    // A zig-zag against a rising line: no rank relation.
    const results = Array.from({ length: 24 }, (_, i) => judged(i * 4, [10, 90, 50, 30, 70, 20][i % 6]! + (i % 5)));
    const said = warn(results);
    expect(
      said.filter((w) => /unrelated to the rubric's \(Spearman ρ -?0\.\d\d over 24 results\)/.test(w)),
    ).toHaveLength(3);
  });

  it('ignores deterministic-only results and errors', () => {
    const tally = tallyJudgeWarnings();
    for (let i = 0; i < 20; i++) {
      tally.add({ status: 'scored', mode: 'deterministic-only' } as unknown as TaskResult);
      tally.add({ status: 'error' } as unknown as TaskResult);
    }
    expect(tally.warnings()).toEqual([]);
  });
});
