import { describe, expect, it } from 'vitest';
import { assessScenario, buildHistory } from './testing/assess-scenario.js';
import { buildCommit } from './testing/task-builders.js';

const at = (m: number) => new Date(Date.UTC(2026, 3, 1, 9, m)).toISOString();
const toq = 'taskOutcomeQuality' as const;

describe('taskOutcomeQuality rules', () => {
  it('outcome.done: +15 for done or archived, citing the outcome and merge', () => {
    const s = assessScenario({ column: 'done', mergeDetails: { commitSha: 'abc' } });
    expect(s.rule(toq, 'outcome.done')).toMatchObject({ points: 15, evidence: ['task-outcome', 'task-merge'] });
    expect(assessScenario({ column: 'archived' }).rule(toq, 'outcome.done')!.points).toBe(15);
  });

  it('outcome.notDone: -10 when the task ended in another column', () => {
    const s = assessScenario({ column: 'in-review', status: 'merging' });
    expect(s.rule(toq, 'outcome.notDone')).toMatchObject({ points: -10, evidence: ['task-outcome'] });
    expect(s.rule(toq, 'outcome.notDone')!.label).toContain('in-review / merging');
  });

  it('outcome.unknown: 0 points when the record gives neither column nor status (a benchmark task list)', () => {
    const s = assessScenario({ column: undefined, status: undefined });
    expect(s.rule(toq, 'outcome.unknown')).toMatchObject({ points: 0 });
    expect(s.rule(toq, 'outcome.notDone')).toBeUndefined();
  });

  it('outcome.failed and outcome.failedCap: -20, and a failed task scores at most 39', () => {
    const s = assessScenario(
      { column: 'done', status: 'failed', workflowStepResults: [{ workflowStepId: 'tests', status: 'passed' }] },
      { commits: [buildCommit(1, { touchesTests: true })] },
    );
    expect(s.rule(toq, 'outcome.failed')).toMatchObject({ points: -20, evidence: ['task-outcome'] });
    expect(s.rule(toq, 'outcome.done')).toBeUndefined();
    // 80 - 20 + 10 (workflow) - 2 (1 code line) - 2 (1 line changed) = 66, capped to 39.
    expect(s.rule(toq, 'outcome.failedCap')).toMatchObject({ points: -27, label: 'A failed task scores at most 39' });
    expect(s.score(toq)).toBe(39);
  });

  it('outcome.failedCap does not apply when the score is already at or under 39', () => {
    const s = assessScenario({
      error: 'boom',
      workflowStepResults: ['tests', 'lint', 'build'].map((id) => ({ workflowStepId: id, status: 'failed' as const })),
    });
    // 80 - 20 (failed) - 30 (three final failures) = 30.
    expect(s.score(toq)).toBe(30);
    expect(s.rule(toq, 'outcome.failedCap')).toBeUndefined();
  });

  it('workflow.allPassed: +10 when every step passed or was skipped on its latest run, even after a retry', () => {
    const s = assessScenario({
      workflowStepResults: [
        { workflowStepId: 'tests', status: 'failed', completedAt: at(1) },
        { workflowStepId: 'tests', status: 'passed', completedAt: at(2) },
        { workflowStepId: 'docs', status: 'skipped', completedAt: at(3) },
      ],
    });
    expect(s.rule(toq, 'workflow.allPassed')).toMatchObject({
      points: 10,
      evidence: ['workflow-tests', 'workflow-tests-1', 'workflow-docs'],
    });
    expect(s.rule(toq, 'workflow.finalFailed')).toBeUndefined();
    expect(
      assessScenario({
        workflowStepResults: [
          { workflowStepId: 'a', status: 'passed' },
          { workflowStepId: 'b', status: 'pending' },
        ],
      }).rule(toq, 'workflow.allPassed'),
    ).toBeUndefined();
  });

  it('workflow.finalFailed: -10 per step still failing on its latest run, citing its failed results, at most -30', () => {
    const s = assessScenario({
      workflowStepResults: [
        { workflowStepId: 'tests', status: 'failed', completedAt: at(1) },
        { workflowStepId: 'tests', status: 'passed', completedAt: at(2) },
        { workflowStepId: 'lint', status: 'failed', completedAt: at(3) },
      ],
    });
    expect(s.rule(toq, 'workflow.finalFailed')).toMatchObject({ points: -10, evidence: ['workflow-lint'] });
    const many = assessScenario({
      workflowStepResults: ['a', 'b', 'c', 'd'].map((id) => ({ workflowStepId: id, status: 'failed' as const })),
    });
    expect(many.rule(toq, 'workflow.finalFailed')!.points).toBe(-30);
  });

  it('risk.size and risk.changedLines: points by band of the code lines added and changed, over distinct commits, citing code commits', () => {
    const small = assessScenario(
      {},
      { commits: [buildCommit(1, { files: [{ path: 'src/a.ts', insertions: 15, deletions: 0 }] })] },
    );
    expect(small.rule(toq, 'risk.size')).toMatchObject({
      points: -4,
      label: '15 code lines added in 1 file',
      evidence: [`commit-${buildCommit(1).sha}`],
    });
    expect(small.rule(toq, 'risk.changedLines')).toBeUndefined();
    const big = [
      buildCommit(1, {
        files: [
          { path: 'src/a.ts', insertions: 600, deletions: 120 },
          { path: 'src/a.test.ts', insertions: 900, deletions: 0 },
        ],
      }),
      // The same change again on another branch (same author date and subject) counts once.
      buildCommit(2, {
        date: buildCommit(1).date,
        subject: buildCommit(1).subject,
        files: [{ path: 'src/a.ts', insertions: 600, deletions: 120 }],
      }),
    ];
    const s = assessScenario({}, { commits: big });
    expect(s.rule(toq, 'risk.size')).toMatchObject({ points: -28, label: '600 code lines added in 1 file' });
    expect(s.rule(toq, 'risk.changedLines')).toMatchObject({ points: -6 });
    expect(s.rule(toq, 'delivery.rework')).toBeUndefined();
  });

  it('risk.configSize: points by band of the config lines added, lockfiles left out, citing the config commits', () => {
    const commits = [
      buildCommit(1, { files: [{ path: 'src/a.ts', insertions: 3, deletions: 0 }] }),
      buildCommit(2, {
        files: [
          { path: '.github/workflows/ci.yml', insertions: 40, deletions: 2 },
          { path: 'package-lock.json', insertions: 900, deletions: 0, kind: 'config' },
        ],
      }),
    ];
    const s = assessScenario({}, { commits });
    expect(s.rule(toq, 'risk.configSize')).toMatchObject({
      points: -8,
      label: '40 config lines added (lockfiles not counted)',
      evidence: [`commit-${buildCommit(2).sha}`],
    });
    expect(s.rule(toq, 'risk.size')).toMatchObject({ points: -2 });
    const lockOnly = assessScenario(
      {},
      {
        commits: [
          buildCommit(1, {
            files: [
              { path: 'go.sum', insertions: 80, deletions: 0, kind: 'config' },
              { path: 'yarn.lock', insertions: 50, deletions: 0, kind: 'config' },
            ],
          }),
        ],
      },
    );
    expect(lockOnly.rule(toq, 'risk.configSize')).toBeUndefined();
  });

  it('delivery.rework: -4 per distinct code commit beyond the first, at most -16; a docs commit is no rework', () => {
    const three = assessScenario(
      {},
      {
        commits: [
          buildCommit(1),
          buildCommit(2),
          buildCommit(3),
          buildCommit(4, { touchesCode: false, files: [{ path: 'docs/a.md', insertions: 1, deletions: 0 }] }),
        ],
      },
    );
    expect(three.rule(toq, 'delivery.rework')).toMatchObject({
      points: -8,
      label: 'Delivered in 3 code commits: 2 beyond the first',
    });
    const many = assessScenario({}, { commits: Array.from({ length: 9 }, (_, i) => buildCommit(i + 1)) });
    expect(many.rule(toq, 'delivery.rework')!.points).toBe(-16);
  });

  it('risk.churn, risk.hotFile and risk.priorFixes: by band of the work on its files just before it, citing task-prior', () => {
    const s = assessScenario(
      {},
      { commits: [buildCommit(1)], history: buildHistory({ prior: { commits: 40, hottestFile: 9, fixes: 3 } }) },
    );
    expect(s.rule(toq, 'risk.churn')).toMatchObject({
      points: -8,
      evidence: ['task-prior'],
      label: '40 other commits on its code files in the 14 days before',
    });
    expect(s.rule(toq, 'risk.hotFile')).toMatchObject({ points: -8 });
    expect(s.rule(toq, 'risk.priorFixes')).toMatchObject({ points: -4 });
    const quiet = assessScenario(
      {},
      { commits: [buildCommit(1)], history: buildHistory({ prior: { commits: 1, hottestFile: 1, fixes: 0 } }) },
    );
    expect([
      quiet.rule(toq, 'risk.churn')!.points,
      quiet.rule(toq, 'risk.hotFile')!.points,
      quiet.rule(toq, 'risk.priorFixes')!.points,
    ]).toEqual([0, 0, 0]);
    expect(
      assessScenario({}, { commits: [buildCommit(1)], history: buildHistory() }).rule(toq, 'risk.churn'),
    ).toBeUndefined();
  });

  it('risk.recentChange: by band of the hours since another commit last changed its code files', () => {
    const at = (hours: number | null) =>
      assessScenario(
        {},
        {
          commits: [buildCommit(1)],
          history: buildHistory({ prior: { commits: 1, hottestFile: 1, fixes: 0, hoursSinceChange: hours } }),
        },
      ).rule(toq, 'risk.recentChange');
    expect(at(0.5)).toMatchObject({
      points: -8,
      label: 'Its code files last changed 1h before it',
      evidence: ['task-prior'],
    });
    expect([at(12)!.points, at(100)!.points, at(500)!.points]).toEqual([-4, -2, 0]);
    expect(at(null)).toBeUndefined();
  });

  it('risk.size from a submitted patch when there are no commits (a benchmark trajectory)', () => {
    const s = assessScenario({
      agentSession: { steps: 10, failedCommands: 0, edits: 2, patchLinesAdded: 30, patchLinesDeleted: 4 },
    });
    expect(s.rule(toq, 'risk.size')).toMatchObject({ points: -8, label: '30 lines added by the submitted patch' });
    expect(s.rule(toq, 'risk.changedLines')).toMatchObject({ points: -2 });
    expect(s.rule(toq, 'commits.unknown')).toBeUndefined();
  });

  it('session.edits, session.gaveUp and session.notSubmitted: what the agent session says of the result', () => {
    const s = assessScenario({
      agentSession: { steps: 40, failedCommands: 3, edits: 12, gaveUp: 1, exitStatus: 'exit_cost' },
    });
    expect(s.rule(toq, 'session.edits')).toMatchObject({ points: -4, label: '12 edits before the result' });
    // The exit on cost is a give-up too, counted by the reader; here the record says 1.
    expect(s.rule(toq, 'session.gaveUp')).toMatchObject({ points: -5 });
    expect(s.rule(toq, 'session.notSubmitted')).toMatchObject({
      points: -15,
      label: 'The session ended "exit_cost" without submitting',
    });
    expect(
      assessScenario({ agentSession: { steps: 4, failedCommands: 0, edits: 1, exitStatus: 'submitted' } }).rule(
        toq,
        'session.notSubmitted',
      ),
    ).toBeUndefined();
  });

  it('session.lastTestFailed: -5 when the last test run of the session failed; nothing when it passed or none ran', () => {
    const failed = assessScenario({
      agentSession: { steps: 9, failedCommands: 1, edits: 2, testRuns: 3, lastTestPassed: false },
    });
    expect(failed.rule(toq, 'session.lastTestFailed')).toMatchObject({
      points: -5,
      label: 'The last of 3 test runs in the session failed',
    });
    expect(
      assessScenario({
        agentSession: { steps: 9, failedCommands: 1, edits: 2, testRuns: 3, lastTestPassed: true },
      }).rule(toq, 'session.lastTestFailed'),
    ).toBeUndefined();
    expect(
      assessScenario({ agentSession: { steps: 9, failedCommands: 0, edits: 2, testRuns: 0 } }).rule(
        toq,
        'session.lastTestFailed',
      ),
    ).toBeUndefined();
  });

  it('commits.unknown: 0 points when no repository is known', () => {
    const s = assessScenario({});
    expect(s.rule(toq, 'commits.unknown')).toMatchObject({ points: 0, evidence: [] });
    expect(s.rule(toq, 'risk.size')).toBeUndefined();
  });

  it('counters.verificationFailure: -5 each, citing task-counters, at most -15', () => {
    expect(assessScenario({ verificationFailureCount: 2 }).rule(toq, 'counters.verificationFailure')).toMatchObject({
      points: -10,
      evidence: ['task-counters'],
    });
    expect(assessScenario({ verificationFailureCount: 7 }).rule(toq, 'counters.verificationFailure')!.points).toBe(-15);
  });

  it('history.reverted and history.revertedCap: -30, and a reverted task scores at most 39', () => {
    const commits = [buildCommit(1, { touchesTests: true })];
    const s = assessScenario(
      { column: 'done', workflowStepResults: [{ workflowStepId: 'tests', status: 'passed' }] },
      { commits, history: buildHistory({ reverted: true, revertShas: ['f'.repeat(40)] }) },
    );
    expect(s.rule(toq, 'history.reverted')).toMatchObject({ points: -30, evidence: ['task-history'], hindsight: true });
    // 80 + 15 + 10 - 2 - 2 - 30 = 71, capped to 39.
    expect(s.rule(toq, 'history.revertedCap')).toMatchObject({
      points: -32,
      label: 'A reverted task scores at most 39',
      evidence: ['task-history'],
      hindsight: true,
    });
    expect(s.score(toq)).toBe(39);
    expect(s.assessment.hindsight).toBe(true);
  });

  it('history.laterFixes: -5 per later fix commit naming the task, at most -15', () => {
    const two = assessScenario({}, { history: buildHistory({ laterFixShas: ['1'.repeat(40), '2'.repeat(40)] }) });
    expect(two.rule(toq, 'history.laterFixes')).toMatchObject({ points: -10, evidence: ['task-history'] });
    expect(two.rule(toq, 'history.laterFixes')!.label).toContain('2 later fix commits');
    const many = assessScenario(
      {},
      { history: buildHistory({ laterFixShas: Array.from({ length: 5 }, (_, i) => String(i).repeat(40)) }) },
    );
    expect(many.rule(toq, 'history.laterFixes')!.points).toBe(-15);
  });

  it('history.unknown: 0 points when history was not examined', () => {
    expect(assessScenario({}).rule(toq, 'history.unknown')).toMatchObject({ points: 0 });
    expect(assessScenario({}, { history: buildHistory() }).rule(toq, 'history.unknown')).toBeUndefined();
  });

  it('at evaluation time (history read without hindsight) reverts and later fixes are not used, and the result says so', () => {
    const s = assessScenario(
      {},
      { history: buildHistory({ reverted: true, laterFixShas: ['1'.repeat(40)], hindsight: false }) },
    );
    expect(s.rule(toq, 'history.reverted')).toBeUndefined();
    expect(s.rule(toq, 'history.laterFixes')).toBeUndefined();
    expect(s.rule(toq, 'history.unknown')).toMatchObject({ points: 0 });
    expect(s.assessment.hindsight).toBe(false);
    expect(s.assessment.categories.taskOutcomeQuality.contributions.some((c) => c.hindsight)).toBe(false);
  });
});
