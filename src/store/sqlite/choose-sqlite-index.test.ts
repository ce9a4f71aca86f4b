import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_SORT_KEYS, type ListResultsQuery } from '../store-inputs.js';
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

  it("seeks each of a project's runs instead of testing every row, except for a newest-first page", () => {
    const byScore = store.explainListResults({ projectId: 'p', status: 'scored', sort: 'agentPerformance' });
    expect(byScore.page).toMatch(/SEARCH r USING COVERING INDEX eval_task_results_run_listing \(run_id=\?\)/);
    expect(byScore.count).toMatch(/SEARCH r USING COVERING INDEX eval_task_results_run_listing \(run_id=\?\)/);
    expect(store.explainListResults({ projectId: 'p', sort: 'evaluatedAt' }).page).toMatch(/SCAN r USING COVERING INDEX eval_task_results_listing/);
  });

  it("leaves a task's few results to SQLite's own index", () => {
    expect(store.explainListResults({ taskId: 'FN-1' }).page).toMatch(/SEARCH r USING INDEX eval_task_results_task/);
  });
});
