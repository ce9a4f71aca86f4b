import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSampleResult } from '../build-sample-result.js';
import { runInput } from '../testing/store-contract-support.js';
import { expectedCompareCells, sortedCells } from '../testing/expected-compare-cells.js';
import { openSqliteStore } from './open-sqlite-store.js';
import type { SqliteStore } from './sqlite-store.js';

let dir: string;
let store: SqliteStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'taskeval-selection-'));
  store = openSqliteStore({ path: join(dir, 'taskeval.db') });
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A completed run scoring tasks FN-0.. FN-(n-1), evaluated on `day`. */
async function scoreTasks(n: number, day: string): Promise<string> {
  const now = `${day}T12:00:00.000Z`;
  const run = await store.createRun(runInput({ now }));
  await store.transitionRun(run.id, 'running', { now });
  const template = buildSampleResult({ taskId: 'FN-0', finals: [50, 60, 70], entriesPerGroup: 1, evaluatedAt: now });
  for (let k = 0; k < n; k += 2_000)
    await store.saveResults(
      run.id,
      Array.from({ length: Math.min(2_000, n - k) }, (_, j) => ({
        result: { ...template, taskId: `FN-${k + j}` },
        now,
      })),
    );
  await store.transitionRun(run.id, 'completed', { now });
  return run.id;
}

describe('a selection summed from the per-run sums', () => {
  it('is left to reading the results when more than 20,000 tasks were rescored', async () => {
    await scoreTasks(20_001, '2026-03-02');
    const second = await scoreTasks(20_001, '2026-03-03');
    const rescored = store.db.raw.prepare('SELECT count(*) AS n FROM eval_rescored_tasks').get();
    expect(rescored).toEqual({ n: 20_001 });
    expect(await store.selectedCompareCells({ runIds: [second] })).toBeNull();
    expect(await store.selectedCompareCells({ since: '2026-03-03T00:00:00.000Z' })).toBeNull();
    // With fewer listed (within one run a task has one result, so the list does not change this answer), the
    // sums answer, as reading the results would.
    store.db.raw.exec("DELETE FROM eval_rescored_tasks WHERE task_id >= 'FN-2'");
    const answer = await store.selectedCompareCells({ runIds: [second] });
    expect(sortedCells(answer!)).toEqual(await expectedCompareCells(store, { runIds: [second] }));
  }, 60_000);
});
