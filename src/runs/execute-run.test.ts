import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScriptedJudge, validAnswerFromPrompt } from '../judge/testing/index.js';
import { JudgeCallError } from '../judge/index.js';
import { openPostgresStore, openSqliteStore, type SqliteStore, type StoredResult } from '../store/index.js';
import { executeRun } from './execute-run.js';
import { runTask, runTasks, tempStoreDir } from './testing/run-task-builders.js';
import { needs } from '../store/testing/skip-reason.js';
import { openedJudge } from './testing/opened-judge.js';

describe('executeRun', () => {
  let tmp: ReturnType<typeof tempStoreDir>;
  let store: SqliteStore;
  beforeEach(() => {
    tmp = tempStoreDir();
    store = openSqliteStore({ path: tmp.dbPath });
  });
  afterEach(async () => {
    await store.close();
    tmp.remove();
  });

  it('keeps results in memory without their bundles and snapshots, which stay in the store', async () => {
    const { results } = await executeRun({
      store,
      projectId: 'p1',
      tasks: runTasks(2),
      trigger: 'manual',
      taskevalVersion: '1',
    });
    expect(results[0]).not.toHaveProperty('evidenceBundle');
    expect(results[0]).not.toHaveProperty('taskSnapshot');
    expect(await store.getResult(results[0]!.id)).toMatchObject({
      evidenceBundle: { taskId: 'RT-1' },
      taskSnapshot: { id: 'RT-1' },
    });
  });

  it('stores each result as it completes, then completes the run with counts, means and a summary', async () => {
    const seen: string[] = [];
    const lookups: Array<Promise<StoredResult>> = [];
    const tasks = runTasks(5);
    const { run, results } = await executeRun({
      store,
      projectId: 'p1',
      tasks,
      trigger: 'manual',
      taskevalVersion: '1.2.3',
      onResult: (r) => {
        seen.push(r.taskId);
        // The result is already in the store when onResult sees it (getResult throws not_found otherwise).
        lookups.push(store.getResult(r.id));
      },
    });
    expect(results.map((r) => r.taskId)).toEqual(tasks.map((t) => t.task.id));
    expect(seen).toEqual(tasks.map((t) => t.task.id));
    expect((await Promise.all(lookups)).map((r) => r.taskId)).toEqual(seen);
    expect(run).toMatchObject({
      status: 'completed',
      trigger: 'manual',
      projectId: 'p1',
      counts: { total: 5, scored: 5, skipped: 0, errored: 0 },
    });
    expect(run.requestedTaskIds).toEqual(tasks.map((t) => t.task.id));
    expect([...run.evaluatedTaskIds].sort()).toEqual(tasks.map((t) => t.task.id).sort());
    expect(run.provenance).toMatchObject({
      judgeProvider: null,
      judgeModel: null,
      promptVersion: null,
      taskevalVersion: '1.2.3',
    });
    const overalls = results.map((r) => (r.status === 'scored' ? r.overallScore : 0));
    expect(run.aggregates.overall).toBe(Math.round((overalls.reduce((a, b) => a + b, 0) / overalls.length) * 10) / 10);
    expect(run.summary).toMatch(/^5 tasks: 5 scored, 0 skipped, 0 errors; overall mean \d/);
    const stored = await store.findResult({ taskId: 'RT-3', runId: run.id });
    expect(stored).toMatchObject({
      completedAt: tasks[2]!.completedAt,
      taskSnapshot: { id: 'RT-3', title: 'Task RT-3' },
    });
  });

  it('judges with the configured judge: hybrid results with judge provenance, and transient judge failures stored as errors', async () => {
    let calls = 0;
    const judge = createScriptedJudge([
      (request) => {
        calls += 1;
        if (request.prompt.includes('RT-2'))
          throw new JudgeCallError('judge unreachable: connection refused', { retryable: false, transient: true });
        return {
          text: JSON.stringify(validAnswerFromPrompt(request.prompt)),
          usage: { inputTokens: 1000, outputTokens: 200, cachedTokens: 0 },
        };
      },
    ]);
    const progress: number[] = [];
    const { run, results } = await executeRun({
      store,
      projectId: 'p1',
      tasks: runTasks(3),
      trigger: 'manual',
      taskevalVersion: '1',
      judge: openedJudge(judge, { concurrency: 2 }),
      onProgress: (p) => progress.push(p.tokens),
    });
    expect(calls).toBe(3);
    expect(run).toMatchObject({
      status: 'completed',
      counts: { total: 3, scored: 2, errored: 1 },
      provenance: { judgeProvider: 'scripted', judgeModel: 'scripted-1' },
    });
    const byId = Object.fromEntries(results.map((r) => [r.taskId, r])) as Record<string, StoredResult>;
    expect(byId['RT-1']).toMatchObject({
      status: 'scored',
      mode: 'hybrid',
      provenance: { provider: 'scripted', model: 'scripted-1' },
    });
    expect(byId['RT-2']).toMatchObject({
      status: 'error',
      transient: true,
      reason: expect.stringContaining('unreachable'),
    });
    expect(Math.max(...progress)).toBe(2400);
  });

  it('pays nothing for a re-run: judge answers come from the cache in the same store', async () => {
    const judge = createScriptedJudge([
      (request) => ({
        text: JSON.stringify(validAnswerFromPrompt(request.prompt)),
        usage: { inputTokens: 10, outputTokens: 1, cachedTokens: 0 },
      }),
    ]);
    await executeRun({
      store,
      projectId: 'p1',
      tasks: runTasks(2),
      trigger: 'manual',
      taskevalVersion: '1',
      judge: openedJudge(judge),
    });
    const again = await executeRun({
      store,
      projectId: 'p1',
      tasks: runTasks(2),
      trigger: 'manual',
      taskevalVersion: '1',
      judge: openedJudge(judge),
    });
    expect(judge.requests).toHaveLength(2);
    expect(again.results.every((r) => r.status === 'scored' && r.provenance.cached)).toBe(true);
  });

  it('is cancelled by an abort: in-flight judge calls see the abort, results stored before it are kept', async () => {
    const controller = new AbortController();
    let started = 0;
    const judge = createScriptedJudge([
      (request) => {
        started += 1;
        if (started <= 2)
          return {
            text: JSON.stringify(validAnswerFromPrompt(request.prompt)),
            usage: { inputTokens: 1, outputTokens: 1, cachedTokens: 0 },
          };
        controller.abort();
        return new Promise((_, reject) => {
          if (request.signal?.aborted) reject(new JudgeCallError('aborted', { retryable: false, transient: true }));
          request.signal?.addEventListener('abort', () =>
            reject(new JudgeCallError('aborted', { retryable: false, transient: true })),
          );
        });
      },
    ]);
    const { run, results } = await executeRun({
      store,
      projectId: 'p1',
      tasks: runTasks(6),
      trigger: 'manual',
      taskevalVersion: '1',
      judge: openedJudge(judge, { concurrency: 1 }),
      signal: controller.signal,
    });
    expect(run.status).toBe('cancelled');
    expect(run.reason).toBe('cancelled by the user');
    expect(results.map((r) => r.taskId)).toEqual(['RT-1', 'RT-2']);
    expect(await store.resultTaskIds(run.id)).toEqual(expect.arrayContaining(['RT-1', 'RT-2']));
    expect(run.counts.total).toBe(2);
    expect(run.summary).toMatch(/^cancelled after 2 of 6 tasks/);
  });

  it('fails the run and rethrows when the judge is misconfigured, keeping what was stored', async () => {
    const judge = createScriptedJudge([
      (request) => {
        if (request.prompt.includes('RT-2')) throw new Error('boom: not a judge call error');
        return {
          text: JSON.stringify(validAnswerFromPrompt(request.prompt)),
          usage: { inputTokens: 1, outputTokens: 1, cachedTokens: 0 },
        };
      },
    ]);
    await expect(
      executeRun({
        store,
        projectId: 'p1',
        tasks: runTasks(3),
        trigger: 'manual',
        taskevalVersion: '1',
        judge: openedJudge(judge, { concurrency: 1 }),
      }),
    ).rejects.toThrow(/boom/);
    const [run] = (await store.listRuns()).items;
    expect(run).toMatchObject({ status: 'failed', reason: expect.stringContaining('boom'), counts: { total: 1 } });
  });

  it('records a task whose evaluation throws as an error result and goes on with the others', async () => {
    const broken = runTask('BAD-1');
    // A log that is not an array makes the evidence builder throw; the run must not stop.
    (broken.task as { log: unknown }).log = 42;
    const { run, results } = await executeRun({
      store,
      projectId: 'p1',
      tasks: [broken, runTask('OK-1')],
      trigger: 'manual',
      taskevalVersion: '1',
    });
    expect(run.counts).toMatchObject({ total: 2, scored: 1, errored: 1 });
    expect(results.find((r) => r.taskId === 'BAD-1')).toMatchObject({
      status: 'error',
      transient: false,
      reason: expect.stringMatching(/^could not score this task/),
    });
  });

  it('beats the heartbeat while it runs', async () => {
    let t = Date.parse('2026-03-01T00:00:00.000Z');
    const clock = () => new Date(t);
    const judge = createScriptedJudge([
      async (request) => {
        t += 30_000;
        await new Promise((r) => setTimeout(r, 30));
        return {
          text: JSON.stringify(validAnswerFromPrompt(request.prompt)),
          usage: { inputTokens: 1, outputTokens: 1, cachedTokens: 0 },
        };
      },
    ]);
    let heartbeatSeen = '';
    const { run } = await executeRun({
      store,
      projectId: 'p1',
      tasks: runTasks(3),
      trigger: 'manual',
      taskevalVersion: '1',
      judge: openedJudge(judge, { concurrency: 1 }),
      clock,
      heartbeatMs: 5,
      onResult: (r) => void store.getRun(r.runId).then((live) => (heartbeatSeen = live.heartbeatAt)),
    });
    expect(run.status).toBe('completed');
    expect(Date.parse(heartbeatSeen)).toBeGreaterThan(Date.parse('2026-03-01T00:00:00.000Z'));
  });

  it('stores an error result naming why for a record the store cannot keep, and goes on with the others', async () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 1_500; i++) deep = { d: deep };
    const tasks = [
      runTask('RT-1'),
      runTask('RT-2', '2026-03-01T10:01:00.000Z', { extraPayload: deep }),
      runTask('RT-3', '2026-03-01T10:02:00.000Z'),
    ];
    const { run, results } = await executeRun({
      store,
      projectId: 'p1',
      tasks,
      trigger: 'manual',
      taskevalVersion: '1',
    });
    expect(run).toMatchObject({ status: 'completed', counts: { total: 3, scored: 2, errored: 1 } });
    expect(results.find((r) => r.taskId === 'RT-2')).toMatchObject({
      status: 'error',
      reason: expect.stringMatching(/^the store could not keep this task's result: /),
    });
    expect(await store.findResult({ taskId: 'RT-2', runId: run.id })).toMatchObject({
      taskSnapshot: { id: 'RT-2', title: 'Task RT-2' },
    });
    expect((await store.findResult({ taskId: 'RT-2', runId: run.id }))?.status).toBe('error');
    expect((await store.findResult({ taskId: 'RT-3', runId: run.id }))?.status).toBe('scored');
  });
});

