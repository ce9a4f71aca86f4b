import { describe, expect, it } from 'vitest';
import { compareJudges, type JudgedParts } from './compare-judges.js';

const task = (taskId: string, det: number, ai: number | null): JudgedParts => ({
  taskId,
  parts: {
    agentPerformance: { deterministic: det, ai, final: ai === null ? det : Math.round(0.7 * det + 0.3 * ai) },
    taskOutcomeQuality: { deterministic: det, ai, final: det },
    processCompliance: { deterministic: det, ai, final: det },
  },
});

const judge = (model: string) => ({ provider: 'openai-compatible', model, promptVersion: 'p1' });

describe('compareJudges', () => {
  it('measures both judges on the tasks both runs scored: means, each against the rubric, and against each other', () => {
    const c = compareJudges(
      {
        runId: 'a',
        judge: judge('x'),
        items: [task('T1', 20, 30), task('T2', 50, 60), task('T3', 90, 80), task('T9', 10, 10)],
      },
      { runId: 'b', judge: judge('y'), items: [task('T1', 20, 90), task('T2', 50, 50), task('T3', 90, 10)] },
    );
    expect(c.n).toBe(3);
    expect(c.sides[0].categories.agentPerformance).toMatchObject({ deterministic: 53.3, ai: 56.7, aiVsRubric: 1 });
    expect(c.sides[1].categories.agentPerformance).toMatchObject({ ai: 50, aiVsRubric: -1 });
    expect(c.judgesAgree.agentPerformance).toBe(-1);
  });

  it('says a deterministic run has no judge part instead of inventing one', () => {
    const c = compareJudges(
      { runId: 'a', judge: null, items: [task('T1', 20, null), task('T2', 50, null)] },
      { runId: 'b', judge: judge('y'), items: [task('T1', 20, 90), task('T2', 50, 50)] },
    );
    expect(c.sides[0]).toMatchObject({ judge: null, judged: 0 });
    expect(c.sides[0].categories.agentPerformance).toMatchObject({ ai: null, aiVsRubric: null });
    expect(c.judgesAgree.agentPerformance).toBeNull();
  });
});
