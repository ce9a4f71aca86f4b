import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSampleResult } from '../build-sample-result.js';
import { runInput } from '../testing/store-contract.js';
import { openSqliteStore } from './open-sqlite-store.js';

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
