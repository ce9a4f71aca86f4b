import type pg from 'pg';
import type { TaskFate } from '../../core/index.js';
import type { CachedJudgeCall, JudgeCache } from '../judge-cache.js';
import { newId } from '../new-id.js';
import type { EventRow, RunRow } from '../row-mappers.js';
import type { RunStatus, RunTrigger } from '../run-lifecycle.js';
import { assertWritable } from '../run-lifecycle.js';
import {
  AppendEventInputSchema,
  CreateRunInputSchema,
  IsoTimeSchema,
  ListEventsQuerySchema,
  parseStoreInput,
  PruneInputSchema,
  RunStatusSchema,
  RunTriggerSchema,
  TransitionOptionsSchema,
} from '../store-inputs.js';
import type {
  AppendEventInput,
  SaveValidationInput,
  CreateRunInput,
  ListEventsQuery,
  ListResultsQuery,
  ListRunsQuery,
  PruneInput,
  SaveResultInput,
  TaskHistoryQuery,
  TransitionOptions,
  TrendsQuery,
  ScoredTasksQuery,
} from '../store-inputs.js';
import type { RepositoryCache } from '../repository-cache.js';
import type { QueueableStore, SqlExecutor } from '../store.js';
import type {
  EvalRun,
  ListedRun,
  Page,
  PruneReport,
  ResultSummary,
  RunEvent,
  RunSpend,
  StoredResult,
  StoredValidation,
  ResultFacets,
  TrendPoint,
} from '../store-types.js';
import { RUN_SPEND_SQL, runSpendFromRow, type RunSpendRow } from '../run-spend-row.js';
import { inTransaction, one, pgMappers, read, rows } from './pg-db.js';
import {
  pgFindResult,
  pgGetResult,
  pgListResults,
  pgSaveResults,
  pgTaskHistory,
  pgTrends,
  pgResultBands,
  pgScoredTaskChunks,
  pgResultFacets,
  pgResultModes,
} from './postgres-results.js';
import {
  pgInsertEvent,
  pgInsertRun,
  pgListRuns,
  pgLockRunStatus,
  pgRunRow,
  pgToRun,
  pgTransition,
} from './postgres-runs.js';
import type { StoredCompareCell } from '../compare-cells.js';
import { pgCompareCells } from './postgres-compare-cells.js';
import type { StoreUpgrade } from '../store.js';
import type { ScoredTaskRow } from '../scored-task-row.js';
import type { ListRatingsQuery, SaveRatingInput } from '../rating-inputs.js';
import type { StoredRating } from '../rating-row.js';
import {
  pgDataVersion,
  pgListRatings,
  pgListTaskFates,
  pgListValidations,
  pgSaveRatings,
  pgSaveTaskFates,
  pgSaveValidation,
} from './postgres-kept-data.js';
import type { ListTaskFatesQuery } from '../task-fate-row.js';

/** The shared store on PostgreSQL: the same contract as SQLite, for many workers on one database. */
export class PostgresStore implements QueueableStore {
  readonly judgeCache: JudgeCache;
  readonly repositoryCache: RepositoryCache;
  readonly writesOverNetwork = true;
  upgraded: StoreUpgrade | null = null;

