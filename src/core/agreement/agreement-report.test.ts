import { describe, expect, it } from 'vitest';
import { agreementReport, AgreementReportSchema, type RatedItem } from './agreement-report.js';

function item(over: Partial<RatedItem>): RatedItem {
  return {
    taskKey: 'T-1',
    rater: 'ana',
    aspect: 'overall',
    value: 5,
    deterministic: 95,
    ai: 95,
    final: 95,
    promptVersion: 'judge-1',
    rubricVersion: 'rubric-3',
    ...over,
  };
}

/** Twelve tasks whose people rate by the rubric's band, while the judge says 4 (strong) for all. */
function tracksRubric(): RatedItem[] {
  const scores = [10, 20, 45, 50, 65, 70, 80, 85, 92, 97, 30, 62];
  return scores.flatMap((score, t) => {
    const band = score < 40 ? 1 : score < 60 ? 2 : score < 75 ? 3 : score < 90 ? 4 : 5;
    return ['ana', 'ben'].map((rater) =>
      item({
        taskKey: `T-${t}`,
        rater,
        value: band,
        deterministic: score,
        ai: 80,
        final: Math.round(0.7 * score + 24),
      }),
    );
  });
}

describe('agreementReport', () => {
  it('shows people agreeing with the rubric and not with a judge that says the same for every task', () => {
    const report = AgreementReportSchema.parse(agreementReport(tracksRubric(), { scale: '1-5', iterations: 200 }));
    const overall = report.versions[0]!.aspects.overall!;
    expect(report.statistic).toBe('weighted kappa (quadratic)');
    expect(overall.rubric.value).toBe(1);
    // A constant judge matches no variation in the people's ratings: kappa 0.
    expect(overall.judge!.value).toBeCloseTo(0, 6);
    expect(overall.rubric.n).toBe(24);
    expect(overall.rubric.ciLow).not.toBeNull();
    // Two people who always agree.
    expect(report.humans).toMatchObject({ metric: 'interval', aspects: { overall: { value: 1, n: 12 } } });
    expect(report).toMatchObject({ raters: ['ana', 'ben'], tasks: 12, ratings: 24 });
  });

  it('keeps prompt and rubric versions apart, and says nothing of a judge where there was none', () => {
    const items = [
      item({ taskKey: 'A', value: 1, deterministic: 20, final: 20, ai: null, promptVersion: null }),
      item({ taskKey: 'B', value: 0, deterministic: 80, final: 80, ai: null, promptVersion: null }),
      item({ taskKey: 'C', value: 1, deterministic: 90, final: 90 }),
      item({ taskKey: 'D', value: 0, deterministic: 10, final: 20, ai: 30 }),
    ];
    const report = agreementReport(items, { scale: 'good-bad', iterations: 50 });
    expect(report.statistic).toBe("Cohen's kappa");
    expect(report.versions.map((v) => [v.promptVersion, v.tasks])).toEqual([
      ['judge-1', 2],
      [null, 2],
    ]);
    const plain = report.versions.find((v) => v.promptVersion === null)!.aspects.overall!;
    expect(plain.judge).toBeNull();
    expect(plain.rubric.value).toBe(-1);
    // One rater: nothing to say of people among themselves.
    expect(report.humans.aspects.overall).toEqual({ value: null, ciLow: null, ciHigh: null, n: 0 });
  });

  it('gives the same intervals for the same seed', () => {
    const a = agreementReport(tracksRubric(), { scale: '1-5', iterations: 100, seed: 7 });
    const b = agreementReport(tracksRubric(), { scale: '1-5', iterations: 100, seed: 7 });
    expect(a).toEqual(b);
  });
});
