import type { TaskFate } from '../../core/index.js';
import type Database from 'better-sqlite3';
import {
  IsoTimeSchema,
  parseStoreInput,
  AppendEventInputSchema,
  SaveValidationInputSchema,
  ListEventsQuerySchema,
  PruneInputSchema,
  TransitionOptionsSchema,
  ScoredTasksQuerySchema,
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
import type { EventRow, RunRow } from '../row-mappers.js';
import { RunStatusSchema, RunTriggerSchema } from '../store-inputs.js';
import type { RunStatus, RunTrigger } from '../run-lifecycle.js';
import type { Store, StoreUpgrade } from '../store.js';
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
import { newId } from '../new-id.js';
import type { ListRatingsQuery, SaveRatingInput } from '../rating-inputs.js';
import {
  taskFateFromRow,
  taskFateListing,
  taskFateUpserts,
  type ListTaskFatesQuery,
  type TaskFateRow,
} from '../task-fate-row.js';
import { ratingFromRow, ratingListing, ratingUpserts, type RatingRow, type StoredRating } from '../rating-row.js';
import { RUN_SPEND_SQL, runSpendFromRow, type RunSpendRow } from '../run-spend-row.js';
import { validationFromRow, type ValidationRow } from '../validation-row.js';
import { SqliteDb, sqliteMappers } from './sqlite-db.js';
import { scoredTaskChunks } from '../scored-task-chunks.js';
import type { ScoredTaskRow } from '../scored-task-row.js';
import { SqliteRepositoryCache } from './sqlite-repository-cache.js';
import { SqliteJudgeCache } from './sqlite-judge-cache.js';
import { SqliteResults } from './sqlite-results.js';
import { SqliteCompareCells } from './sqlite-compare-cells.js';
import { sumSqliteSelection } from './sum-sqlite-selection.js';
import type { StoredCompareCell } from '../compare-cells.js';
import { SqliteRuns } from './sqlite-runs.js';
import { SqliteTextIndex } from './sqlite-text-index.js';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.js';

const TERMINAL = new Set<RunStatus>(['completed', 'failed', 'cancelled']);

/** How long a run may go without a heartbeat before it counts as interrupted. */
export const DEFAULT_STALE_AFTER_MS = 60_000;

/** Results a store saves before it checkpoints from a worker thread: short commands never start one. */
export const BACKGROUND_CHECKPOINT_AFTER = 200;

export interface SqliteStoreOptions {
  /** Results saved before WAL checkpoints move to a worker thread; Infinity keeps them on the writer. */
  backgroundCheckpointAfter?: number | undefined;
  /** Opened for reading only (readonly connection): no stale-run recovery, no cache writes. */
  readOnly?: boolean;
  /** Hold task ids and titles in memory for text search (a long-lived server; ~55 MB a million results). */
  textInMemory?: boolean;
}

/** The embedded store: one SQLite file, synchronous underneath, async to fit the Store contract. */
export class SqliteStore implements Store {
  readonly db: SqliteDb;
  readonly judgeCache: SqliteJudgeCache;
  readonly repositoryCache: SqliteRepositoryCache;
  private readonly runs: SqliteRuns;
  private readonly results: SqliteResults;
  private readonly cells: SqliteCompareCells;
  private checkpointer: WalCheckpointer | null = null;
  private untilCheckpointer: number;
  readonly readOnly: boolean;
  upgraded: StoreUpgrade | null = null;
  readonly notes: string[] = [];

  constructor(
    raw: Database.Database,
    readonly path: string,
    options: SqliteStoreOptions = {},
  ) {
    this.untilCheckpointer = options.backgroundCheckpointAfter ?? BACKGROUND_CHECKPOINT_AFTER;
    this.readOnly = options.readOnly ?? false;
    this.db = new SqliteDb(raw);
    this.runs = new SqliteRuns(this.db);
    this.results = new SqliteResults(this.db, this.runs, options.textInMemory ? new SqliteTextIndex(this.db) : null);
    this.cells = new SqliteCompareCells(this.db, this.results);
    this.judgeCache = new SqliteJudgeCache(this.db);
    this.repositoryCache = new SqliteRepositoryCache(this.db);
  }

  async createRun(input: CreateRunInput): Promise<EvalRun> {
    return this.runs.create(input);
  }

  async transitionRun(runId: string, to: RunStatus, options: TransitionOptions): Promise<EvalRun> {
    const status = parseStoreInput(RunStatusSchema, to, 'transitionRun.to');
    const opts = parseStoreInput(TransitionOptionsSchema, options, 'transitionRun');
    this.db.write(`transitionRun ${runId}`, () => this.runs.transitionInTx(runId, status, opts));
    // A run's end adds its results to the comparison sums, so the next comparison reads them ready.
    if (TERMINAL.has(status) && !this.readOnly) await this.cells.catchUp();
    return this.runs.get(runId);
  }

  async heartbeat(runId: string, now: string): Promise<void> {
    const at = parseStoreInput(IsoTimeSchema, now, 'heartbeat.now');
    this.db.write('heartbeat', () => {
      this.runs.row(runId);
      this.db.run("UPDATE eval_runs SET heartbeat_at = ? WHERE id = ? AND status IN ('pending','running')", at, runId);
    });
  }

  async recoverStaleRuns(now: string, staleAfterMs = DEFAULT_STALE_AFTER_MS): Promise<EvalRun[]> {
    // Recovery writes; a store opened for reading shows such runs as they are.
    if (this.readOnly) return [];
    const at = parseStoreInput(IsoTimeSchema, now, 'recoverStaleRuns.now');
    const cutoff = new Date(Date.parse(at) - staleAfterMs).toISOString();
    const ids = this.db.write('recoverStaleRuns', () => {
      const stale = this.db.all<{ id: string }>(
        "SELECT id FROM eval_runs WHERE status IN ('pending','running') AND heartbeat_at < ? AND coalesce(json_extract(settings, '$.queued'), 0) = 0 ORDER BY created_at",
        cutoff,
      );
      for (const { id } of stale)
        this.runs.transitionInTx(id, 'failed', { reason: 'interrupted', summary: null, now: at });
      return stale.map((r) => r.id);
    });
    return ids.map((id) => this.runs.get(id));
  }

  async getRun(runId: string): Promise<EvalRun> {
    return this.runs.get(runId);
  }

  async listRuns(query?: ListRunsQuery): Promise<Page<ListedRun>> {
    return this.runs.list(query);
  }

  async latestCompletedRun(query: { projectId: string; trigger: RunTrigger }): Promise<EvalRun | null> {
    const trigger = parseStoreInput(RunTriggerSchema, query.trigger, 'latestCompletedRun.trigger');
    const row = this.db.read('latestCompletedRun', () =>
      this.db.get<RunRow>(
        "SELECT * FROM eval_runs WHERE project_id = ? AND trigger = ? AND status = 'completed' ORDER BY finished_at DESC, created_at DESC, id DESC LIMIT 1",
        query.projectId,
        trigger,
      ),
    );
    return row ? this.runs.toRun(row) : null;
  }

  async saveResult(runId: string, input: SaveResultInput): Promise<StoredResult> {
    const saved = this.results.saveMany(runId, [input], 'saveResult')[0]!;
    this.noteSaved(1);
    return saved;
  }

  async saveResults(runId: string, inputs: readonly SaveResultInput[]): Promise<StoredResult[]> {
    if (!inputs.length) return [];
    const saved = this.results.saveMany(runId, inputs, 'saveResults');
    this.noteSaved(saved.length);
    return saved;
  }

  async getResult(resultId: string): Promise<StoredResult> {
    return this.results.get(resultId);
  }

  async findResult(query: { taskId: string; runId?: string }): Promise<StoredResult | null> {
    return this.results.find(query);
  }

  /** Results whose task id and title are held in memory for text search; null when text is matched in SQL. */
  get textsInMemory(): number | null {
    return this.results.texts?.rows ?? null;
  }

  /** About how many bytes those texts take; null when text is matched in SQL. */
  get textBytesInMemory(): number | null {
    return this.results.texts?.bytes ?? null;
  }

  listResults(query: ListResultsQuery & { full: true }): Promise<Page<StoredResult>>;
  listResults(query?: ListResultsQuery): Promise<Page<ResultSummary>>;
  async listResults(query?: ListResultsQuery): Promise<Page<ResultSummary> | Page<StoredResult>> {
    // Texts held in memory catch up between turns of the event loop; the listing adds what came since.
    if (this.results.texts && (query?.q?.trim() ?? '') !== '') await this.results.texts.refresh();
    return this.results.list(query);
  }

  /** SQLite's plans for a listing's page and count (diagnostics and tests). */
  explainListResults(query: ListResultsQuery): { page: string; count: string } {
    return this.results.explain(query);
  }

  async taskHistory(taskId: string, query?: TaskHistoryQuery): Promise<Page<ResultSummary>> {
    return this.results.history(taskId, query);
  }

  async trends(query: TrendsQuery): Promise<TrendPoint[]> {
    return this.results.trends(query);
  }

  scoredTaskChunks(query: ScoredTasksQuery = {}): AsyncIterable<ScoredTaskRow[]> {
    const q = parseStoreInput(ScoredTasksQuerySchema, query, 'scoredTaskChunks');
    return scoredTaskChunks(
      (after, limit) => this.results.scoredChunk(q, after, limit),
      (v) => JSON.parse(v as string),
    );
  }

  async resultFacets(query: { runId?: string } = {}): Promise<ResultFacets> {
    return this.results.facets(query.runId);
  }

  async dataVersion(): Promise<string> {
    // data_version moves when another connection commits; this handle's own writes are counted apart.
    const other = this.db.read('dataVersion', () => this.db.raw.pragma('data_version', { simple: true }) as number);
    return `${other}:${this.db.writes}`;
  }

  async resultModes(query: { runId?: string } = {}): Promise<ResultFacets['modes']> {
    return this.results.modes(query.runId);
  }

  async resultBands(runId: string): Promise<Record<string, number>> {
    return this.results.bands(runId);
  }

  async compareCells(): Promise<StoredCompareCell[] | null> {
    // A store opened for reading adds the results saved since the last pass in memory, writing nothing.
    return this.cells.read(this.readOnly);
  }

  async selectedCompareCells(selection: ScoredTasksQuery): Promise<StoredCompareCell[] | null> {
    const q = parseStoreInput(ScoredTasksQuerySchema, selection, 'selectedCompareCells');
    const runs = this.db.read('selectedCompareCells', () =>
      this.db.all<{ id: string; project_id: string }>('SELECT id, project_id FROM eval_runs'),
    );
    const projects = new Map(runs.map((r) => [r.id, r.project_id]));
    return sumSqliteSelection(this.db, this.cells, this.readOnly, q, (runId) => projects.get(runId) ?? '');
  }

  async resultTaskIds(runId: string): Promise<string[]> {
    return this.results.taskIds(runId);
  }

  async runSpend(runId: string): Promise<RunSpend> {
    return this.db.read('runSpend', () => {
      this.runs.row(runId);
      return runSpendFromRow(this.db.get<RunSpendRow>(RUN_SPEND_SQL.sqlite, runId));
    });
  }

  async saveValidation(runId: string, input: SaveValidationInput): Promise<StoredValidation> {
    const v = parseStoreInput(SaveValidationInputSchema, input, 'saveValidation');
    const row: ValidationRow = {
      id: newId('val'),
      run_id: runId,
      label: v.label,
      report: JSON.stringify(v.report),
      notes: JSON.stringify(v.notes),
      created_at: v.now,
    };
    this.db.write('saveValidation', () => {
      this.runs.row(runId);
      this.db.run(
        'INSERT INTO eval_validations (id, run_id, label, report, notes, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        row.id,
        row.run_id,
        row.label,
        row.report,
        row.notes,
        row.created_at,
      );
    });
    return validationFromRow(row);
  }

  async listValidations(query: { runId?: string; limit?: number } = {}): Promise<StoredValidation[]> {
    const limit = Math.min(Math.max(1, query.limit ?? 20), 200);
    return this.db.read('listValidations', () => {
      if (query.runId !== undefined) this.runs.row(query.runId);
      const where = query.runId === undefined ? '' : 'WHERE run_id = ?';
      const args = query.runId === undefined ? [] : [query.runId];
      return this.db
        .all<ValidationRow>(
          `SELECT * FROM eval_validations ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
          ...args,
        )
        .map(validationFromRow);
    });
  }

  async saveRatings(inputs: readonly SaveRatingInput[]): Promise<StoredRating[]> {
    const upserts = ratingUpserts(inputs);
    return this.db.write('saveRatings', () =>
      upserts.map((u) => ratingFromRow(this.db.get<RatingRow>(u.sql, ...u.args)!)),
    );
  }

  async saveTaskFates(fates: readonly TaskFate[]): Promise<number> {
    const upserts = taskFateUpserts(fates);
    return this.db.write('saveTaskFates', () => upserts.reduce((n, u) => n + this.db.run(u.sql, ...u.args).changes, 0));
  }

  async listTaskFates(query: ListTaskFatesQuery = {}): Promise<TaskFate[]> {
    const listing = taskFateListing(query);
    return this.db.read('listTaskFates', () =>
      this.db.all<TaskFateRow>(listing.sql, ...listing.args).map(taskFateFromRow),
    );
  }

  async listRatings(query: ListRatingsQuery = {}): Promise<StoredRating[]> {
    const listing = ratingListing(query);
    return this.db.read('listRatings', () => this.db.all<RatingRow>(listing.sql, ...listing.args).map(ratingFromRow));
  }

  async appendEvent(runId: string, input: AppendEventInput): Promise<RunEvent> {
    const e = parseStoreInput(AppendEventInputSchema, input, 'appendEvent');
    return this.runs.appendEvent(runId, e.type, e.message, e.data, e.now);
  }

  async listEvents(runId: string, query?: ListEventsQuery): Promise<RunEvent[]> {
    const q = parseStoreInput(ListEventsQuerySchema, query ?? {}, 'listEvents');
    return this.db.read('listEvents', () => {
      this.runs.row(runId);
      return this.db
        .all<EventRow>(
          'SELECT * FROM eval_run_events WHERE run_id = ? AND seq > ? ORDER BY seq LIMIT ?',
          runId,
          q.afterSeq,
          q.limit,
        )
        .map(sqliteMappers.toEvent);
    });
  }

  async prune(input: PruneInput): Promise<PruneReport> {
    const { olderThan, dryRun } = parseStoreInput(PruneInputSchema, input, 'prune');
    const doomed =
      "SELECT id FROM eval_runs WHERE status IN ('completed','failed','cancelled') AND coalesce(finished_at, created_at) < ?";
    const report = this.db.write('prune', () => {
      const runIds = this.db.all<{ id: string }>(`${doomed} ORDER BY created_at`, olderThan).map((r) => r.id);
      const results = this.db.get<{ n: number }>(
        `SELECT count(*) AS n FROM eval_task_results WHERE run_id IN (${doomed})`,
        olderThan,
      )!.n;
      const events = this.db.get<{ n: number }>(
        `SELECT count(*) AS n FROM eval_run_events WHERE run_id IN (${doomed})`,
        olderThan,
      )!.n;
      if (!dryRun) this.db.run(`DELETE FROM eval_result_days WHERE run_id IN (${doomed})`, olderThan);
      if (!dryRun && results > 0) this.cells.resetInTx();
      const runs = dryRun
        ? runIds.length
        : this.db.run(`DELETE FROM eval_runs WHERE id IN (${doomed})`, olderThan).changes;
      return { runs, results, events, runIds };
    });
    // The sums were emptied: recounted here, once, rather than in memory by every reading command until a run ends.
    if (!dryRun && report.results > 0) await this.cells.catchUp();
    return report;
  }

  /** Counts saved results; past the threshold, checkpoints run in a worker so writes stop waiting for fsync. */
  private noteSaved(count: number): void {
    if (this.checkpointer || !Number.isFinite(this.untilCheckpointer)) return;
    this.untilCheckpointer -= count;
    if (this.untilCheckpointer <= 0) this.checkpointer = startWalCheckpointer(this.path);
  }

  async close(): Promise<void> {
    // The worker's connection goes first, so this one is the last: SQLite then checkpoints and removes the WAL.
    await this.checkpointer?.stop();
    this.checkpointer = null;
    if (this.db.raw.open) this.db.raw.close();
  }
}