const pgUrl = process.env.TASKEVAL_TEST_PG_URL;

describe.skipIf(!pgUrl)(needs('executeRun on PostgreSQL', [!pgUrl && 'TASKEVAL_TEST_PG_URL']), () => {
  it('keeps a NUL character in a record as SQLite does, and stores an error result for what jsonb refuses, completing the run', async () => {
    const schema = `taskeval_test_nul_${Date.now().toString(36)}`;
    const store = await openPostgresStore({ connectionString: pgUrl!, schema });
    try {
      const tasks = [
        runTask('RT-1'),
        runTask('RT-2', '2026-03-01T10:01:00.000Z', { description: 'a NUL \u0000 from a broken exporter' }),
        runTask('RT-3', '2026-03-01T10:02:00.000Z', { labels: { prompt: 'v\u00002' } }),
      ];
      const { run, results } = await executeRun({
        store,
        projectId: 'p1',
        tasks,
        trigger: 'manual',
        taskevalVersion: '1',
      });
      expect(run).toMatchObject({ status: 'completed', counts: { total: 3, scored: 2, errored: 1 } });
      expect((await store.findResult({ taskId: 'RT-2', runId: run.id }))?.taskSnapshot).toMatchObject({
        description: 'a NUL \u0000 from a broken exporter',
      });
      expect(results.find((r) => r.taskId === 'RT-3')).toMatchObject({
        status: 'error',
        reason: expect.stringContaining('unsupported Unicode escape sequence'),
      });
    } finally {
      await store.pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await store.close();
    }
  });
});
