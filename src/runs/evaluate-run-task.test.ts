import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SourceError } from '../core/index.js';
import { openSqliteStore, type SqliteStore } from '../store/index.js';
import { evaluateRunTask } from './evaluate-run-task.js';
import { executeRun } from './execute-run.js';
import { runTask, runTasks, tempStoreDir } from './testing/run-task-builders.js';

/** A task whose log cannot be read: reading it throws `error`. */
function brokenTask(id: string, error: () => Error) {
  const item = runTask(id);
  Object.defineProperty(item.task, 'log', {
    get: () => {
      throw error();
    },
  });
  return item;
}

describe('evaluateRunTask on a task it cannot evaluate', () => {
  it("turns the task's own unreadable data into its error result, bounded and not transient", async () => {
    const { result } = await evaluateRunTask({
      item: brokenTask('BAD-1', () => new SourceError('source_invalid', 'log: '.padEnd(5_000, 'x'))),
      runId: 'r',
      evaluatedAt: '2026-03-01T00:00:00.000Z',
      taskevalVersion: 't',
      judge: null,
    });
    expect(result).toMatchObject({
      taskId: 'BAD-1',
      status: 'error',
      transient: false,
      reason: expect.stringMatching(/^could not score this task: log: x+/),
    });
    expect(result.status === 'error' && result.reason.length).toBeLessThanOrEqual(2_000);
  });

  it('lets a bug in taskeval (a TypeError) through instead of storing it as the task result', async () => {
    await expect(
      evaluateRunTask({
        item: brokenTask('BUG-1', () => new TypeError("Cannot read properties of undefined (reading 'x')")),
        runId: 'r',
        evaluatedAt: '2026-03-01T00:00:00.000Z',
        taskevalVersion: 't',
        judge: null,
      }),
    ).rejects.toBeInstanceOf(TypeError);
  });
});

describe('a run that meets a bug', () => {
  let store: SqliteStore;
  let temp: ReturnType<typeof tempStoreDir>;
  beforeEach(() => {
    temp = tempStoreDir();
    store = openSqliteStore({ path: temp.dbPath });
  });
  afterEach(async () => {
    await store.close();
    temp.remove();
  });

  it('fails with the bug as its reason, keeps what it stored, and rethrows it for the CLI (exit 70, stack trace)', async () => {
    const tasks = [...runTasks(2), brokenTask('BUG-1', () => new TypeError('boom in taskeval'))];
    await expect(executeRun({ store, projectId: 'p', tasks, trigger: 'manual', taskevalVersion: 't' })).rejects.toThrow(
      TypeError,
    );
    const [run] = (await store.listRuns()).items;
    expect(run).toMatchObject({ status: 'failed', reason: 'boom in taskeval' });
    expect((await store.listResults({ runId: run!.id })).items.map((r) => r.taskId).sort()).toEqual(['RT-1', 'RT-2']);
  });
});
