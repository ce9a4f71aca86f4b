import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSampleResult } from '../build-sample-result.js';
import { runInput } from '../testing/store-contract.js';
import { betterSqlite3 } from './load-better-sqlite3.js';
import { openSqliteStore } from './open-sqlite-store.js';
import { startWalCheckpointer } from './wal-checkpointer.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'taskeval-checkpoint-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Opens a store, saves 40 results (~1 MiB, far below SQLite's own checkpoint threshold), and returns it. */
async function storeWithResults(backgroundCheckpointAfter: number) {
  const path = join(dir, 'taskeval.db');
  const store = openSqliteStore({ path, backgroundCheckpointAfter });
  const run = await store.createRun(runInput());
  await store.transitionRun(run.id, 'running', { now: '2026-03-02T10:01:00.000Z' });
  const inputs = Array.from({ length: 40 }, (_, i) => ({
    result: buildSampleResult({ taskId: `FN-${i}` }),
    now: '2026-03-02T10:02:00.000Z',
  }));
  for (const input of inputs) await store.saveResult(run.id, input);
  return { store, path, run };
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

describe('background WAL checkpoints', () => {
  it("copy the writer's WAL into the database file from a worker thread", async () => {
    const { store, path } = await storeWithResults(0);
    expect(await waitFor(() => statSync(path).size > 1_000_000, 10_000)).toBe(true);
    await store.close();
  });

  it('do not start before the threshold, leaving the pages in the WAL', async () => {
    const { store, path } = await storeWithResults(1_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(statSync(path).size).toBeLessThan(500_000);
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(1_000_000);
    await store.close();
  });

  it('stop on close, leaving the store whole and no WAL behind', async () => {
    const { store, path, run } = await storeWithResults(0);
    await store.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    const reopened = openSqliteStore({ path });
    expect(await reopened.resultTaskIds(run.id)).toHaveLength(40);
    await reopened.close();
  });
});

describe('the checkpointer beside a long reader', () => {
  it("never holds the writer long enough to fail another connection's write, however long a reader keeps its snapshot", async () => {
    const path = join(dir, 'plain.db');
    const Driver = betterSqlite3();
    const writer = new Driver(path);
    writer.pragma('journal_mode = WAL');
    writer.pragma('busy_timeout = 2000');
    writer.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, pad TEXT)');
    // A reader that keeps an old snapshot open: a RESTART must wait for it, holding the writer lock meanwhile.
    const reader = new Driver(path);
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM t').get();
    const checkpointer = startWalCheckpointer(path, { intervalMs: 5, restartFrames: 1 });
    const insert = writer.prepare('INSERT INTO t (pad) VALUES (?)');
    let written = 0;
    try {
      // Each write yields to the event loop, so the worker ticks (and tries its RESTART) between them.
      for (let i = 0; i < 150; i++) {
        insert.run('x'.repeat(2000));
        written++;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    } finally {
      reader.exec('COMMIT');
      await checkpointer.stop();
      reader.close();
      writer.close();
    }
    expect(written).toBe(150);
  });
});

describe('a save that waited out its lock', () => {
  it('names the process that held it', async () => {
    const path = join(dir, 'held.db');
    const store = openSqliteStore({ path, busyTimeoutMs: 50 });
    const run = await store.createRun(runInput());
    await store.transitionRun(run.id, 'running', { now: '2026-03-02T10:01:00.000Z' });
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    // Another process takes the writer lock and keeps it until its stdin closes.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const D = require(${JSON.stringify(driver)}); const db = new D(${JSON.stringify(path)});
         db.exec('BEGIN IMMEDIATE'); process.stdout.write('locked\\n');
         process.stdin.on('end', () => { db.exec('ROLLBACK'); db.close(); }); process.stdin.resume();`,
        'lock-holder',
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
      const save = store.saveResult(run.id, {
        result: buildSampleResult({ taskId: 'FN-1' }),
        now: '2026-03-02T10:02:00.000Z',
      });
      await expect(save).rejects.toThrow(`the database stayed locked; held by pid ${holder.pid}`);
    } finally {
      holder.stdin.end();
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    await store.saveResult(run.id, { result: buildSampleResult({ taskId: 'FN-1' }), now: '2026-03-02T10:02:00.000Z' });
    expect(await store.resultTaskIds(run.id)).toEqual(['FN-1']);
    await store.close();
  });
});
