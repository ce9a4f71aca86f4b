import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JudgeCallError } from '../judge/index.js';
import { createScriptedJudge, validAnswerFromPrompt } from '../judge/testing/index.js';
import { openSqliteStore, type SqliteStore } from '../store/index.js';
import { executeBatch } from './execute-batch.js';
import { executeRun } from './execute-run.js';
import { MAX_TRANSIENT_RETRIES } from './find-retry-candidates.js';
import { manualClock, runTask, tempStoreDir } from './testing/run-task-builders.js';
import { openedJudge } from './testing/opened-judge.js';

describe('executeBatch', () => {
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
  const ids = (r: { results: Array<{ taskId: string }> }) => r.results.map((x) => x.taskId);

  it('takes everything up to now in the first batch, then starts exclusive at its end and ends inclusive at the new start', async () => {
    const clock = manualClock('2026-03-01T11:00:00.000Z');
    const base = { store, projectId: 'p', taskevalVersion: '1', clock: clock.now };
    const first = await executeBatch({
      ...base,
      tasks: [
        runTask('B', '2026-03-01T11:00:00.000Z'),
        runTask('A', '2026-03-01T10:00:00.000Z'),
        runTask('LATER', '2026-03-01T11:00:00.001Z'),
      ],
    });
    expect(first.window).toEqual({ start: null, end: '2026-03-01T11:00:00.000Z' });
    expect(ids(first)).toEqual(['A', 'B']);
    expect(first.run).toMatchObject({ trigger: 'schedule', status: 'completed', window: first.window });

    clock.set('2026-03-01T12:00:00.000Z');
    const all = [
      runTask('A', '2026-03-01T10:00:00.000Z'),
      runTask('B', '2026-03-01T11:00:00.000Z'),
      runTask('SAME-AS-PREVIOUS-END', '2026-03-01T11:00:00.000Z'),
      runTask('LATER', '2026-03-01T11:00:00.001Z'),
      runTask('AT-START', '2026-03-01T12:00:00.000Z'),
      runTask('AFTER-START', '2026-03-01T12:00:00.001Z'),
    ];
    const second = await executeBatch({ ...base, tasks: all });
    expect(second.window).toEqual({ start: '2026-03-01T11:00:00.000Z', end: '2026-03-01T12:00:00.000Z' });
    expect(ids(second)).toEqual(['LATER', 'AT-START']);
  });

  it('orders a batch by completion time, then creation time, then id', async () => {
    const clock = manualClock('2026-03-02T00:00:00.000Z');
    const t = '2026-03-01T10:00:00.000Z';
    const late = runTask('Z-EARLY-CREATED', t);
    late.createdAt = '2026-01-01T00:00:00.000Z';
    const out = await executeBatch({
      store,
      projectId: 'p',
      taskevalVersion: '1',
      clock: clock.now,
      tasks: [runTask('C', t), runTask('B', t), late, runTask('A', '2026-03-01T09:00:00.000Z')],
    });
    expect(out.run.requestedTaskIds).toEqual(['A', 'Z-EARLY-CREATED', 'B', 'C']);
  });

  it(`retries a transient judge failure in the next batches, at most ${MAX_TRANSIENT_RETRIES} times, then leaves it as error`, async () => {
    const clock = manualClock('2026-03-01T12:00:00.000Z');
    const judge = createScriptedJudge([
      (request) => {
        if (request.prompt.includes('FLAKY'))
          throw new JudgeCallError('rate limited (gave up after 4 attempts)', {
            retryable: false,
            transient: true,
            status: 429,
          });
        return {
          text: JSON.stringify(validAnswerFromPrompt(request.prompt)),
          usage: { inputTokens: 1, outputTokens: 1, cachedTokens: 0 },
        };
      },
    ]);
    const tasks = [runTask('FLAKY', '2026-03-01T10:00:00.000Z'), runTask('FINE', '2026-03-01T10:00:00.000Z')];
    const evaluated: string[][] = [];
    let last;
    for (let batch = 0; batch < MAX_TRANSIENT_RETRIES + 3; batch++) {
      last = await executeBatch({
        store,
        projectId: 'p',
        taskevalVersion: '1',
        clock: clock.now,
        tasks,
        judge: openedJudge(judge),
      });
      evaluated.push(ids(last).sort());
      clock.advance(86_400_000);
    }
    expect(evaluated[0]).toEqual(['FINE', 'FLAKY']);
    expect(evaluated.slice(1, 1 + MAX_TRANSIENT_RETRIES)).toEqual(Array(MAX_TRANSIENT_RETRIES).fill(['FLAKY']));
    expect(evaluated.slice(1 + MAX_TRANSIENT_RETRIES)).toEqual([[], []]);
    const history = await store.taskHistory('FLAKY');
    expect(history.items.map((r) => r.status)).toEqual(Array(MAX_TRANSIENT_RETRIES + 1).fill('error'));
    expect(history.items.at(-1)!.reason).toMatch(/rate limited/);
    const firstSkip = (await store.listRuns({ trigger: 'schedule', limit: 10 })).items.at(
      -(MAX_TRANSIENT_RETRIES + 2),
    )!;
    const warnings = (await store.listEvents(firstSkip.id)).filter((e) => e.type === 'warning').map((e) => e.message);
    expect(warnings).toEqual([expect.stringMatching(/^FLAKY: left as error after 4 transient failures: rate limited/)]);
  });

  it('retries after a manual run scored the task in between, and stops once a batch scores it', async () => {
    const clock = manualClock('2026-03-01T12:00:00.000Z');
    let down = true;
    const judge = createScriptedJudge([
      (request) => {
        if (down) throw new JudgeCallError('connection refused', { retryable: false, transient: true });
        return {
          text: JSON.stringify(validAnswerFromPrompt(request.prompt)),
          usage: { inputTokens: 1, outputTokens: 1, cachedTokens: 0 },
        };
      },
    ]);
    const tasks = [runTask('T', '2026-03-01T10:00:00.000Z')];
    const batch = () =>
      executeBatch({
        store,
        projectId: 'p',
        taskevalVersion: '1',
        clock: clock.now,
        tasks,
        judge: openedJudge(judge),
      }).finally(() => clock.advance(3_600_000));
    expect(ids(await batch())).toEqual(['T']);
    down = false;
    await executeRun({ store, projectId: 'p', trigger: 'manual', taskevalVersion: '1', clock: clock.now, tasks });
    const retried = await batch();
    expect(retried.results).toMatchObject([{ taskId: 'T', status: 'scored' }]);
    expect(ids(await batch())).toEqual([]);
  });

  it('refuses a second batch while one is active, naming it', async () => {
    const active = await store.createRun({
      projectId: 'p',
      trigger: 'schedule',
      provenance: {
        judgeProvider: null,
        judgeModel: null,
        rubricVersion: 'r',
        promptVersion: null,
        taskevalVersion: '1',
      },
      now: '2026-03-01T00:00:00.000Z',
    });
    await expect(
      executeBatch({ store, projectId: 'p', taskevalVersion: '1', tasks: [runTask('A')] }),
    ).rejects.toMatchObject({ code: 'active_run_conflict', message: expect.stringContaining(active.id) });
  });

  it('applies retention after the batch: runs finished before the cut-off are deleted with their results', async () => {
    const clock = manualClock('2026-01-01T00:00:00.000Z');
    const old = await executeRun({
      store,
      projectId: 'p',
      trigger: 'manual',
      taskevalVersion: '1',
      clock: clock.now,
      tasks: [runTask('OLD', '2025-12-31T00:00:00.000Z')],
    });
    clock.set('2026-03-01T00:00:00.000Z');
    const out = await executeBatch({
      store,
      projectId: 'p',
      taskevalVersion: '1',
      clock: clock.now,
      tasks: [runTask('NEW', '2026-02-28T00:00:00.000Z')],
      retentionDays: 30,
    });
    expect(out.pruned).toMatchObject({ runs: 1, results: 1, runIds: [old.run.id] });
    await expect(store.getRun(old.run.id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await store.getRun(out.run.id)).status).toBe('completed');
  });
});