  constructor(
    readonly pool: pg.Pool,
    /** Opened for reading: comparison sums are brought up to date in memory, never written. */
    readonly readOnly = false,
  ) {
    this.judgeCache = {
      get: async (key: string): Promise<CachedJudgeCall | null> => {
        const row = await read('judgeCache.get', () =>
          one<{
            answer: unknown;
            usage: CachedJudgeCall['usage'];
            provider: string;
            model: string;
            created_at: string;
          }>(pool, 'SELECT answer, usage, provider, model, created_at FROM judge_cache WHERE key = ?', [key]),
        );
        return row
          ? {
              answer: row.answer,
              usage: row.usage,
              provider: row.provider,
              model: row.model,
              createdAt: row.created_at,
            }
          : null;
      },
      set: async (key: string, value: CachedJudgeCall): Promise<void> => {
        await read('judgeCache.set', () =>
          pool.query(
            `INSERT INTO judge_cache (key, answer, usage, provider, model, created_at) VALUES ($1, $2::jsonb, $3::jsonb, $4, $5, $6)
             ON CONFLICT (key) DO UPDATE SET answer = excluded.answer, usage = excluded.usage, provider = excluded.provider,
               model = excluded.model, created_at = excluded.created_at`,
            [
              key,
              JSON.stringify(value.answer ?? null),
              JSON.stringify(value.usage),
              value.provider,
              value.model,
              value.createdAt,
            ],
          ),
        );
      },
    };
    this.repositoryCache = {
      get: async (key: string): Promise<unknown | null> => {
        const row = await read('repositoryCache.get', () =>
          one<{ value: unknown }>(pool, 'SELECT value FROM outcome_cache WHERE key = ?', [key]),
        );
        return row ? row.value : null;
      },
      set: async (key: string, value: unknown, now: string): Promise<void> => {
        await read('repositoryCache.set', () =>
          pool.query(
            'INSERT INTO outcome_cache (key, value, created_at) VALUES ($1, $2::jsonb, $3) ON CONFLICT (key) DO UPDATE SET value = excluded.value, created_at = excluded.created_at',
            [key, JSON.stringify(value), now],
          ),
        );
      },
    };
  }

  async createRun(input: CreateRunInput): Promise<EvalRun> {
    const run = parseStoreInput(CreateRunInputSchema, input, 'createRun');
    const id = newId('run');
    await inTransaction(this.pool, 'createRun', (client) => pgInsertRun(client, id, run));
    return this.getRun(id);
  }

  /**
   * Creates a run already `running` and, in the same transaction, lets `enqueue` write its jobs through
   * `sql`: the run and its jobs are kept together or not at all.
   */
  async createQueuedRun(
    input: CreateRunInput,
    enqueue: (sql: SqlExecutor, runId: string) => Promise<void>,
  ): Promise<EvalRun> {
    const run = parseStoreInput(CreateRunInputSchema, input, 'createRun');
    const id = newId('run');
    await inTransaction(this.pool, 'createQueuedRun', async (client) => {
      await pgInsertRun(client, id, { ...run, settings: { ...run.settings, queued: true } });
      await pgTransition(client, id, 'running', { reason: null, summary: null, now: run.now });
      await enqueue({ executeSql: async (text, values) => ({ rows: (await client.query(text, values)).rows }) }, id);
    });
    return this.getRun(id);
  }

  async transitionRun(runId: string, to: RunStatus, options: TransitionOptions): Promise<EvalRun> {
    const status = parseStoreInput(RunStatusSchema, to, 'transitionRun.to');
    const opts = parseStoreInput(TransitionOptionsSchema, options, 'transitionRun');
    await inTransaction(this.pool, `transitionRun ${runId}`, (client) => pgTransition(client, runId, status, opts));
    return this.getRun(runId);
  }

  async heartbeat(runId: string, now: string): Promise<void> {
    const at = parseStoreInput(IsoTimeSchema, now, 'heartbeat.now');
    await inTransaction(this.pool, 'heartbeat', async (client) => {
      await pgRunRow(client, runId);
      await client.query("UPDATE eval_runs SET heartbeat_at = $1 WHERE id = $2 AND status IN ('pending','running')", [
        at,
        runId,
      ]);
    });
  }

  async recoverStaleRuns(now: string, staleAfterMs = 60_000): Promise<EvalRun[]> {
    const at = parseStoreInput(IsoTimeSchema, now, 'recoverStaleRuns.now');
    const cutoff = new Date(Date.parse(at) - staleAfterMs).toISOString();
    const ids = await inTransaction(this.pool, 'recoverStaleRuns', async (client) => {
      const stale = await rows<{ id: string }>(
        client,
        "SELECT id FROM eval_runs WHERE status IN ('pending','running') AND heartbeat_at < ? AND coalesce((settings->>'queued')::boolean, false) = false ORDER BY created_at FOR UPDATE",
        [cutoff],
      );
      for (const { id } of stale)
        await pgTransition(client, id, 'failed', { reason: 'interrupted', summary: null, now: at });
      return stale.map((r) => r.id);
    });
    return Promise.all(ids.map((id) => this.getRun(id)));
  }

