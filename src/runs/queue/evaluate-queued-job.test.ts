import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgresStore, parseStoreLocation, type PostgresStore } from '../../store/index.js';
import { runTasks } from '../testing/run-task-builders.js';
import { evaluateQueuedJob, judgeFromRun } from './evaluate-queued-job.js';
import { enqueueRun } from './enqueue-run.js';
import { EvaluationQueue } from './evaluation-queue.js';
import { finishQueuedRun } from './finish-queued-run.js';
import { needs } from '../../store/testing/skip-reason.js';

const url = process.env.TASKEVAL_TEST_PG_URL;
const now = () => new Date('2026-03-10T05:00:00.000Z');
const iso = () => now().toISOString();

let schema: string;
let store: PostgresStore;
let queue: EvaluationQueue;

describe.skipIf(!url)(needs('a queued job', [!url && 'TASKEVAL_TEST_PG_URL']), () => {
  beforeEach(async () => {
    schema = `taskeval_qj_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    store = await openPostgresStore({ connectionString: url!, schema });
    queue = await EvaluationQueue.open(
      parseStoreLocation(`${url}${url!.includes('?') ? '&' : '?'}schema=${schema}`, '/'),
    );
  });
  afterEach(async () => {
    await queue.close();
    await store.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
    await client.end();
  });

  const enqueue = (n: number) =>
    enqueueRun({
      store,
      queue,
      projectId: 'proj',
      tasks: runTasks(n),
      trigger: 'manual',
      judge: null,
      labels: { prompt: 'v2' },
      taskevalVersion: '1',
      now: iso(),
    });
  const evaluate = (job: NonNullable<Awaited<ReturnType<EvaluationQueue['take']>>>) =>
    evaluateQueuedJob({ store, queue, job, judgeFor: (run) => judgeFromRun(run, {}), taskevalVersion: '1', now });

  it('creates its run running, with every job, in one transaction; a run that fails to enqueue is not kept', async () => {
    const run = await enqueue(3);
    expect(run).toMatchObject({
      status: 'running',
      settings: { queued: true, labels: { prompt: 'v2' }, judge: null },
      requestedTaskIds: ['RT-1', 'RT-2', 'RT-3'],
    });
    expect(await queue.openJobCount(run.id)).toBe(3);

    await expect(
      store.createQueuedRun(
        { projectId: 'proj', trigger: 'manual', provenance: run.provenance, now: iso() },
        async (sql) => {
          await sql.executeSql('SELECT 1', []);
          throw new Error('the queue refused the jobs');
        },
      ),
    ).rejects.toThrow(/refused the jobs/);
    expect((await store.listRuns()).count).toBe(1);
  });

  it('stores its task once: a retry of a job whose result is stored does nothing, and the last job completes the run', async () => {
    const run = await enqueue(2);
    const first = (await queue.take())!;
    expect(await evaluate(first)).toBe('stored');
    // The same job again, as pg-boss hands it back (a retry) after its worker died before completing it.
    expect(await evaluate({ ...first, retryCount: 1 })).toBe('already-stored');
    // Even a first attempt that meets a stored result leaves one result, not two.
    expect(await evaluate(first)).toBe('stored');
    expect(await store.resultTaskIds(run.id)).toEqual([first.data.item.task.id]);
    expect((await store.getRun(run.id)).status).toBe('running');

    expect(await evaluate((await queue.take())!)).toBe('stored');
    const done = await store.getRun(run.id);
    expect(done).toMatchObject({ status: 'completed', counts: { total: 2, scored: 2 } });
    // The run's labels reach its results through the recorded settings.
    expect((await store.findResult({ runId: run.id, taskId: first.data.item.task.id }))?.cohort.labels).toMatchObject({
      prompt: 'v2',
    });
  });

  it('of a cancelled run is dropped without evaluating', async () => {
    const run = await enqueue(1);
    await store.transitionRun(run.id, 'cancelled', { reason: 'cancelled by the user', now: iso() });
    expect(await evaluate((await queue.take())!)).toBe('run-not-running');
    expect(await store.resultTaskIds(run.id)).toEqual([]);
  });

  it('that failed for good becomes its task error result naming why, so the run still completes', async () => {
    const run = await enqueue(2);
    expect(await evaluate((await queue.take())!)).toBe('stored');
    const lost = (await queue.take())!;
    // Every attempt used up (each worker that took it vanished): pg-boss keeps the job as failed.
    for (let job: typeof lost | null = lost; job; job = await queue.take()) {
      expect(job.id).toBe(lost.id);
      await queue.fail(job.id, 'worker vanished');
    }
    expect(await queue.openJobCount(run.id)).toBe(0);
    expect((await store.getRun(run.id)).status).toBe('running');
    const finished = await finishQueuedRun(store, queue, run.id, iso);
    expect(finished).toMatchObject({ status: 'completed', counts: { total: 2, scored: 1, errored: 1 } });
    const failed = await store.findResult({ runId: run.id, taskId: lost.data.item.task.id });
    expect(failed).toMatchObject({
      status: 'error',
      reason: expect.stringMatching(/queue gave up on this task: worker vanished/),
    });
  });

  it('deleted from the queue still lets its run finish: each task without a result or a job gets an error result saying its job is gone', async () => {
    const run = await enqueueRun({
      store,
      queue,
      projectId: 'proj',
      tasks: runTasks(2),
      trigger: 'schedule',
      judge: null,
      taskevalVersion: '1',
      now: iso(),
    });
    await store.pool.query(`DELETE FROM ${schema}_pgboss.job WHERE data->>'runId' = $1`, [run.id]);
    const finished = await finishQueuedRun(store, queue, run.id, iso);
    expect(finished).toMatchObject({ status: 'completed', counts: { total: 2, errored: 2 } });
    expect(await store.findResult({ runId: run.id, taskId: 'RT-1' })).toMatchObject({
      status: 'error',
      transient: true,
      reason: expect.stringMatching(/no longer on the queue/),
    });
    // The project's one active batch is free again.
    expect(
      (await store.createRun({ projectId: 'proj', trigger: 'schedule', provenance: run.provenance, now: iso() }))
        .status,
    ).toBe('pending');
  });
});
