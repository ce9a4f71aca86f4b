import { describe, expect, it } from 'vitest';
import { EVIDENCE_LIMITS } from '../evidence-limits.js';
import { computeTaskSignals } from './compute-task-signals.js';
import { TaskSignalsSchema } from './task-signals.js';
import { buildTestBundle } from './testing/bundle-builder.js';
import { buildHistory } from './testing/assess-scenario.js';
import { buildCommit, buildTask } from './testing/task-builders.js';

const at = (m: number) => new Date(Date.UTC(2026, 3, 1, 9, m)).toISOString();

describe('computeTaskSignals', () => {
  it('counts every workflow result, step and agent log from the task, not only the capped bundle', () => {
    const task = buildTask({
      workflowStepResults: Array.from({ length: 40 }, (_, i) => ({
        workflowStepId: `w${i}`,
        status: i % 4 === 0 ? ('failed' as const) : ('passed' as const),
        completedAt: at(i),
      })),
      steps: Array.from({ length: 30 }, (_, i) => ({ name: `s${i}`, status: 'done' })),
      agentLogs: Array.from({ length: 60 }, (_, i) => ({
        timestamp: at(i),
        type: i % 3 === 0 ? ('tool_error' as const) : ('tool' as const),
        text: 't',
        ...(i % 2 ? { detail: 'Bash' } : {}),
      })),
    });
    const bundle = buildTestBundle(task);
    expect(bundle.groups.find((g) => g.source === 'workflow')!.entries).toHaveLength(EVIDENCE_LIMITS.workflow);
    const s = computeTaskSignals({ task, bundle });
    expect(s.workflow).toEqual({
      passed: 30,
      failed: 10,
      skipped: 0,
      pending: 0,
      total: 40,
      steps: 40,
      finalFailed: 10,
      unsettled: 10,
    });
    expect(s.steps).toEqual({ total: 30, done: 30, skipped: 0 });
    // By tool: the entry's detail names it (Bash), else a call's first word (t); an error without one is `unknown`.
    expect(s.agentLogs).toEqual({
      toolCalls: 40,
      toolErrors: 20,
      entries: 60,
      session: null,
      byTool: { Bash: { calls: 20, errors: 10 }, t: { calls: 20, errors: 0 }, unknown: { calls: 0, errors: 10 } },
    });
    expect(TaskSignalsSchema.parse(s)).toEqual(s);
  });

  it('counts calls per tool for the 20 busiest tools and puts the rest under other', () => {
    const agentLogs = Array.from({ length: 25 }, (_, t) =>
      Array.from({ length: 30 - t }, (_, k) => ({
        timestamp: at(k),
        type: 'tool' as const,
        text: `tool${t} {}`,
        detail: `tool${t}`,
      })),
    ).flat();
    const task = buildTask({ agentLogs });
    const byTool = computeTaskSignals({ task, bundle: buildTestBundle(task) }).agentLogs.byTool;
    expect(Object.keys(byTool)).toHaveLength(21);
    expect(byTool.tool0).toEqual({ calls: 30, errors: 0 });
    expect(byTool.tool20).toBeUndefined();
    // tool20..tool24 made 10+9+8+7+6 calls.
    expect(byTool.other).toEqual({ calls: 40, errors: 0 });
  });

  it("takes a step's latest result by time, then by position", () => {
    const task = buildTask({
      workflowStepResults: [
        { workflowStepId: 'tests', status: 'passed', completedAt: at(5) },
        { workflowStepId: 'tests', status: 'failed', completedAt: at(1) },
        { workflowStepId: 'lint', status: 'passed' },
        { workflowStepId: 'lint', status: 'pending' },
      ],
    });
    expect(computeTaskSignals({ task, bundle: buildTestBundle(task) }).workflow).toMatchObject({
      steps: 2,
      finalFailed: 0,
      unsettled: 1,
    });
  });

  it('counts reviews from task.reviews and log verdicts from the bundle, each once, with the last verdict per subject', () => {
    const task = buildTask({
      reviews: [
        { type: 'Code', step: 3, verdict: 'REVISE', timestamp: at(4) },
        { type: 'code', step: 3, verdict: 'APPROVE', timestamp: at(6) },
      ],
    });
    const bundle = buildTestBundle(task, {
      logReviews: [
        { type: 'spec', verdict: 'REVISE', timestamp: at(1) },
        { type: 'spec', verdict: 'APPROVE', timestamp: at(2) },
        { type: 'plan', step: 1, verdict: 'RETHINK', timestamp: at(3) },
      ],
    });
    expect(computeTaskSignals({ task, bundle }).reviews).toEqual({
      approve: 2,
      revise: 2,
      rethink: 1,
      total: 5,
      lastVerdictByType: { spec: 'APPROVE', 'plan:1': 'RETHINK', 'code:3': 'APPROVE' },
      unresolved: 1,
      logVerdictsCapped: false,
    });
  });

  it('says when the reviews group was capped, so log verdicts may be undercounted', () => {
    const task = buildTask();
    const bundle = buildTestBundle(task, {
      logReviews: Array.from({ length: 30 }, (_, i) => ({
        type: 'spec',
        verdict: 'REVISE' as const,
        timestamp: at(i),
      })),
    });
    expect(computeTaskSignals({ task, bundle }).reviews).toMatchObject({ revise: 25, logVerdictsCapped: true });
  });

  it('reads counters with absent as 0 and known only when one was recorded', () => {
    const none = buildTask();
    expect(computeTaskSignals({ task: none, bundle: buildTestBundle(none) }).counters).toMatchObject({
      known: false,
      stuckKillCount: 0,
    });
    const some = buildTask({ stuckKillCount: 2 });
    expect(computeTaskSignals({ task: some, bundle: buildTestBundle(some) }).counters).toMatchObject({
      known: true,
      stuckKillCount: 2,
      mergeRetries: 0,
    });
  });

  it('reads commit facts: trailers naming this task, conventional and over-long subjects, tests, docs, config-only', () => {
    const task = buildTask();
    const commits = [
      buildCommit(1, { touchesTests: true }),
      buildCommit(2, {
        subject: 'Update docs',
        trailers: { 'Fusion-Task-Id': ['FN-10'] },
        attribution: 'range',
        touchesDocs: true,
        touchesCode: false,
      }),
      buildCommit(3, { subject: `chore: bump ${'x'.repeat(61)}`, configOnly: true }),
    ];
    expect(computeTaskSignals({ task, bundle: buildTestBundle(task, { commits }), commits }).commits).toEqual({
      known: true,
      count: 3,
      withTaskTrailer: 2,
      conventional: 2,
      longSubjects: 1,
      wideSubjects: 0,
      touchedTests: 1,
      touchedDocs: 1,
      configOnly: 1,
      codeChanging: 1,
      distinct: 3,
      distinctCode: 1,
      codeLinesAdded: 6,
      configLinesAdded: 0,
      codeLinesDeleted: 3,
      testLinesAdded: 0,
      codeFiles: 3,
      codeDirs: 1,
      linesUnknown: 0,
    });
    expect(computeTaskSignals({ task, bundle: buildTestBundle(task), commits: null }).commits).toMatchObject({
      known: false,
      count: 0,
    });
  });

  it('reads the outcome: done, failed by status or error, reverted and later fixes from history', () => {
    const outcome = (input: Parameters<typeof buildTask>[0], history = buildHistory()) => {
      const task = buildTask(input);
      return computeTaskSignals({ task, bundle: buildTestBundle(task), history }).outcome;
    };
    expect(outcome({ column: 'done' })).toMatchObject({
      done: true,
      failed: false,
      reverted: false,
      historyKnown: true,
    });
    expect(outcome({ column: 'done', error: 'x' })).toMatchObject({ done: false, failed: true });
    expect(outcome({ column: 'in-progress', status: 'failed' })).toMatchObject({ done: false, failed: true });
    expect(outcome({ column: 'done' }, buildHistory({ reverted: true, laterFixShas: ['a'.repeat(40)] }))).toMatchObject(
      { reverted: true, laterFixes: 1 },
    );
    const task = buildTask();
    expect(computeTaskSignals({ task, bundle: buildTestBundle(task) }).outcome).toMatchObject({
      reverted: null,
      historyKnown: false,
      firstToLastCommitMs: null,
    });
  });

  it('measures first to last commit from history, else from the commit dates', () => {
    const task = buildTask();
    const commits = [buildCommit(1), buildCommit(31)];
    expect(computeTaskSignals({ task, bundle: buildTestBundle(task), commits }).outcome.firstToLastCommitMs).toBe(
      30 * 60_000,
    );
    const history = buildHistory({ firstCommitAt: at(0), lastCommitAt: at(10) });
    expect(
      computeTaskSignals({ task, bundle: buildTestBundle(task), commits, history }).outcome.firstToLastCommitMs,
    ).toBe(10 * 60_000);
  });
});
