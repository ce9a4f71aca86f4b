import type { RunStatus, RunTrigger } from './run-lifecycle.js';
import type { JudgeCache } from './judge-cache.js';
import type { ListRatingsQuery, SaveRatingInput } from './rating-inputs.js';
import type { StoredRating } from './rating-row.js';
import type { RepositoryCache } from './repository-cache.js';
import type { ListTaskFatesQuery } from './task-fate-row.js';
import type { TaskFate } from '../core/index.js';
import type {
  AppendEventInput,
  CreateRunInput,
  ListEventsQuery,
  ListResultsQuery,
  ListRunsQuery,
  PruneInput,
  SaveResultInput,
  SaveValidationInput,
  TaskHistoryQuery,
  TransitionOptions,
  TrendsQuery,
  ScoredTasksQuery,
} from './store-inputs.js';
import type { ScoredTaskRow } from './scored-task-row.js';
import type { StoredCompareCell } from './compare-cells.js';
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
} from './store-types.js';

/**
 * Runs, results and events behind one contract, kept by SQLite or PostgreSQL.
 * Every `now` is an ISO time passed in, so callers and tests own the clock.
 */
/** A schema upgrade made on opening, with the backup kept from before it. */
export interface StoreUpgrade {
  from: number;
  to: number;
  /** The copy of the store before the upgrade (SQLite), or null (PostgreSQL upgrades in one transaction). */
  backup: string | null;
}

export interface Store {
  /** Starts a run in `pending`; active_run_conflict when an exclusive trigger already has one. */
  createRun(input: CreateRunInput): Promise<EvalRun>;
  /** Moves a run along its lifecycle and records `status_changed`; freezes counts on terminal. */
  transitionRun(runId: string, to: RunStatus, options: TransitionOptions): Promise<EvalRun>;
  /** Marks an active run alive; saving results does not, so call it on a timer during long judge calls. */
  heartbeat(runId: string, now: string): Promise<void>;
  /** Fails active runs whose heartbeat is older than `staleAfterMs` (reason `interrupted`). */
  recoverStaleRuns(now: string, staleAfterMs?: number): Promise<EvalRun[]>;
  getRun(runId: string): Promise<EvalRun>;
  listRuns(query?: ListRunsQuery): Promise<Page<ListedRun>>;
  latestCompletedRun(query: { projectId: string; trigger: RunTrigger }): Promise<EvalRun | null>;

  /** Keeps one task result and its `task_evaluated` event in one transaction. */
  saveResult(runId: string, input: SaveResultInput): Promise<StoredResult>;
  /** Keeps many results, each with its event, in one transaction: all or none (imports, re-scoring). */
  saveResults(runId: string, inputs: readonly SaveResultInput[]): Promise<StoredResult[]>;
  getResult(resultId: string): Promise<StoredResult>;
  /** A task's result in a run, or its latest anywhere when no run is given. */
  findResult(query: { taskId: string; runId?: string }): Promise<StoredResult | null>;
  listResults(query: ListResultsQuery & { full: true }): Promise<Page<StoredResult>>;
  listResults(query?: ListResultsQuery): Promise<Page<ResultSummary>>;
  /** A task's results across runs, oldest first. */
  taskHistory(taskId: string, query?: TaskHistoryQuery): Promise<Page<ResultSummary>>;
  trends(query: TrendsQuery): Promise<TrendPoint[]>;
  /**
   * Each task's newest scored result (every score known) among the runs and times asked for, narrowed to what
   * a comparison reads, in chunks: the store walks an index in order, giving the event loop a turn between chunks.
   */
  scoredTaskChunks(query?: ScoredTasksQuery): AsyncIterable<ScoredTaskRow[]>;
  /** The agents, models, providers and label keys results carry, and scored results per mode and rubric (at most 200 values each). */
  resultFacets(query?: { runId?: string }): Promise<ResultFacets>;
  /** A token that changes whenever results or runs change, so an aggregate computed at one version can be reused. */
  dataVersion(): Promise<string>;
  /** Scored results per mode and rubric version, most first: the facets' first list alone, without the others' scans. */
  resultModes(query?: { runId?: string }): Promise<ResultFacets['modes']>;
  /** A run's scored results per overall band; a band with none is absent. */
  /**
   * Each task's newest scored result summed per way of scoring, cohort, project and change size, brought up
   * to the newest result; null when this store keeps no such sums (a comparison then reads the results).
   */
  compareCells(): Promise<StoredCompareCell[] | null>;
  /**
   * The same sums over each task's newest scored result among the runs and times selected, from sums the store
   * keeps per run; null when it keeps none, or when reading the selected results is cheaper.
   */
  selectedCompareCells(selection: ScoredTasksQuery): Promise<StoredCompareCell[] | null>;
  resultBands(runId: string): Promise<Record<string, number>>;
  /** Task ids that already have a result in the run, for resuming it. */
  resultTaskIds(runId: string): Promise<string[]>;

  /** Judge and agent tokens and costs summed over a run's results, in the database. */
  runSpend(runId: string): Promise<RunSpend>;
  /** Keeps what `taskeval validate` said of a run's scores; a run may have several (one per label). */
  saveValidation(runId: string, input: SaveValidationInput): Promise<StoredValidation>;
  /** A run's kept validations, newest first; every run's when none is given (at most `limit`). */
  listValidations(query?: { runId?: string; limit?: number }): Promise<StoredValidation[]>;

  /** Keeps people's ratings, all or none; a rater's newer rating of a task's aspect replaces their earlier one. */
  saveRatings(inputs: readonly SaveRatingInput[]): Promise<StoredRating[]>;
  /** Kept ratings by project, task, rater and aspect (at most `limit`, 100,000 by default). */
  listRatings(query?: ListRatingsQuery): Promise<StoredRating[]>;

  /** Keeps tasks' fates, all or none; a task's newer fate replaces its older one. Returns how many were kept. */
  saveTaskFates(fates: readonly TaskFate[]): Promise<number>;
  /** Kept fates by project and task (at most `limit`, a million by default). */
  listTaskFates(query?: ListTaskFatesQuery): Promise<TaskFate[]>;

  appendEvent(runId: string, input: AppendEventInput): Promise<RunEvent>;
  listEvents(runId: string, query?: ListEventsQuery): Promise<RunEvent[]>;

  /** Deletes terminal runs finished before `olderThan`, with their results and events. */
  prune(input: PruneInput): Promise<PruneReport>;

  readonly judgeCache: JudgeCache;
  readonly repositoryCache: RepositoryCache;
  /** True when writes travel to a server: a caller keeping a few in flight hides their latency (PostgreSQL). */
  readonly writesOverNetwork?: boolean;
  /** Set when opening this store upgraded its schema: from which version, and where the copy from before is. */
  readonly upgraded?: StoreUpgrade | null;
  /** What limits this store as opened (read-only media with an unread write-ahead log), said once by the CLI. */
  readonly notes?: readonly string[];
  close(): Promise<void>;
}

/** Runs SQL on a connection the store chose (pg-boss's `db` option has this shape). */
export interface SqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A store that can create a run and enqueue its jobs in one transaction (PostgreSQL). */
export interface QueueableStore extends Store {
  createQueuedRun(input: CreateRunInput, enqueue: (sql: SqlExecutor, runId: string) => Promise<void>): Promise<EvalRun>;
}

export function isQueueableStore(store: Store): store is QueueableStore {
  return typeof (store as Partial<QueueableStore>).createQueuedRun === 'function';
}
