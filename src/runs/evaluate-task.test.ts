import { describe, expect, it } from 'vitest';
import { TaskSchema, type CommitRecord } from '../core/index.js';
import { RUBRIC_VERSION } from '../core/rubric/index.js';
import { evaluateTask } from './evaluate-task.js';

const task = TaskSchema.parse({
  id: 'FN-1',
  title: 'Fix the parser',
  column: 'done',
  log: [{ timestamp: '2026-03-01T10:00:00Z', action: 'Spec review: APPROVE' }],
  workflowStepResults: [{ workflowStepId: 'tests', workflowStepName: 'Run tests', status: 'passed' }],
});

const commit: CommitRecord = {
  sha: 'a'.repeat(40),
  parents: [],
  author: 'Agent',
  date: '2026-03-01T11:00:00.000Z',
  subject: 'fix(FN-1): handle empty input',
  body: '',
  trailers: { 'Fusion-Task-Id': ['FN-1'] },
  files: [
    { path: 'src/parse.ts', insertions: 3, deletions: 1 },
    { path: 'src/parse.test.ts', insertions: 10, deletions: 0 },
  ],
  touchesTests: true,
  touchesDocs: false,
  configOnly: false,
  touchesCode: true,
  attribution: 'trailer',
};

describe('evaluateTask', () => {
  it('scores deterministic-only: no AI score, each final equals its deterministic score', () => {
    const result = evaluateTask({ task, runId: 'run-1', evaluatedAt: '2026-03-02T00:00:00.000Z' });
    expect(result).toMatchObject({
      taskId: 'FN-1',
      title: 'Fix the parser',
      status: 'scored',
      mode: 'deterministic-only',
      evaluatedAt: '2026-03-02T00:00:00.000Z',
    });
    for (const c of result.categoryScores) {
      expect(c.aiScore).toBeNull();
      expect(c.finalScore).toBe(c.deterministicScore);
      expect(c.rationale).toMatch(/^Deterministic only/);
    }
    expect(result.evidenceBundle).toMatchObject({ taskId: 'FN-1', runId: 'run-1' });
  });

  it('records provenance with no judge, the rubric version and the bundle digest', () => {
    const result = evaluateTask({ task, runId: 'run-1', taskevalVersion: '9.9.9' });
    expect(result.provenance).toEqual({
      provider: null,
      model: null,
      promptVersion: null,
      rubricVersion: RUBRIC_VERSION,
      bundleDigest: result.evidenceBundle.digest,
      usage: null,
      costUsd: null,
      cached: false,
      samples: 1,
      spread: null,
      taskevalVersion: '9.9.9',
    });
  });

  it('is pure: the same input gives the same result, and the run id does not change the digest', () => {
    const a = evaluateTask({ task, runId: 'run-1', commits: [commit], evaluatedAt: 'x' });
    expect(evaluateTask({ task, runId: 'run-1', commits: [commit], evaluatedAt: 'x' })).toEqual(a);
    expect(evaluateTask({ task, runId: 'run-2', commits: [commit], evaluatedAt: 'x' }).evidenceBundle.digest).toBe(
      a.evidenceBundle.digest,
    );
  });

  it("puts the task's commits in the bundle and lets history change the score", () => {
    const clean = evaluateTask({
      task,
      runId: 'r',
      commits: [commit],
      history: {
        reverted: false,
        revertShas: [],
        laterFixShas: [],
        firstCommitAt: commit.date,
        lastCommitAt: commit.date,
      },
    });
    expect(clean.evidenceBundle.groups.find((g) => g.source === 'commits')!.entries.map((e) => e.id)).toEqual([
      `commit-${commit.sha}`,
    ]);
    const reverted = evaluateTask({
      task,
      runId: 'r',
      commits: [commit],
      history: {
        reverted: true,
        revertShas: ['b'.repeat(40)],
        laterFixShas: [],
        firstCommitAt: commit.date,
        lastCommitAt: commit.date,
      },
    });
    expect(reverted.overallScore).toBeLessThan(clean.overallScore);
  });
});
