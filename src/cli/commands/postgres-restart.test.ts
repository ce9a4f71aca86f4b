import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { needs } from '../../store/testing/skip-reason.js';

// A server of its own that the test may restart (.ci/run starts it): restarting the shared one would break other tests.
const url = process.env.TASKEVAL_TEST_PG_RESTART_URL;
const restart = process.env.TASKEVAL_TEST_PG_RESTART;
const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const TASKS = 1500;

interface Proc {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

function start(args: string[], cwd: string): Proc {
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), join(ROOT, 'src/cli/bin.ts'), ...args],
    { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => void (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => void (out += d.toString()));
  return { child, out: () => out, exited: new Promise((done) => child.on('close', (code) => done(code))) };
}

let dir: string;
let schema: string;

async function query<R extends pg.QueryResultRow>(sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Results stored so far; 0 while the server is down or the tables are not made yet. */
async function storedResults(): Promise<number> {
  try {
    return (await query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.eval_task_results`))[0]!.n;
  } catch {
    return 0;
  }
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

it.runIf(Boolean(process.env.CI) && (!url || !restart))('has a PostgreSQL server to restart in CI', () => {
  expect.fail(
    'set TASKEVAL_TEST_PG_RESTART_URL and TASKEVAL_TEST_PG_RESTART (.ci/run does) so the reconnection test runs',
  );
});

describe.skipIf(!url || !restart)(
  needs('a PostgreSQL server restarted under two workers and a queued run', [
    !url && 'TASKEVAL_TEST_PG_RESTART_URL',
    !restart && 'TASKEVAL_TEST_PG_RESTART',
  ]),
  () => {
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'taskeval-pgrestart-'));
      schema = `taskeval_restart_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
      const lines = Array.from({ length: TASKS }, (_, i) =>
        JSON.stringify({
          id: `R-${i + 1}`,
          title: `task ${i + 1}`,
          column: 'done',
          executionCompletedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        }),
      );
      await writeFile(join(dir, 'tasks.jsonl'), lines.join('\n'));
    });
    afterEach(async () => {
      await query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    });

    it('loses no job and does none twice: the workers reconnect, the run completes with one result per task', async () => {
      const db = `${url}?schema=${schema}`;
      const run = start(['run', '--tasks', 'tasks.jsonl', '--db', db, '--queue'], dir);
      const workers = [
        start(['worker', '--db', db, '--concurrency', '2'], dir),
        start(['worker', '--db', db, '--concurrency', '2'], dir),
      ];
      try {
        await waitFor(async () => (await storedResults()) >= 100, 120_000);
        const before = await storedResults();
        expect(before).toBeLessThan(TASKS);
        execSync(restart!, { stdio: 'ignore' });
        const code = await run.exited;
        expect(code, run.out()).toBe(0);
        const { n, distinct } = (
          await query<{ n: number; distinct: number }>(
            `SELECT count(*)::int AS n, count(DISTINCT task_id)::int AS distinct FROM ${schema}.eval_task_results`,
          )
        )[0]!;
        expect({ n, distinct }).toEqual({ n: TASKS, distinct: TASKS });
        const { status } = (await query<{ status: string }>(`SELECT status FROM ${schema}.eval_runs`))[0]!;
        expect(status).toBe('completed');
        // Both workers are still alive and taking jobs: none hung or exited on the restart.
        for (const w of workers) expect(w.child.exitCode, w.out()).toBeNull();
      } finally {
        for (const w of workers) w.child.kill('SIGINT');
        await Promise.all(workers.map((w) => w.exited));
        run.child.kill('SIGKILL');
      }
    }, 300_000);

    it('a run on PostgreSQL (no queue) reconnects and completes with every result', async () => {
      const db = `${url}?schema=${schema}`;
      const run = start(['run', '--tasks', 'tasks.jsonl', '--db', db], dir);
      await waitFor(async () => (await storedResults()) >= 100, 120_000);
      expect(await storedResults()).toBeLessThan(TASKS);
      execSync(restart!, { stdio: 'ignore' });
      expect(await run.exited, run.out()).toBe(0);
      const { n, distinct } = (
        await query<{ n: number; distinct: number }>(
          `SELECT count(*)::int AS n, count(DISTINCT task_id)::int AS distinct FROM ${schema}.eval_task_results`,
        )
      )[0]!;
      expect({ n, distinct }).toEqual({ n: TASKS, distinct: TASKS });
    }, 300_000);
  },
);