  async getRun(runId: string): Promise<EvalRun> {
    return read('getRun', async () => pgToRun(this.pool, await pgRunRow(this.pool, runId)));
  }

  listRuns(query?: ListRunsQuery): Promise<Page<ListedRun>> {
    return pgListRuns(this.pool, query);
  }

  async latestCompletedRun(query: { projectId: string; trigger: RunTrigger }): Promise<EvalRun | null> {
    const trigger = parseStoreInput(RunTriggerSchema, query.trigger, 'latestCompletedRun.trigger');
    const row = await read('latestCompletedRun', () =>
      one<RunRow>(
        this.pool,
        "SELECT * FROM eval_runs WHERE project_id = ? AND trigger = ? AND status = 'completed' ORDER BY finished_at DESC, created_at DESC, id DESC LIMIT 1",
        [query.projectId, trigger],
      ),
    );
    return row ? pgToRun(this.pool, row) : null;
  }

  async saveResult(runId: string, input: SaveResultInput): Promise<StoredResult> {
    return (await pgSaveResults(this.pool, runId, [input], 'saveResult'))[0]!;
  }

  async saveResults(runId: string, inputs: readonly SaveResultInput[]): Promise<StoredResult[]> {
    return inputs.length ? pgSaveResults(this.pool, runId, inputs, 'saveResults') : [];
  }

  getResult(resultId: string): Promise<StoredResult> {
    return pgGetResult(this.pool, resultId);
  }

  findResult(query: { taskId: string; runId?: string }): Promise<StoredResult | null> {
    return pgFindResult(this.pool, query);
  }

  listResults(query: ListResultsQuery & { full: true }): Promise<Page<StoredResult>>;
  listResults(query?: ListResultsQuery): Promise<Page<ResultSummary>>;
  async listResults(query?: ListResultsQuery): Promise<Page<ResultSummary> | Page<StoredResult>> {
    return pgListResults(this.pool, query);
  }

  taskHistory(taskId: string, query?: TaskHistoryQuery): Promise<Page<ResultSummary>> {
    return pgTaskHistory(this.pool, taskId, query);
  }

  trends(query: TrendsQuery): Promise<TrendPoint[]> {
    return pgTrends(this.pool, query);
  }

  scoredTaskChunks(query: ScoredTasksQuery = {}): AsyncIterable<ScoredTaskRow[]> {
    return pgScoredTaskChunks(this.pool, query);
  }

  resultFacets(query: { runId?: string } = {}): Promise<ResultFacets> {
    return pgResultFacets(this.pool, query.runId);
  }

  dataVersion(): Promise<string> {
    return pgDataVersion(this.pool);
  }

  resultModes(query: { runId?: string } = {}): Promise<ResultFacets['modes']> {
    return pgResultModes(this.pool, query.runId);
  }

  compareCells(): Promise<StoredCompareCell[] | null> {
    return pgCompareCells(this.pool, this.readOnly);
  }

  async selectedCompareCells(): Promise<StoredCompareCell[] | null> {
    // No per-run sums here yet: a comparison within runs or times sums the results as it reads them.
    return null;
  }

  resultBands(runId: string): Promise<Record<string, number>> {
    return pgResultBands(this.pool, runId);
  }

  async runSpend(runId: string): Promise<RunSpend> {
    return read('runSpend', async () => {
      await pgRunRow(this.pool, runId);
      return runSpendFromRow(await one<RunSpendRow>(this.pool, RUN_SPEND_SQL.postgres, [runId]));
    });
  }

