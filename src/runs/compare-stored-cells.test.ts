import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScoredResult } from '../core/index.js';
import { buildSampleResult, openPostgresStore, openSqliteStore, type Store } from '../store/index.js';
import { runInput } from '../store/testing/store-contract-support.js';
import { randomUUID } from 'node:crypto';
import { compareResultCohorts, compareStoredCohorts } from './compare-stored-results.js';

let dir: string;
let store: Store;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'taskeval-cells-'));
  store = openSqliteStore({ path: join(dir, 'taskeval.db') });
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const AGENTS = ['claude-code', 'codex', null] as const;
const MODELS = ['claude-sonnet-4-5', 'gpt-5', null] as const;

/** A scored result whose scores, size, cost and way of scoring vary with i. */
function result(taskId: string, i: number, evaluatedAt: string): ScoredResult {
  return buildSampleResult({
    taskId,
    finals: [(i * 37) % 101, (i * 53 + 11) % 101, (i * 29 + 5) % 101],
    evaluatedAt,
    entriesPerGroup: 1,
    mode: i % 7 === 0 ? 'deterministic-only' : 'hybrid',
    codeLinesAdded: i % 5 === 0 ? null : (i * 17) % 60,
    judgeCostUsd: i % 2 ? 0.25 : null,
  });
}

/** A run in `project` scoring `n` tasks (some of them pull requests with a known fate), then completed. */
async function scoredRun(project: string, prefix: string, n: number, offset: number, complete: boolean) {
  const created = new Date(Date.UTC(2026, 2, 1 + offset)).toISOString();
  const run = await store.createRun(runInput({ projectId: project, now: created }));
  await store.transitionRun(run.id, 'running', { now: created });
  await store.saveResults(
    run.id,
    Array.from({ length: n }, (_, k) => {
      const i = k + offset;
      const taskId = k % 9 === 0 ? `PR-${k}` : `${prefix}-${k}`;
      return {
        result: result(taskId, i, new Date(Date.UTC(2026, 2, 2 + offset, 0, k)).toISOString()),
        taskSnapshot: taskId.startsWith('PR-')
          ? { prInfo: { status: i % 2 ? 'merged' : 'closed', iterations: 0 } }
          : null,
        cohort: {
          agent: AGENTS[i % 3]!,
          modelProvider: i % 4 ? 'openai' : 'anthropic',
          modelId: MODELS[i % 3]!,
          labels: {},
        },
        now: created,
      };
    }),
  );
  if (complete) await store.transitionRun(run.id, 'completed', { now: created });
}

/** The store, with the queries that read results one by one (from the sums, only the pull requests' are) noted in `reads`. */
function watching(on: Store, reads: unknown[]): Store {
  return new Proxy(on, {
    get: (target, name) =>
      name === 'scoredTaskChunks'
        ? (q: unknown) => (reads.push(q), target.scoredTaskChunks(q as never))
        : (Reflect.get(target, name) as unknown),
  });
}

/** The comparison from the store's sums, and the same question answered from every result. */
async function bothWays(by: string, mixModes = false, on: Store = store) {
  const reads: unknown[] = [];
  const { outcomes, ...fromCells } = await compareStoredCohorts(watching(on, reads), { by, mixModes });
  // No fate kept: no outcome table, and nothing more read for one.
  expect(outcomes).toBeNull();
  expect(reads).toEqual([{ pullsOnly: true }]);
  const fromResults = await compareResultCohorts(on, { by, mixModes });
  return { fromCells, fromResults };
}

/** Within a selection (a time, runs) the sums come from the store's per-run sums: the same as from the results held. */
async function selectedBothWays(
  by: string,
  selection: { since?: string; until?: string; runIds?: string[] },
  mixModes = false,
  on: Store = store,
) {
  const reads: unknown[] = [];
  const { outcomes, ...fromCells } = await compareStoredCohorts(watching(on, reads), { by, mixModes, ...selection });
  expect(outcomes).toBeNull();
  expect(reads).toEqual([{ ...selection, pullsOnly: true }]);
  const fromResults = await compareResultCohorts(on, { by, mixModes, ...selection });
  return { fromCells, fromResults };
}

