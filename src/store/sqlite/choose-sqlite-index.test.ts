import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleResult } from '../build-sample-result.js';
import { RESULT_SORT_KEYS, type ListResultsQuery } from '../store-inputs.js';
import { RUN_TASK_INDEX } from './choose-sqlite-index.js';
import { openSqliteStore } from './open-sqlite-store.js';
import type { SqliteStore } from './sqlite-store.js';

const FILTERS: Record<string, ListResultsQuery> = {
  none: {},
  run: { runId: 'run_x' },
  project: { projectId: 'p' },
  band: { band: 'strong' },
  bands: { band: ['weak', 'failing'] },
  range: { min: 60, max: 80 },
  bandRange: { band: 'strong', min: 80 },
  status: { status: 'error' },
  mode: { mode: 'hybrid' },
  since: { since: '2026-01-01T00:00:00Z' },
  shortText: { q: 'ab' },
  text: { q: 'task 42' },
  runText: { runId: 'run_x', q: 'fix' },
  runBand: { runId: 'run_x', band: 'weak', min: 10 },
  runScoredModeSince: { runId: 'run_x', status: 'scored', mode: 'hybrid', since: '2026-01-01T00:00:00Z' },
  bandStatusSince: { band: 'excellent', status: 'scored', since: '2026-01-01T00:00:00Z' },
};

describe('chooseSqliteIndex', () => {
  let dir: string;
  let store: SqliteStore;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'taskeval-plan-'));
    store = openSqliteStore({ path: join(dir, 'plan.db') });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [name, filter] of Object.entries(FILTERS)) {
    it(`pages and counts "${name}" listings from a covering index under every sort`, () => {
      for (const sort of RESULT_SORT_KEYS) {
        for (const order of ['asc', 'desc'] as const) {
          const plan = store.explainListResults({ ...filter, sort, order, offset: 10 });
          for (const text of [plan.page, plan.count]) {
            // The result table itself (r) may only be read through a covering index.
            expect(text, `${name} ${sort} ${order}: ${text}`).not.toMatch(/(SCAN|SEARCH) r(?! USING COVERING INDEX)/);
          }
        }
      }
    });
  }

  it("walks a run's range of overall scores for its weakest, instead of sorting all of the run's results", () => {
    const plan = store.explainListResults({
      runId: 'run_x',
      status: 'scored',
      sort: 'overall',
      order: 'asc',
      limit: 8,
    });
    expect(plan.page).toMatch(/USING COVERING INDEX eval_task_results_run_overall/);
    expect(plan.page).not.toMatch(/TEMP B-TREE/);
  });

  it("walks a run's task ids in order for its pages by task id, instead of sorting all of the run's results", () => {
    const plan = store.explainListResults({ runId: 'run_x', sort: 'taskId', order: 'asc', limit: 200, offset: 400 });
    expect(plan.page).toMatch(new RegExp(`USING COVERING INDEX ${RUN_TASK_INDEX} \\(run_id=\\?\\)`));
    expect(plan.page).not.toMatch(/TEMP B-TREE/);
    // The index is the one SQLite keeps for UNIQUE (run_id, task_id), named by its place in CREATE TABLE.
    const columns = store.db.raw.pragma(`index_info(${RUN_TASK_INDEX})`) as { name: string }[];
    expect(columns.map((c) => c.name)).toEqual(['run_id', 'task_id']);
  });

  it("seeks each of a project's runs when the store holds other projects too", async () => {
    const plan = await withRuns(['p', 'other'], (s) =>
      s.explainListResults({ projectId: 'p', status: 'scored', sort: 'agentPerformance' }),
    );
    expect(plan.page).toMatch(
      /^SEARCH r USING COVERING INDEX eval_task_results_by_run \(run_id=\?\) \| LIST SUBQUERY 1/,
    );
    expect(plan.count).toMatch(
      /^SEARCH r USING COVERING INDEX eval_task_results_by_run \(run_id=\?\) \| LIST SUBQUERY 1/,
    );
  });

  it('walks the sort index alone when the project owns every run', async () => {
    const plan = await withRuns(['solo'], (s) =>
      s.explainListResults({ projectId: 'solo', status: 'scored', sort: 'agentPerformance' }),
    );
    expect(plan.page).toBe('SCAN r USING COVERING INDEX eval_task_results_by_ap');
  });

  it('looks a rare text match up by pk and walks the sort index for a common one, with the same answers', async () => {
    await withRuns(['p'], async (s) => {
      const run = (await s.listRuns()).items[0]!;
      await s.transitionRun(run.id, 'running', { now: '2026-01-01T00:00:01Z' });
      const inputs = Array.from({ length: 1_002 }, (_, i) => ({
        result: buildSampleResult({
          taskId: `FN-${i}`,
          title: i === 7 ? 'Rename the Special flag' : `refactor the Scheduler ${i}`,
          entriesPerGroup: 1,
        }),
        now: new Date(Date.UTC(2026, 0, 2, 0, 0, i)).toISOString(),
      }));
      await s.saveResults(run.id, inputs);
      const rare = s.explainListResults({ q: 'SPECIAL', sort: 'agentPerformance' });
      expect(rare.page).toMatch(/^SEARCH r USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      const common = s.explainListResults({ q: 'scheduler', mode: 'hybrid' });
      expect(common.page).toMatch(
        /^SCAN r USING COVERING INDEX eval_task_results_by_time \| LIST SUBQUERY 1 \| SCAN r USING COVERING INDEX eval_task_results_by_task/,
      );
      expect(common.count).toMatch(/^SCAN r USING COVERING INDEX eval_task_results_by_time \| LIST SUBQUERY 1/);

      const found = await s.listResults({ q: 'special' });
      expect([found.count, found.items.map((r) => r.taskId)]).toEqual([1, ['FN-7']]);
      const page = await s.listResults({ q: 'SCHEDULER', sort: 'evaluatedAt', order: 'asc', limit: 3, offset: 998 });
      expect([page.count, page.items.map((r) => r.taskId)]).toEqual([1_001, ['FN-999', 'FN-1000', 'FN-1001']]);
      expect((await s.listResults({ q: 'fn-100', sort: 'taskId', order: 'asc' })).items.map((r) => r.taskId)).toEqual([
        'FN-100',
        'FN-1000',
        'FN-1001',
      ]);
    });
  });

  it("leaves a task's few results to SQLite's own index", () => {
    expect(store.explainListResults({ taskId: 'FN-1' }).page).toMatch(
      /^SEARCH r USING COVERING INDEX eval_task_results_by_task \(task_id=\?\)/,
    );
  });
});

/** Runs `fn` on a new store holding one run per project id. */
async function withRuns<T>(projectIds: string[], fn: (store: SqliteStore) => T | Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'taskeval-plan-runs-'));
  const store = openSqliteStore({ path: join(dir, 'plan.db') });
  try {
    const provenance = {
      judgeProvider: null,
      judgeModel: null,
      rubricVersion: 'rubric-2',
      promptVersion: null,
      taskevalVersion: 'test',
    };
    for (const projectId of projectIds)
      await store.createRun({ projectId, trigger: 'manual', provenance, now: '2026-01-01T00:00:00Z' });
    return await fn(store);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
