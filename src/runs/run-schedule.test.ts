import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteStore } from '../store/index.js';
import { executeBatch } from './execute-batch.js';
import { executeRun } from './execute-run.js';
import { nextScheduledRun, runSchedule } from './run-schedule.js';
import { runTask, tempStoreDir } from './testing/run-task-builders.js';
import { watchCompletions } from './watch-completions.js';

describe('runSchedule', () => {
  it('reads the default expression in UTC unless told another zone', () => {
    const from = new Date('2026-03-01T06:00:00.000Z');
    expect(nextScheduledRun('0 5 * * *', 'UTC', from)!.toISOString()).toBe('2026-03-02T05:00:00.000Z');
    expect(nextScheduledRun('0 5 * * *', 'Europe/Berlin', from)!.toISOString()).toBe('2026-03-02T04:00:00.000Z');
    expect(() => nextScheduledRun('61 5 * * *')).toThrow(/--cron "61 5 \* \* \*".*not a valid schedule/);
  });

  it('runs batches on the expression, logs them, and stops cleanly when aborted, cancelling the batch in flight', async () => {
    const controller = new AbortController();
    const log: string[] = [];
    let batches = 0;
    let sawAbort = false;
    await runSchedule({
      cron: '* * * * * *',
      log: (l) => log.push(l),
      signal: controller.signal,
      runBatch: async (signal) => {
        batches += 1;
        if (batches === 2) {
          controller.abort();
          await new Promise((r) => setTimeout(r, 20));
          sawAbort = signal.aborted;
        }
      },
    });
    expect(batches).toBe(2);
    expect(sawAbort).toBe(true);
    expect(log[0]).toMatch(/^schedule "\* \* \* \* \* \*" \(UTC\); first batch at \d{4}-/);
    expect(log.at(-1)).toBe('schedule stopped');
  }, 10_000);

  it('logs a failed batch and keeps going', async () => {
    const controller = new AbortController();
    const log: string[] = [];
    let batches = 0;
    await runSchedule({
      cron: '* * * * * *',
      log: (l) => log.push(l),
      signal: controller.signal,
      runBatch: async () => {
        batches += 1;
        if (batches === 1) throw new Error('judge config broken');
        controller.abort();
      },
    });
    expect(log).toContain('batch failed: judge config broken');
    expect(batches).toBe(2);
  }, 10_000);
});

describe('watchCompletions', () => {
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

  it('ends quietly when stopped in the middle of a poll, without reporting it as a failed poll', async () => {
    const controller = new AbortController();
    const log: string[] = [];
    let polls = 0;
    await watchCompletions({
      store,
      projectId: 'p',
      intervalMs: 5,
      log: (line) => log.push(line),
      signal: controller.signal,
      poll: async () => {
        polls += 1;
        if (polls === 1) return [];
        // What a SIGTERM during a source read looks like: the read is aborted and rejects.
        controller.abort();
        throw new Error('The operation was aborted');
      },
      evaluate: async () => undefined,
    });
    expect(polls).toBe(2);
    expect(log).toEqual(['watching for completed tasks every 0 s', 'watch stopped']);
  });

  it('evaluates each newly completed task once, in a task_completion run, and ignores tasks not yet completed', async () => {
    const controller = new AbortController();
    const polls = [
      [runTask('A', '2026-03-01T10:00:00.000Z'), runTask('OPEN', null)],
      [runTask('A', '2026-03-01T10:00:00.000Z'), runTask('OPEN', null)],
      [
        runTask('A', '2026-03-01T10:00:00.000Z'),
        runTask('OPEN', '2026-03-01T11:00:00.000Z'),
        runTask('B', '2026-03-01T11:30:00.000Z'),
      ],
    ];
    const evaluated: string[][] = [];
    let poll = 0;
    await watchCompletions({
      store,
      projectId: 'p',
      intervalMs: 5,
      log: () => undefined,
      signal: controller.signal,
      poll: async () => polls[Math.min(poll++, polls.length - 1)]!,
      evaluate: async (tasks, signal) => {
        evaluated.push(tasks.map((t) => t.task.id));
        await executeRun({ store, projectId: 'p', trigger: 'task_completion', taskevalVersion: '1', tasks, signal });
      },
      onPoll: () => void (poll >= polls.length + 1 && controller.abort()),
    });
    expect(evaluated).toEqual([['A'], ['OPEN', 'B']]);
    const runs = (await store.listRuns({ trigger: 'task_completion' })).items;
    expect(runs.map((r) => r.status)).toEqual(['completed', 'completed']);
  });

  it('does not count scheduled batches: a task a batch evaluated is still evaluated on completion', async () => {
    await executeBatch({ store, projectId: 'p', taskevalVersion: '1', tasks: [runTask('A')] });
    const controller = new AbortController();
    const evaluated: string[] = [];
    await watchCompletions({
      store,
      projectId: 'p',
      intervalMs: 5,
      log: () => undefined,
      signal: controller.signal,
      poll: async () => [runTask('A')],
      evaluate: async (tasks) => void evaluated.push(...tasks.map((t) => t.task.id)),
      onPoll: () => controller.abort(),
    });
    expect(evaluated).toEqual(['A']);
  });
});
