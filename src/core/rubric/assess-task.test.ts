import { describe, expect, it } from 'vitest';
import { DeterministicAssessmentSchema } from '../deterministic-assessment.js';
import { SCORE_CATEGORIES } from '../score-categories.js';
import { TASK_COUNTER_FIELDS } from '../task.js';
import { RUBRIC_BASE, CLAMP_RULE } from './rubric-rules.js';
import { RUBRIC_VERSION } from './rubric-version.js';
import { TaskSignalsSchema } from './task-signals.js';
import { assessScenario, buildHistory, type Scenario } from './testing/assess-scenario.js';
import { buildCommit, cleanCommits, cleanTaskInput } from './testing/task-builders.js';

function expectExplained(s: Scenario): void {
  const held = new Set(s.bundle.groups.flatMap((g) => g.entries.map((e) => e.id)));
  for (const category of SCORE_CATEGORIES) {
    const { score, contributions } = s.assessment.categories[category];
    expect(score).toBe(RUBRIC_BASE[category] + contributions.reduce((sum, c) => sum + c.points, 0));
    for (const c of contributions) {
      expect(c.category).toBe(category);
      for (const id of c.evidence) expect(held.has(id), `${c.rule} cites ${id}`).toBe(true);
    }
  }
}

describe('assessTask', () => {
  it('scores a clean done task high in every category (its 20 code lines are a small risk), and explains each score exactly', () => {
    const commits = cleanCommits();
    const s = assessScenario(cleanTaskInput(), {
      commits,
      history: buildHistory({ firstCommitAt: commits[0]!.date, lastCommitAt: commits[1]!.date }),
    });
    expect(s.assessment.rubricVersion).toBe(RUBRIC_VERSION);
    expect(s.assessment.coverage).toEqual({
      agentPerformance: ['taskMetadata', 'commits', 'workflow', 'reviews'],
      taskOutcomeQuality: ['taskMetadata', 'commits', 'workflow'],
      processCompliance: ['taskMetadata', 'commits', 'reviews'],
    });
    expect(s.assessment.hindsight).toBe(true);
    expect(DeterministicAssessmentSchema.parse(s.assessment)).toEqual(s.assessment);
    expect(TaskSignalsSchema.parse(s.assessment.values)).toEqual(s.assessment.values);
    expect({
      ap: s.score('agentPerformance'),
      toq: s.score('taskOutcomeQuality'),
      pc: s.score('processCompliance'),
    }).toEqual({ ap: 90, toq: 100, pc: 91 });
    expectExplained(s);
  });

  it('puts a reverted task in the failing band on taskOutcomeQuality however clean it was', () => {
    const s = assessScenario(cleanTaskInput(), {
      commits: cleanCommits(),
      history: buildHistory({ reverted: true, revertShas: ['e'.repeat(40)] }),
    });
    expect(s.score('taskOutcomeQuality')).toBeLessThanOrEqual(39);
    expectExplained(s);
  });

  it('puts a failed task in the failing band on taskOutcomeQuality', () => {
    const s = assessScenario(
      { ...cleanTaskInput(), status: 'failed', error: 'verification failed' },
      { commits: cleanCommits() },
    );
    expect(s.score('taskOutcomeQuality')).toBeLessThanOrEqual(39);
    expect(s.assessment.values).toMatchObject({ outcome: { failed: true, done: false } });
  });

  it('clamps at 0 and writes the clamp as a contribution', () => {
    const counters = Object.fromEntries(TASK_COUNTER_FIELDS.map((f) => [f, 20]));
    const s = assessScenario({
      ...counters,
      status: 'failed',
      steps: Array.from({ length: 6 }, (_, i) => ({ name: `s${i}`, status: 'pending' })),
      workflowStepResults: ['a', 'b', 'c'].map((id) => ({ workflowStepId: id, status: 'failed' as const })),
      reviews: [
        ...Array.from({ length: 3 }, () => ({ type: 'plan', verdict: 'RETHINK' as const })),
        ...Array.from({ length: 6 }, () => ({ type: 'spec', verdict: 'REVISE' as const })),
      ],
      agentLogs: Array.from({ length: 6 }, (_, i) => ({
        timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        type: 'tool_error' as const,
        text: 'x',
      })),
    });
    // 71 - 10 - 24 - 18 - 12 - 16 - 12 - 8 - 6 - 9 - 10 - 10 = -64.
    expect(s.score('agentPerformance')).toBe(0);
    expect(s.rule('agentPerformance', CLAMP_RULE)).toMatchObject({ points: 64, label: 'Sum -64 clamped to 0' });
    expectExplained(s);
  });

  it('is neutral about commits when no repository is known: the same scores as a repository with nothing to judge', () => {
    const unknown = assessScenario(cleanTaskInput());
    for (const category of ['taskOutcomeQuality', 'processCompliance'] as const) {
      expect(unknown.rule(category, 'commits.unknown')).toMatchObject({ points: 0 });
      expect(
        unknown.assessment.categories[category].contributions.filter(
          (c) => c.rule.startsWith('commits.') && c.points !== 0,
        ),
      ).toEqual([]);
    }
    expect(unknown.assessment.values).toMatchObject({ commits: { known: false, count: 0 } });
    // Unknown never scores below a known repository whose commits broke every convention.
    const bad = assessScenario(cleanTaskInput(), { commits: [buildCommit(1, { subject: 'stuff', trailers: {} })] });
    for (const category of SCORE_CATEGORIES)
      expect(unknown.score(category)).toBeGreaterThanOrEqual(bad.score(category));
  });

  it('is deterministic: the same input gives the same assessment', () => {
    const a = assessScenario(cleanTaskInput(), { commits: cleanCommits() });
    const b = assessScenario(cleanTaskInput(), { commits: cleanCommits() });
    expect(a.assessment).toEqual(b.assessment);
  });
});