describe('compareStoredCohorts from the store sums', () => {
  it('gives the comparison reading every result gives, for every key, with and without mixed ways of scoring', async () => {
    await scoredRun('alpha', 'A', 140, 0, true);
    // A second project rescoring some of the same tasks (pull requests among them), left running.
    await scoredRun('beta', 'A', 60, 3, false);
    for (const by of ['model', 'provider', 'agent', 'project']) {
      for (const mix of [false, true]) {
        const { fromCells, fromResults } = await bothWays(by, mix);
        expect(fromCells).toEqual(fromResults);
        expect(fromCells.report.cohorts.length).toBeGreaterThanOrEqual(2);
      }
    }
    const runs = (await store.listRuns({})).items.map((r) => r.id).reverse();
    const counted: number[] = [];
    for (const selection of [{ since: '2026-03-05T00:00:00.000Z' }, { runIds: [runs[0]!] }, { runIds: runs }]) {
      for (const by of ['model', 'project']) {
        const { fromCells, fromResults } = await selectedBothWays(by, selection, by === 'project');
        expect(fromCells).toEqual(fromResults);
        const { modes } = fromCells;
        counted.push(modes.hybrid + modes.deterministicOnly + modes.leftOut.reduce((n, l) => n + l.n, 0));
      }
    }
    // The first run scored 140 tasks; the second, evaluated from March 5, rescored 60 of them.
    expect(counted).toEqual([/* since */ 60, 60, /* first run */ 140, 140, /* both */ 140, 140]);
    const { fromCells } = await bothWays('agent');
    expect(fromCells.modes.leftOut.length).toBe(1);
    expect(fromCells.report.cohorts.some((c) => c.pulls !== null)).toBe(true);
    expect(fromCells.report.differences.some((d) => d.adjusted !== null)).toBe(true);
  });

  it('reads the sums of a store opened for reading, with the results saved since the last pass added in memory', async () => {
    await scoredRun('alpha', 'A', 90, 0, true);
    await scoredRun('alpha', 'B', 12, 5, false);
    const path = join(dir, 'taskeval.db');
    const reader = openSqliteStore({ path, readOnly: true });
    try {
      const { fromCells, fromResults } = await bothWays('model', false, reader);
      expect(fromCells).toEqual(fromResults);
      // 90 tasks, 12 more of which 2 rescore pull requests the first run scored.
      const { modes } = fromCells;
      expect(modes.hybrid + modes.deterministicOnly + modes.leftOut.reduce((n, l) => n + l.n, 0)).toBe(100);
      // Within runs and times too: the running run's results are added to its per-run sums in memory.
      const runs = (await reader.listRuns({})).items.map((r) => r.id);
      for (const selection of [{ runIds: runs }, { runIds: [runs[0]!] }, { since: '2026-03-07T00:05:00.000Z' }]) {
        const both = await selectedBothWays('model', selection, false, reader);
        expect(both.fromCells).toEqual(both.fromResults);
      }
    } finally {
      await reader.close();
    }
    // Nothing was written: the running run's results are still past the sums' last pass.
    const raw = new Database(path, { readonly: true });
    try {
      const through = raw.prepare('SELECT through_pk AS t FROM eval_compare_state').get() as { t: number };
      expect(through.t).toBe(90);
    } finally {
      raw.close();
    }
  });
});

const pgUrl = process.env.TASKEVAL_TEST_PG_URL;

describe.skipIf(!pgUrl)('compareStoredCohorts from the PostgreSQL store sums', () => {
  let schema: string;
  let sqlite: Store;
  beforeEach(async () => {
    sqlite = store;
    schema = `taskeval_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    store = await openPostgresStore({ connectionString: pgUrl!, schema });
  });
  afterEach(async () => {
    const { pool } = store as unknown as { pool: { query(sql: string): Promise<unknown> } };
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await store.close();
    store = sqlite;
  });

  it('gives the comparison reading every result gives, for every key', async () => {
    await scoredRun('alpha', 'A', 140, 0, true);
    await scoredRun('beta', 'A', 60, 3, false);
    for (const by of ['model', 'provider', 'agent', 'project']) {
      const { fromCells, fromResults } = await bothWays(by, by === 'agent');
      expect(fromCells).toEqual(fromResults);
      expect(fromCells.report.cohorts.length).toBeGreaterThanOrEqual(2);
    }
  });
});
