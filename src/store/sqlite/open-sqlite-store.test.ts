import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_COHORT, type TaskevalError } from '../../core/index.js';
import { buildSampleResult } from '../build-sample-result.js';
import { defaultDbPath } from '../default-db-path.js';
import { RESULT_COLUMNS, resultToRow } from '../result-to-row.js';
import { runInput } from '../testing/store-contract.js';
import { applySqliteMigrations } from './apply-sqlite-migrations.js';
import { openSqliteStore } from './open-sqlite-store.js';
import { SQLITE_MIGRATIONS } from './sqlite-migrations.js';

const here = dirname(fileURLToPath(import.meta.url));
const CHILD = join(here, '__fixtures__', 'create-schedule-run.ts');
const T1 = '2026-03-02T10:01:00.000Z';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'taskeval-sqlite-'));
  path = join(dir, '.taskeval', 'taskeval.db');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function thrown(fn: () => unknown): TaskevalError {
  try {
    fn();
  } catch (error) {
    return error as TaskevalError;
  }
  throw new Error('expected a throw');
}

/** Starts a child that opens the store and waits for "go"; resolves with it once it is ready. */
function startChild(dbPath: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dbPath], {
    cwd: join(here, '..', '..', '..'),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => out.includes('ready\n') && resolve());
    child.on('exit', (code) => reject(new Error(`child exited ${code} before ready: ${err}`)));
  });
  const answer = new Promise<{ ok: boolean; id?: string; code?: string }>((resolve, reject) => {
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
      else reject(new Error(`child exited ${code} without an answer: ${err}`));
    });
  });
  return { go: () => child.stdin.write('go\n'), ready, answer };
}

