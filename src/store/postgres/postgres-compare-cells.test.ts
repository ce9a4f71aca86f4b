import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSampleResult } from '../build-sample-result.js';
import { expectedCompareCells, sortedCells } from '../testing/expected-compare-cells.js';
import { needs } from '../testing/skip-reason.js';
import { at, runInput } from '../testing/store-contract-support.js';
import type { Store } from '../store.js';
import { openPostgresStore } from './open-postgres-store.js';
import type { PostgresStore } from './postgres-store.js';

const url = process.env.TASKEVAL_TEST_PG_URL;

const expected = expectedCompareCells;
const sorted = sortedCells;

/** Saves `n` (at most 90) results of tasks `T-0..T-89` (scores varying with `seed`) one a statement into a new running run. */
async function saveOneByOne(store: Store, project: string, n: number, seed: number): Promise<void> {
  const run = await store.createRun(runInput({ projectId: project, now: at(seed) }));
  await store.transitionRun(run.id, 'running', { now: at(seed) });
  for (let k = 0; k < n; k++) {
    const i = k * 7 + seed;
    await store.saveResults(run.id, [
      {
        result: buildSampleResult({
          taskId: `T-${(k * 7 + seed) % 90}`,
          finals: [(i * 37) % 101, (i * 53 + 11) % 101, (i * 29 + 5) % 101],
          evaluatedAt: at(seed * 1_000 + k),
          entriesPerGroup: 1,
          codeLinesAdded: (i * 13) % 400,
          judgeCostUsd: i % 2 ? 0.01 * (i % 9) : null,
        }),
        cohort: { agent: i % 3 ? 'codex' : null, modelProvider: 'openai', modelId: i % 2 ? 'gpt-5' : 'o3', labels: {} },
        now: at(seed),
      },
    ]);
  }
}

describe.skipIf(!url)(needs('PostgreSQL comparison sums', [!url && 'TASKEVAL_TEST_PG_URL']), () => {
  let schema: string;
  let stores: PostgresStore[];
  const open = async (readOnly = false) => {
    const store = await openPostgresStore({ connectionString: url!, schema, readOnly });
    stores.push(store);
    return store;
  };

  beforeEach(() => {
    schema = `taskeval_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    stores = [];
  });

  afterEach(async () => {
    for (const store of stores) await store.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it('sums what every result says while two processes save and a third compares between their saves', async () => {
    const reader = await open();
    const [a, b] = [await open(), await open()];
    let saving = true;
    const passes: number[] = [];
    const comparing = (async () => {
      while (saving) passes.push(((await reader.compareCells()) ?? []).reduce((n, c) => n + c.n, 0));
    })();
    await Promise.all([saveOneByOne(a, 'alpha', 90, 1), saveOneByOne(b, 'beta', 90, 2)]);
    saving = false;
    await comparing;
    // The passes ran between saves, and each task (90 of them) counts once however often it was rescored.
    expect(passes.length).toBeGreaterThan(3);
    expect(passes.every((n) => n <= 90)).toBe(true);
    expect(sorted((await reader.compareCells())!)).toEqual(await expected(reader));
    expect((await reader.compareCells())!.reduce((n, c) => n + c.n, 0)).toBe(90);
  }, 60_000);

  it('adds the pending tasks in memory when opened for reading, and leaves them pending', async () => {
    const writer = await open();
    await saveOneByOne(writer, 'alpha', 40, 1);
    await writer.compareCells();
    await saveOneByOne(writer, 'alpha', 15, 5);
    const reader = await open(true);
    expect(sorted((await reader.compareCells())!)).toEqual(await expected(writer));
    const pending = await writer.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM eval_compare_pending');
    expect(pending.rows[0]!.n).toBe(15);
  });

  it("takes a pruned run's results out of the sums", async () => {
    const store = await open();
    await saveOneByOne(store, 'alpha', 60, 1);
    const runs = (await store.listRuns()).items;
    await store.transitionRun(runs[0]!.id, 'completed', { now: at(2) });
    await saveOneByOne(store, 'beta', 30, 3);
    await store.compareCells();
    await store.transitionRun((await store.listRuns()).items[0]!.id, 'completed', { now: at(5) });
    await store.prune({ olderThan: at(4) });
    const cells = (await store.compareCells())!;
    expect(cells.every((c) => c.project === 'beta')).toBe(true);
    expect(sorted(cells)).toEqual(await expected(store));
  });
});
