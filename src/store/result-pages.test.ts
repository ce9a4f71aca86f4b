import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedManyResults } from '../server/testing/seed-many-results.js';
import { resultPages } from './result-pages.js';
import { openSqliteStore } from './sqlite/open-sqlite-store.js';

let dir: string;
let store: ReturnType<typeof openSqliteStore>;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'taskeval-pages-'));
  store = openSqliteStore({ path: join(dir, 'taskeval.db') });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('resultPages', () => {
  it('walks every match once, in order, and gives the event loop a turn between pages of a synchronous store', async () => {
    await seedManyResults(store, 250);
    // Counts turns of the event loop: each turn runs it once and queues it for the next.
    let ticks = 0;
    let stopped = false;
    const tick = () => {
      ticks += 1;
      if (!stopped) setImmediate(tick);
    };
    setImmediate(tick);
    const seen: string[] = [];
    const ticksAtPage: number[] = [];
    try {
      for await (const page of resultPages(store, { sort: 'taskId', order: 'asc' }, 100)) {
        ticksAtPage.push(ticks);
        seen.push(...page.map((r) => r.taskId));
      }
    } finally {
      stopped = true;
    }
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBe(250);
    expect(ticksAtPage).toHaveLength(3);
    // The event loop turned between the first page and the last.
    expect(ticksAtPage[2]!).toBeGreaterThan(ticksAtPage[0]!);
  });
});