describe('openSqliteStore', () => {
  it('puts the default file at .taskeval/taskeval.db in the project', () => {
    expect(defaultDbPath('/work/project')).toBe(join('/work/project', '.taskeval', 'taskeval.db'));
  });

  it('creates the parent directory and turns on WAL, foreign keys and a busy timeout', async () => {
    const store = openSqliteStore({ path });
    expect(store.db.raw.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.raw.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.db.raw.pragma('busy_timeout', { simple: true })).toBe(10_000);
    await store.close();
  });

  it('gives a new file 8 KiB pages and keeps the page size of an existing one', async () => {
    const store = openSqliteStore({ path });
    expect(store.db.raw.pragma('page_size', { simple: true })).toBe(8192);
    await store.close();
    const older = join(dir, 'older.db');
    const raw = new Database(older);
    raw.exec('CREATE TABLE t (x)');
    raw.close();
    const reopened = openSqliteStore({ path: older });
    expect(reopened.db.raw.pragma('page_size', { simple: true })).toBe(4096);
    await reopened.close();
  });

  it('gives reading and writing opens a 16 MiB page cache unless asked for more', async () => {
    const kib = (store: { db: { raw: Database.Database } }) =>
      -Number(store.db.raw.pragma('cache_size', { simple: true }));
    const writer = openSqliteStore({ path });
    expect(kib(writer)).toBe(16 * 1024);
    await writer.close();
    const reader = openSqliteStore({ path, readOnly: true });
    expect(kib(reader)).toBe(16 * 1024);
    await reader.close();
    const server = openSqliteStore({ path, readOnly: true, cacheMiB: 64 });
    expect(kib(server)).toBe(64 * 1024);
    await server.close();
  });

  it('applies migrations once and records them; opening again changes nothing', async () => {
    const first = openSqliteStore({ path, now: () => '2026-01-01T00:00:00.000Z' });
    await first.close();
    const second = openSqliteStore({ path, now: () => '2026-02-01T00:00:00.000Z' });
    const rows = second.db.raw
      .prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version')
      .all();
    expect(rows).toEqual(
      SQLITE_MIGRATIONS.map((m) => ({ version: m.version, name: m.name, applied_at: '2026-01-01T00:00:00.000Z' })),
    );
    await second.close();
  });

  it('moves the results of a schema-1 database to the narrow listing indexes, and fills cohorts from snapshots, without losing or changing one', async () => {
    mkdirSync(dirname(path), { recursive: true });
    const raw = new Database(path);
    raw.pragma('journal_mode = WAL');
    applySqliteMigrations(raw, SQLITE_MIGRATIONS.slice(0, 1), '2026-01-01T00:00:00.000Z', path);
    // A run as a schema-1 taskeval wrote it (no settings column), already running.
    const run = { id: 'run_old' };
    raw
      .prepare(
        `INSERT INTO eval_runs (id, project_id, trigger, status, has_window, requested_task_ids, rubric_version, taskeval_version, created_at, started_at, heartbeat_at)
      VALUES ('run_old', 'proj', 'manual', 'running', 0, '["FN-1","FN-2"]', 'rubric-1', '0.1.0', ?, ?, ?)`,
      )
      .run(T1, T1, T1);
    raw
      .prepare(
        "INSERT INTO eval_run_events (run_id, seq, type, message, data, created_at) VALUES ('run_old', 1, 'status_changed', 'pending → running', NULL, ?)",
      )
      .run(T1);
    // Rows as a schema-1 taskeval wrote them: every column but the cohort ones added since.
    const added = [
      'agent',
      'model_provider',
      'model_id',
      'labels',
      'agent_version',
      'identity',
      'rubric_version',
      'change_size',
      'agent_tokens',
      'agent_cost_usd',
      'judge_cost_usd',
    ];
    const columns = RESULT_COLUMNS.filter((c) => !added.includes(c));
    const saved = [
      {
        result: buildSampleResult({ taskId: 'FN-1', finals: [80, 90, 70] }),
        snapshot: { id: 'FN-1', modelProvider: 'anthropic', modelId: 'claude-sonnet-4-5', labels: { prompt: 'v2' } },
      },
      {
        result: buildSampleResult({ taskId: 'FN-2', finals: [30, 20, 10] }),
        snapshot: {
          id: 'FN-2',
          agent: 'codex',
          agentVersion: '0.46.0',
          modelId: 42,
          tokenUsage: { totalTokens: 1200 },
          agentCostUsd: 0.42,
        },
      },
    ].map(({ result, snapshot }, i) => {
      const meta = {
        id: `res_old${i}`,
        runId: run.id,
        taskSnapshot: snapshot,
        completedAt: null,
        evaluatedAt: T1,
        cohort: EMPTY_COHORT,
      };
      const row = resultToRow(result, meta, JSON.stringify, (b) => (b ? 1 : 0));
      raw
        .prepare(`INSERT INTO eval_task_results (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
        .run(...columns.map((c) => row[RESULT_COLUMNS.indexOf(c)]));
      raw
        .prepare(
          "INSERT INTO eval_run_events (run_id, seq, type, message, data, created_at) VALUES (?, ?, 'task_evaluated', 'x', NULL, ?)",
        )
        .run(run.id, i + 2, T1);
      return { ...result, ...meta };
    });
    raw.close();

    const store = openSqliteStore({ path });
    // Runs from before settings were recorded read as local, unlabelled, judge unknown.
    expect((await store.getRun(run.id)).settings).toEqual({ judge: null, labels: {}, queued: false });
    expect(await store.getResult('res_old0')).toEqual({
      ...saved[0],
      cohort: { agent: null, modelProvider: 'anthropic', modelId: 'claude-sonnet-4-5', labels: { prompt: 'v2' } },
    });
    // A model id that is not text is not a cohort: it stays unknown rather than becoming "42".
    expect(await store.getResult('res_old1')).toEqual({
      ...saved[1],
      cohort: { agent: 'codex', modelProvider: null, modelId: null, labels: {} },
    });
    expect((await store.listResults({ band: 'failing' })).items.map((r) => r.taskId)).toEqual(['FN-2']);
    // A run's pages by task id walk the unique constraint's index, which schema 1 created.
    expect(
      (await store.listResults({ runId: 'run_old', sort: 'taskId', order: 'asc' })).items.map((r) => r.taskId),
    ).toEqual(['FN-1', 'FN-2']);
    expect((await store.listResults({ model: 'claude-sonnet-4-5' })).items.map((r) => r.taskId)).toEqual(['FN-1']);
    // The columns comparisons read are filled from the documents of results kept before them.
    const old = (await store.listResults({ agent: 'codex' })).items[0]!;
    expect(old).toMatchObject({
      agent: 'codex',
      agentVersion: '0.46.0',
      identity: null,
      rubricVersion: saved[1]!.status === 'scored' ? saved[1]!.provenance.rubricVersion : null,
      agentTokens: 1200,
      agentCostUsd: 0.42,
    });
    expect((await store.listEvents(run.id)).map((e) => e.type)).toEqual([
      'status_changed',
      'task_evaluated',
      'task_evaluated',
    ]);
    // The per-day sums trends and bands read are filled from the results kept before them, and the run's
    // task counts a listing reads from its lists.
    expect(await store.resultBands(run.id)).toEqual({ strong: 1, failing: 1 });
    expect((await store.listRuns()).items[0]).toMatchObject({ id: run.id, requestedTasks: 2, evaluatedTasks: 0 });
    expect(await store.trends({ bucket: 'day' })).toEqual([
      {
        bucket: T1.slice(0, 10),
        count: 2,
        mean: { agentPerformance: 55, taskOutcomeQuality: 55, processCompliance: 40, overall: 51.5 },
      },
    ]);
    const indexes = store.db.raw
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'eval_task_results' AND sql IS NOT NULL ORDER BY name",
      )
      .all();
    expect(indexes.map((r) => (r as { name: string }).name)).toEqual([
      'eval_task_results_agent',
      'eval_task_results_by_ap',
      'eval_task_results_by_overall',
      'eval_task_results_by_pc',
      'eval_task_results_by_run',
      'eval_task_results_by_task',
      'eval_task_results_by_time',
      'eval_task_results_by_toq',
      'eval_task_results_compare',
      'eval_task_results_model',
      'eval_task_results_run_overall',
      'eval_task_results_trend',
    ]);
    expect(() => store.db.raw.prepare("UPDATE eval_task_results SET title = 'changed'").run()).toThrow(/immutable/);
    await store.close();
  });

  it('fills the per-run sums of a store whose comparison sums were up to date before they existed', async () => {
    const store = openSqliteStore({ path });
    const run = await store.createRun(runInput({ now: T1 }));
    await store.transitionRun(run.id, 'running', { now: T1 });
    await store.saveResults(
      run.id,
      ['FN-1', 'FN-2', 'FN-3'].map((taskId, i) => ({
        result: buildSampleResult({ taskId, finals: [20 * i, 30, 40], evaluatedAt: `2026-03-0${2 + i}T10:00:00.000Z` }),
        now: T1,
      })),
    );
    await store.transitionRun(run.id, 'completed', { now: T1 });
    await store.close();
    // As schema 14 left it: comparison sums through every row, no per-run sums.
    const raw = new Database(path);
    raw.exec(
      'DROP TABLE eval_run_cells; DROP TABLE eval_rescored_tasks; DELETE FROM schema_migrations WHERE version = 15',
    );
    expect(raw.prepare('SELECT through_pk AS t FROM eval_compare_state').get()).toEqual({ t: 3 });
    raw.close();

    const upgraded = openSqliteStore({ path });
    try {
      const cells = async (selection: { since?: string; runIds?: string[] }) =>
        ((await upgraded.selectedCompareCells(selection)) ?? []).reduce((n, c) => n + c.n, 0);
      expect(await cells({ runIds: [run.id] })).toBe(3);
      expect(await cells({ since: '2026-03-03T00:00:00.000Z' })).toBe(2);
      expect(await cells({ since: '2026-03-04T09:00:00.000Z' })).toBe(1);
    } finally {
      await upgraded.close();
    }
  });

  it('recounts the comparison sums a prune emptied before it returns', async () => {
    const store = openSqliteStore({ path });
    try {
      for (const [i, now] of ['2026-01-01T10:00:00.000Z', T1].entries()) {
        const run = await store.createRun(runInput({ now }));
        await store.transitionRun(run.id, 'running', { now });
        await store.saveResults(run.id, [{ result: buildSampleResult({ taskId: `FN-${i}`, evaluatedAt: now }), now }]);
        await store.transitionRun(run.id, 'completed', { now });
      }
      expect((await store.prune({ olderThan: '2026-02-01T00:00:00.000Z' })).results).toBe(1);
      const state = store.db.raw.prepare('SELECT through_pk AS t FROM eval_compare_state').get();
      const top = store.db.raw.prepare('SELECT max(pk) AS t FROM eval_task_results').get();
      expect(state).toEqual(top);
      const kept = store.db.raw.prepare('SELECT sum(n) AS n FROM eval_run_cells WHERE length(period) = 7').get();
      expect(kept).toEqual({ n: 2 });
    } finally {
      await store.close();
    }
  });

  it('refuses a database written by a newer taskeval, naming both schema versions', async () => {
    await openSqliteStore({ path }).close();
    const raw = new Database(path);
    raw
      .prepare(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', '2030-01-01T00:00:00Z')",
      )
      .run();
    raw.close();
    const error = thrown(() => openSqliteStore({ path }));
    expect(error.code).toBe('store_version');
    expect(error.message).toContain(
      `newer taskeval (schema 999, this version knows ${SQLITE_MIGRATIONS.length}); upgrade taskeval`,
    );
  });

  it('reports a path it cannot open as store_failed naming the path', () => {
    mkdirSync(join(dir, 'a-directory.db'));
    const error = thrown(() => openSqliteStore({ path: join(dir, 'a-directory.db') }));
    expect(error.code).toBe('store_failed');
    expect(error.message).toContain('a-directory.db');
  });

  it('keeps runs, results and events across closing and reopening the file', async () => {
    const store = openSqliteStore({ path });
    const run = await store.createRun(runInput());
    await store.transitionRun(run.id, 'running', { now: T1 });
    const saved = await store.saveResult(run.id, { result: buildSampleResult({ taskId: 'FN-1' }), now: T1 });
    await store.close();
    const reopened = openSqliteStore({ path });
    expect((await reopened.getRun(run.id)).status).toBe('running');
    expect(await reopened.getResult(saved.id)).toEqual(saved);
    expect((await reopened.listEvents(run.id)).map((e) => e.type)).toEqual(['status_changed', 'task_evaluated']);
    await reopened.close();
  });

  it('refuses to update a stored result', async () => {
    const store = openSqliteStore({ path });
    const run = await store.createRun(runInput());
    await store.transitionRun(run.id, 'running', { now: T1 });
    await store.saveResult(run.id, { result: buildSampleResult({ taskId: 'FN-1' }), now: T1 });
    expect(() => store.db.raw.prepare("UPDATE eval_task_results SET title = 'changed'").run()).toThrow(/immutable/);
    await store.close();
  });

  it('lets exactly one of two processes create the active schedule run', async () => {
    await openSqliteStore({ path }).close();
    const a = startChild(path);
    const b = startChild(path);
    await Promise.all([a.ready, b.ready]);
    a.go();
    b.go();
    const answers = await Promise.all([a.answer, b.answer]);
    expect(answers.filter((x) => x.ok)).toHaveLength(1);
    expect(answers.filter((x) => !x.ok).map((x) => x.code)).toEqual(['active_run_conflict']);
    const store = openSqliteStore({ path });
    const active = await store.listRuns({ trigger: 'schedule', status: 'pending' });
    expect(active.items.map((r) => r.id)).toEqual([answers.find((x) => x.ok)!.id]);
    await store.close();
  });

  it('enforces one active schedule run in the schema even when a writer skips the check', async () => {
    const store = openSqliteStore({ path });
    const run = await store.createRun(runInput({ trigger: 'schedule' }));
    const copy = store.db.raw.prepare(
      'INSERT INTO eval_runs SELECT ? AS id, project_id, trigger, status, window_start, window_end, has_window, requested_task_ids, evaluated_task_ids, judge_provider, judge_model, rubric_version, prompt_version, taskeval_version, resume_of, reason, summary, count_total, count_scored, count_skipped, count_errored, mean_ap, mean_toq, mean_pc, mean_overall, created_at, started_at, finished_at, heartbeat_at, settings, requested_tasks, evaluated_tasks FROM eval_runs WHERE id = ?',
    );
    expect(() => copy.run('run_copy', run.id)).toThrow(
      /UNIQUE constraint failed: eval_runs.project_id, eval_runs.trigger/,
    );
    await store.close();
  });
});
