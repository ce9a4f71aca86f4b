import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSampleResult } from '../build-sample-result.js';
import type { ListResultsQuery } from '../store-inputs.js';
import { at, runInput } from '../testing/store-contract-support.js';
import { openSqliteStore } from './open-sqlite-store.js';
import type { SqliteStore } from './sqlite-store.js';
import { SqliteTextIndex } from './sqlite-text-index.js';

const TITLES = ['Fix the login flow', 'add export to CSV', 'Refactor the SCHEDULER', 'Übersetzung der Oberfläche'];

let dir: string;
let inMemory: SqliteStore;
let inSql: SqliteStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'taskeval-text-index-'));
  const path = join(dir, 'taskeval.db');
  inMemory = openSqliteStore({ path, textInMemory: true });
  inSql = openSqliteStore({ path });
});

afterEach(async () => {
  await inMemory.close();
  await inSql.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A run of `count` results with task ids `${prefix}-i` and titles cycling through TITLES, saved through `store`. */
async function saveRun(store: SqliteStore, prefix: string, count: number, created: number, title?: string) {
  const run = await store.createRun(runInput({ now: at(created) }));
  await store.transitionRun(run.id, 'running', { now: at(created + 1) });
  for (let from = 0; from < count; from += 500) {
    await store.saveResults(
      run.id,
      Array.from({ length: Math.min(500, count - from) }, (_, k) => {
        const i = from + k;
        return {
          result: buildSampleResult({
            taskId: `${prefix}-${i}`,
            title: title ?? `${TITLES[i % TITLES.length]} ${i}`,
            finals: [(i * 37) % 101, (i * 53 + 11) % 101, (i * 29 + 5) % 101],
            evaluatedAt: at(created + 2 + (i % 50)),
            entriesPerGroup: 1,
            mode: i % 4 ? 'hybrid' : 'deterministic-only',
          }),
          now: at(created + 2),
        };
      }),
    );
  }
  await store.transitionRun(run.id, 'completed', { now: at(created + 60) });
  return run;
}

/** A listing's ids and count, from the store holding texts in memory and from the one matching in SQL. */
async function both(query: ListResultsQuery) {
  const page = async (store: SqliteStore) => {
    const { items, count } = await store.listResults(query);
    return { ids: items.map((r) => r.id), count };
  };
  return { inMemory: await page(inMemory), inSql: await page(inSql) };
}

describe('text search over texts held in memory', () => {
  it('lists and counts what matching in SQL lists, for few and many matches, with filters, sorts and pages', async () => {
    await saveRun(inSql, 'FN', 2_400, 0);
    const texts = [
      'fn-42',
      'FN-2399',
      'scheduler',
      'SCHEDULER 1',
      'login',
      'ü',
      'Ü',
      'fn-',
      'fn-1',
      ' the ',
      'no-such',
    ];
    const shapes: ListResultsQuery[] = [
      {},
      { band: 'weak' },
      { mode: 'hybrid', sort: 'overall', order: 'asc' },
      { sort: 'taskId', order: 'asc', offset: 100, limit: 20 },
      { limit: 10, offset: 590 },
      { latest: true, sort: 'processCompliance' },
    ];
    let compared = 0;
    for (const q of texts) {
      for (const shape of shapes) {
        const { inMemory: a, inSql: b } = await both({ ...shape, q });
        expect(a, `${q} ${JSON.stringify(shape)}`).toEqual(b);
        compared += a.count;
      }
    }
    expect(inMemory.textsInMemory).toBe(2_400);
    expect(inSql.textsInMemory).toBeNull();
    // Not vacuous: the texts matched thousands of rows, more than a pk list takes.
    expect((await inMemory.listResults({ q: 'scheduler' })).count).toBe(600);
    expect((await inMemory.listResults({ q: 'fn-' })).count).toBe(2_400);
    expect((await inMemory.listResults({ q: 'fn-1' })).count).toBe(1_111);
    expect((await inMemory.listResults({ q: ' the ' })).count).toBe(1_200);
    expect(compared).toBeGreaterThan(5_000);
  });

  it('finds rows another connection saved after the texts were read, and drops the rows a prune deleted', async () => {
    const old = await saveRun(inSql, 'OLD', 300, -100_000);
    expect((await inMemory.listResults({ q: 'old-29' })).count).toBe(11);

    await saveRun(inSql, 'NEW', 1_500, 0, 'Brand new parser work');
    expect((await both({ q: 'brand new' })).inMemory).toEqual({ ids: expect.any(Array), count: 1_500 });
    expect((await both({ q: 'new-14' })).inMemory.count).toBe(111);
    expect(inMemory.textsInMemory).toBe(1_800);

    await inSql.prune({ olderThan: at(-50_000) });
    await expect(inSql.getRun(old.id)).rejects.toThrow();
    const afterPrune = await both({ q: 'old-2' });
    expect(afterPrune.inMemory).toEqual({ ids: [], count: 0 });
    expect(afterPrune.inMemory).toEqual(afterPrune.inSql);
    expect(inMemory.textsInMemory).toBe(1_500);
  });

  it('answers from SQL, never from stale texts, when a prune lands between the catch-up and the listing', async () => {
    await saveRun(inSql, 'OLD', 30, -100_000);
    await saveRun(inSql, 'KEEP', 30, 0);
    const texts = new SqliteTextIndex(inSql.db);
    await texts.refresh();
    expect(texts.syncInSnapshot()).toBe(true);
    expect(texts.matches('old')).toHaveLength(30);
    await inSql.prune({ olderThan: at(-50_000) });
    // The texts still hold the deleted rows: a listing's snapshot sees the prune and does not use them.
    expect(texts.syncInSnapshot()).toBe(false);
    await texts.refresh();
    expect(texts.syncInSnapshot()).toBe(true);
    expect(texts.matches('old')).toHaveLength(0);
    expect(texts.matches('keep')).toHaveLength(30);
  });
});

describe('SqliteTextIndex', () => {
  it('matches each row once however often the text occurs in it, and never across two rows', async () => {
    await saveRun(inSql, 'AB', 3, 0, 'abab');
    const texts = new SqliteTextIndex(inSql.db);
    await texts.refresh();
    expect(texts.matches('ab').length).toBe(3);
    // The last row's title and the next row's id are separated: "abab" + "ab-1" never forms "babab-".
    expect(texts.matches('abab-')).toHaveLength(0);
    expect(texts.matches('ab-1\u001fabab')).toHaveLength(1);
  });

  it('fills segments up to their size, in chunks and one row at a time, and finds rows in every one', async () => {
    await saveRun(inSql, 'S', 700, 0, 'same');
    const texts = new SqliteTextIndex(inSql.db, { segmentRows: 64, chunkRows: 50 });
    await texts.refresh();
    expect(texts.rows).toBe(700);
    // Each row's text, a separator between rows of a segment (11 segments), and 12 bytes a row for pk and start.
    const chars = Array.from({ length: 700 }, (_, i) => `s-${i}\u001fsame`.length).reduce((a, b) => a + b, 0);
    expect(texts.bytes).toBe(chars + (700 - 11) + 700 * 12);
    expect(texts.segmentSizes()).toEqual([...Array.from({ length: 10 }, () => 64), 60]);
    for (let i = 0; i < 700; i += 7) expect(texts.matches(`s-${i}\u001f`), `S-${i}`).toHaveLength(1);
    expect(texts.matches('same')).toHaveLength(700);
    // Rows saved later fill the last segment before another starts.
    await saveRun(inSql, 'T', 5, 10, 'later');
    expect(texts.syncInSnapshot()).toBe(true);
    expect(texts.segmentSizes().slice(-3)).toEqual([64, 64, 1]);
    expect(texts.matches('later')).toHaveLength(5);
  });
});