  saveValidation(runId: string, input: SaveValidationInput): Promise<StoredValidation> {
    return pgSaveValidation(this.pool, runId, input);
  }

  listValidations(query: { runId?: string; limit?: number } = {}): Promise<StoredValidation[]> {
    return pgListValidations(this.pool, query);
  }

  saveRatings(inputs: readonly SaveRatingInput[]): Promise<StoredRating[]> {
    return pgSaveRatings(this.pool, inputs);
  }

  listRatings(query: ListRatingsQuery = {}): Promise<StoredRating[]> {
    return pgListRatings(this.pool, query);
  }

  saveTaskFates = (fates: readonly TaskFate[]) => pgSaveTaskFates(this.pool, fates);
  listTaskFates = (query: ListTaskFatesQuery = {}) => pgListTaskFates(this.pool, query);

  async resultTaskIds(runId: string): Promise<string[]> {
    return read('resultTaskIds', async () => {
      await pgRunRow(this.pool, runId);
      return (
        await rows<{ task_id: string }>(
          this.pool,
          'SELECT task_id FROM eval_task_results WHERE run_id = ? ORDER BY task_id',
          [runId],
        )
      ).map((r) => r.task_id);
    });
  }

  async appendEvent(runId: string, input: AppendEventInput): Promise<RunEvent> {
    const e = parseStoreInput(AppendEventInputSchema, input, 'appendEvent');
    const seq = await inTransaction(this.pool, 'appendEvent', async (client) => {
      assertWritable(runId, await pgLockRunStatus(client, runId), 'event');
      return pgInsertEvent(client, runId, e.type, e.message, e.data, e.now);
    });
    return { runId, seq, type: e.type, message: e.message, data: e.data ?? null, createdAt: e.now };
  }

  async listEvents(runId: string, query?: ListEventsQuery): Promise<RunEvent[]> {
    const q = parseStoreInput(ListEventsQuerySchema, query ?? {}, 'listEvents');
    return read('listEvents', async () => {
      await pgRunRow(this.pool, runId);
      return (
        await rows<EventRow>(
          this.pool,
          'SELECT * FROM eval_run_events WHERE run_id = ? AND seq > ? ORDER BY seq LIMIT ?',
          [runId, q.afterSeq, q.limit],
        )
      ).map(pgMappers.toEvent);
    });
  }

  async prune(input: PruneInput): Promise<PruneReport> {
    const { olderThan, dryRun } = parseStoreInput(PruneInputSchema, input, 'prune');
    return inTransaction(this.pool, 'prune', async (client) => {
      const runIds = (
        await rows<{ id: string }>(
          client,
          "SELECT id FROM eval_runs WHERE status IN ('completed','failed','cancelled') AND coalesce(finished_at, created_at) < ? ORDER BY created_at FOR UPDATE",
          [olderThan],
        )
      ).map((r) => r.id);
      if (!runIds.length) return { runs: 0, results: 0, events: 0, runIds };
      const results = (await one<{ n: number }>(
        client,
        'SELECT count(*)::int AS n FROM eval_task_results WHERE run_id = ANY(?)',
        [runIds],
      ))!.n;
      const events = (await one<{ n: number }>(
        client,
        'SELECT count(*)::int AS n FROM eval_run_events WHERE run_id = ANY(?)',
        [runIds],
      ))!.n;
      if (!dryRun) {
        await client.query('DELETE FROM eval_result_days WHERE run_id = ANY($1)', [runIds]);
        // Their tasks' newest results change: the next comparison pass looks at each of them again.
        await client.query(
          'INSERT INTO eval_compare_pending SELECT DISTINCT task_id FROM eval_task_results WHERE run_id = ANY($1) ON CONFLICT DO NOTHING',
          [runIds],
        );
      }
      const runs = dryRun
        ? runIds.length
        : ((await client.query('DELETE FROM eval_runs WHERE id = ANY($1)', [runIds])).rowCount ?? 0);
      return { runs, results, events, runIds };
    });
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
