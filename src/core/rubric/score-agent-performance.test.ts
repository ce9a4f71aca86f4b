import { describe, expect, it } from 'vitest';
import { TASK_COUNTER_FIELDS } from '../task.js';
import { assessScenario, buildHistory } from './testing/assess-scenario.js';
import { buildCommit } from './testing/task-builders.js';

const at = (m: number) => new Date(Date.UTC(2026, 3, 1, 9, m)).toISOString();
const zeroCounters = Object.fromEntries(TASK_COUNTER_FIELDS.map((f) => [f, 0]));
const ap = 'agentPerformance' as const;

describe('agentPerformance rules', () => {
  it('steps.allDone: +10 when every plan step is done, citing each step', () => {
    const s = assessScenario({
      steps: [
        { name: 'a', status: 'done' },
        { name: 'b', status: 'done' },
        { name: 'c', status: 'skipped' },
      ],
    });
    expect(s.rule(ap, 'steps.allDone')).toMatchObject({ points: 10, evidence: ['step-0', 'step-1', 'step-2'] });
    expect(s.rule(ap, 'steps.incomplete')).toBeUndefined();
  });

  it('steps.incomplete: -2 per step not done, citing those steps, at most -10', () => {
    const s = assessScenario({
      steps: [
        { name: 'a', status: 'done' },
        { name: 'b', status: 'pending' },
        { name: 'c', status: 'in-progress' },
      ],
    });
    expect(s.rule(ap, 'steps.incomplete')).toMatchObject({ points: -4, evidence: ['step-1', 'step-2'] });
    expect(s.rule(ap, 'steps.incomplete')!.label).toContain('2 of 3 plan steps');
    const many = assessScenario({ steps: Array.from({ length: 9 }, (_, i) => ({ name: `s${i}`, status: 'pending' })) });
    expect(many.rule(ap, 'steps.incomplete')!.points).toBe(-10);
  });

  it('workflow.failed: -8 per failed result, citing the failed workflow entries, at most -24', () => {
    const s = assessScenario({
      workflowStepResults: [
        { workflowStepId: 'tests', status: 'failed', completedAt: at(1) },
        { workflowStepId: 'tests', status: 'passed', completedAt: at(2) },
        { workflowStepId: 'lint', status: 'failed', completedAt: at(3) },
      ],
    });
    expect(s.rule(ap, 'workflow.failed')).toMatchObject({ points: -16, evidence: ['workflow-tests', 'workflow-lint'] });
    const many = assessScenario({
      workflowStepResults: ['a', 'b', 'c', 'd'].map((id) => ({ workflowStepId: id, status: 'failed' as const })),
    });
    expect(many.rule(ap, 'workflow.failed')!.points).toBe(-24);
  });

  it('reviews.rethink: -6 per RETHINK, from task.reviews and log verdicts, at most -18', () => {
    const s = assessScenario(
      { reviews: [{ type: 'plan', step: 1, verdict: 'RETHINK', timestamp: at(1) }] },
      { logReviews: [{ type: 'plan', step: 2, verdict: 'RETHINK', timestamp: at(2) }] },
    );
    expect(s.rule(ap, 'reviews.rethink')).toMatchObject({ points: -12, evidence: ['review-t0', 'review-l0'] });
    const many = assessScenario({
      reviews: Array.from({ length: 4 }, () => ({ type: 'plan', verdict: 'RETHINK' as const })),
    });
    expect(many.rule(ap, 'reviews.rethink')!.points).toBe(-18);
  });

  it('reviews.revise: the first REVISE is free, then -3 each, at most -12', () => {
    expect(
      assessScenario({ reviews: [{ type: 'spec', verdict: 'REVISE' }] }).rule(ap, 'reviews.revise'),
    ).toBeUndefined();
    const s = assessScenario(
      {},
      { logReviews: [1, 2, 3].map((m) => ({ type: 'spec', verdict: 'REVISE' as const, timestamp: at(m) })) },
    );
    expect(s.rule(ap, 'reviews.revise')).toMatchObject({
      points: -6,
      evidence: ['review-l0', 'review-l1', 'review-l2'],
    });
    const many = assessScenario({
      reviews: Array.from({ length: 10 }, () => ({ type: 'code', verdict: 'REVISE' as const })),
    });
    expect(many.rule(ap, 'reviews.revise')!.points).toBe(-12);
  });

  it.each([
    ['counters.stuckKill', 'stuckKillCount', -8, -16],
    ['counters.recoveryRetry', 'recoveryRetryCount', -4, -12],
    ['counters.workflowStepRetry', 'workflowStepRetries', -2, -8],
    ['counters.postReviewFix', 'postReviewFixCount', -2, -6],
    ['counters.taskDoneRetry', 'taskDoneRetryCount', -3, -9],
  ] as const)(
    '%s: %s costs %i each, at most %i, citing task-counters, and removes the clean-run bonus',
    (rule, field, each, limit) => {
      const one = assessScenario({ ...zeroCounters, [field]: 1 });
      expect(one.rule(ap, rule)).toMatchObject({ points: each, evidence: ['task-counters'] });
      expect(one.rule(ap, rule)!.label).toContain(field);
      expect(one.rule(ap, 'run.clean')).toBeUndefined();
      const many = assessScenario({ ...zeroCounters, [field]: 50 }).rule(ap, rule)!;
      expect(many.points).toBe(limit);
      expect(many.label).toMatch(/^50 [a-z -]+(s|ies|es) \(/);
      expect(many.label).not.toMatch(/fixs|retrys/);
    },
  );

  it('agentLogs.toolErrors: -2 per tool_error entry, citing only those entries, at most -10', () => {
    const s = assessScenario({
      agentLogs: [
        { timestamp: at(1), type: 'tool', text: 'run tests' },
        { timestamp: at(2), type: 'tool_error', text: 'ENOENT' },
        { timestamp: at(3), type: 'text', text: 'this mentions error but is not one' },
        { timestamp: at(4), type: 'tool_error', text: 'exit 1' },
      ],
    });
    expect(s.rule(ap, 'agentLogs.toolErrors')).toMatchObject({ points: -4, evidence: ['agentlog-1', 'agentlog-3'] });
    expect(s.assessment.values).toMatchObject({ agentLogs: { toolCalls: 1, toolErrors: 2, entries: 4 } });
    const many = assessScenario({
      agentLogs: Array.from({ length: 9 }, (_, i) => ({ timestamp: at(i), type: 'tool_error' as const, text: 'x' })),
    });
    expect(many.rule(ap, 'agentLogs.toolErrors')!.points).toBe(-10);
  });

  it('run.clean: +10 when the counters are recorded and every agent counter is zero', () => {
    const s = assessScenario({ ...zeroCounters, mergeTransientRetryCount: 3 });
    expect(s.rule(ap, 'run.clean')).toMatchObject({ points: 10, evidence: ['task-counters'] });
  });

  it('counters.unknown: 0 points and no bonus when no counter was recorded', () => {
    const s = assessScenario({});
    expect(s.rule(ap, 'counters.unknown')).toMatchObject({ points: 0, evidence: ['task-counters'] });
    expect(s.rule(ap, 'run.clean')).toBeUndefined();
  });

  it('outcome.failed: -10 when the status is failed or an error is recorded', () => {
    expect(assessScenario({ status: 'failed' }).rule(ap, 'outcome.failed')).toMatchObject({
      points: -10,
      evidence: ['task-outcome'],
    });
    expect(assessScenario({ column: 'done', error: 'merge failed' }).rule(ap, 'outcome.failed')!.points).toBe(-10);
    expect(assessScenario({ column: 'done' }).rule(ap, 'outcome.failed')).toBeUndefined();
  });
});

describe('agentPerformance counter coverage', () => {
  it('gives no clean-run bonus when only some agent counters were recorded', () => {
    const s = assessScenario({ mergeRetries: 0, stuckKillCount: 0 });
    expect(s.rule('agentPerformance', 'run.clean')).toBeUndefined();
    expect(s.rule('agentPerformance', 'counters.unknown')).toMatchObject({ points: 0 });
    expect(s.rule('agentPerformance', 'counters.unknown')!.label).toContain('recoveryRetryCount');
  });
});

describe('agentPerformance from commits and sessions (rubric-3)', () => {
  const file = (path: string, insertions: number) => ({ path, insertions, deletions: 0 });

  it('rework.commits and rework.span: more code commits and a longer first-to-last span cost points', () => {
    const commits = [buildCommit(1), buildCommit(2), buildCommit(3)];
    const s = assessScenario(
      {},
      {
        commits,
        history: buildHistory({
          firstCommitAt: at(0),
          lastCommitAt: new Date(Date.parse(at(0)) + 10 * 3_600_000).toISOString(),
        }),
      },
    );
    expect(s.rule(ap, 'rework.commits')).toMatchObject({
      points: -4,
      label: '3 code commits: 2 more attempts after the first',
      evidence: commits.map((c) => `commit-${c.sha}`),
    });
    expect(s.rule(ap, 'rework.span')).toMatchObject({ points: -3, label: 'First to last commit took 10h' });
    const one = assessScenario({}, { commits: [buildCommit(1)] });
    expect(one.rule(ap, 'rework.commits')).toBeUndefined();
    expect(one.rule(ap, 'rework.span')).toBeUndefined();
  });

  it('focus.spread and focus.files: code spread over directories and files costs points, bounded', () => {
    const commits = [
      buildCommit(1, {
        files: [file('src/a/x.ts', 5), file('src/b/y.ts', 5), file('lib/z.ts', 5), file('src/a/w.ts', 5)],
      }),
    ];
    const s = assessScenario({}, { commits });
    expect(s.rule(ap, 'focus.spread')).toMatchObject({ points: -4, label: 'Code changed in 3 directories' });
    expect(s.rule(ap, 'focus.files')).toMatchObject({ points: -4, label: '4 code files changed' });
    expect(
      assessScenario({}, { commits: [buildCommit(1, { files: [file('src/a.ts', 5)] })] }).rule(ap, 'focus.files'),
    ).toMatchObject({ points: -1, label: '1 code file changed' });
    expect(
      assessScenario(
        {},
        { commits: [buildCommit(1, { files: [file('docs/a.md', 5)], touchesCode: false, touchesDocs: true })] },
      ).rule(ap, 'focus.files'),
    ).toBeUndefined();
  });

  it('verify.testsMissing: -3 when code lines were added and no test line was', () => {
    expect(
      assessScenario({}, { commits: [buildCommit(1, { files: [file('src/a.ts', 10)] })] }).rule(
        ap,
        'verify.testsMissing',
      ),
    ).toMatchObject({ points: -3 });
    expect(
      assessScenario(
        {},
        { commits: [buildCommit(1, { files: [file('src/a.ts', 10), file('src/a.test.ts', 4)] })] },
      ).rule(ap, 'verify.testsMissing'),
    ).toBeUndefined();
  });

  it('session.steps, session.rejectedEdits and failed commands from the whole session', () => {
    const s = assessScenario({ agentSession: { steps: 60, failedCommands: 4, edits: 9, rejectedEdits: 2 } });
    expect(s.rule(ap, 'session.steps')).toMatchObject({ points: -7, label: "60 steps in the agent's session" });
    expect(s.rule(ap, 'session.rejectedEdits')).toMatchObject({ points: -4 });
    // No log entry is kept, but the session counted 4 failed commands.
    expect(s.rule(ap, 'agentLogs.toolErrors')).toMatchObject({
      points: -8,
      label: "4 failed commands in the agent's session",
    });
    expect(
      assessScenario({ agentSession: { steps: 12, failedCommands: 0, edits: 1 } }).rule(ap, 'session.steps'),
    ).toMatchObject({ points: 0 });
  });
});
