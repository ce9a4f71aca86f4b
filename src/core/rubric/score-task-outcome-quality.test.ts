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

  it('outcome.failed and outcome.failedCap: -20, and a failed task scores at most 39', () => {
    const s = assessScenario(
      { column: 'done', status: 'failed', workflowStepResults: [{ workflowStepId: 'tests', status: 'passed' }] },
      { commits: [buildCommit(1, { touchesTests: true })] },
    );
    expect(s.rule(toq, 'outcome.failed')).toMatchObject({ points: -20, evidence: ['task-outcome'] });
    expect(s.rule(toq, 'outcome.done')).toBeUndefined();
    // 60 - 20 + 10 (workflow) + 10 (tests) = 60, capped to 39.
    expect(s.rule(toq, 'outcome.failedCap')).toMatchObject({ points: -21, label: 'A failed task scores at most 39' });
    expect(s.score(toq)).toBe(39);
  });

  it('outcome.failedCap does not apply when the score is already at or under 39', () => {
    const s = assessScenario({ error: 'boom', workflowStepResults: [{ workflowStepId: 'tests', status: 'failed' }] });
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
    expect(s.rule(toq, 'workflow.allPassed')).toMatchObject({ points: 10, evidence: ['workflow-tests', 'workflow-tests-1', 'workflow-docs'] });
    expect(s.rule(toq, 'workflow.finalFailed')).toBeUndefined();
    expect(assessScenario({ workflowStepResults: [{ workflowStepId: 'a', status: 'passed' }, { workflowStepId: 'b', status: 'pending' }] }).rule(toq, 'workflow.allPassed')).toBeUndefined();
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
    const many = assessScenario({ workflowStepResults: ['a', 'b', 'c', 'd'].map((id) => ({ workflowStepId: id, status: 'failed' as const })) });
    expect(many.rule(toq, 'workflow.finalFailed')!.points).toBe(-30);
  });

  it('commits.tests: +10 when a commit touched tests, citing it; 0 with a note when code changed untested', () => {
    const tested = [buildCommit(1, { touchesTests: true }), buildCommit(2)];
    const s = assessScenario({}, { commits: tested });
    expect(s.rule(toq, 'commits.tests')).toMatchObject({ points: 10, evidence: [`commit-${tested[0]!.sha}`] });
    const untested = assessScenario({}, { commits: [buildCommit(3)] });
    expect(untested.rule(toq, 'commits.tests')).toMatchObject({ points: 0, evidence: [`commit-${buildCommit(3).sha}`] });
  });

  it('commits.unknown: 0 points when no repository is known', () => {
    const s = assessScenario({});
    expect(s.rule(toq, 'commits.unknown')).toMatchObject({ points: 0, evidence: [] });
    expect(s.rule(toq, 'commits.tests')).toBeUndefined();
  });

  it('counters.verificationFailure: -5 each, citing task-counters, at most -15', () => {
    expect(assessScenario({ verificationFailureCount: 2 }).rule(toq, 'counters.verificationFailure')).toMatchObject({ points: -10, evidence: ['task-counters'] });
    expect(assessScenario({ verificationFailureCount: 7 }).rule(toq, 'counters.verificationFailure')!.points).toBe(-15);
  });

  it('history.reverted and history.revertedCap: -30, and a reverted task scores at most 39', () => {
    const commits = [buildCommit(1, { touchesTests: true })];
    const s = assessScenario(
      { column: 'done', workflowStepResults: [{ workflowStepId: 'tests', status: 'passed' }] },
      { commits, history: buildHistory({ reverted: true, revertShas: ['f'.repeat(40)] }) },
    );
    expect(s.rule(toq, 'history.reverted')).toMatchObject({ points: -30, evidence: ['task-history'] });
    // 60 + 15 + 10 + 10 - 30 = 65, capped to 39.
    expect(s.rule(toq, 'history.revertedCap')).toMatchObject({ points: -26, label: 'A reverted task scores at most 39', evidence: ['task-history'] });
    expect(s.score(toq)).toBe(39);
  });

  it('history.laterFixes: -5 per later fix commit naming the task, at most -15', () => {
    const two = assessScenario({}, { history: buildHistory({ laterFixShas: ['1'.repeat(40), '2'.repeat(40)] }) });
    expect(two.rule(toq, 'history.laterFixes')).toMatchObject({ points: -10, evidence: ['task-history'] });
    expect(two.rule(toq, 'history.laterFixes')!.label).toContain('2 later fix commits');
    const many = assessScenario({}, { history: buildHistory({ laterFixShas: Array.from({ length: 5 }, (_, i) => String(i).repeat(40)) }) });
    expect(many.rule(toq, 'history.laterFixes')!.points).toBe(-15);
  });

  it('history.span: records the first-to-last commit time with 0 points', () => {
    const s = assessScenario({}, { history: buildHistory({ firstCommitAt: at(0), lastCommitAt: at(125) }) });
    expect(s.rule(toq, 'history.span')).toMatchObject({ points: 0, label: 'First to last commit took 2h 5m (recorded, not scored)', evidence: ['task-history'] });
    expect(s.assessment.values).toMatchObject({ outcome: { firstToLastCommitMs: 125 * 60_000 } });
  });

  it('history.unknown: 0 points when history was not examined', () => {
    expect(assessScenario({}).rule(toq, 'history.unknown')).toMatchObject({ points: 0 });
    expect(assessScenario({}, { history: buildHistory() }).rule(toq, 'history.unknown')).toBeUndefined();
  });
});
