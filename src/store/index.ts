export { isQueueableStore, type QueueableStore, type SqlExecutor, type Store, type StoreUpgrade } from './store.js';
export {
  type EvalRun,
  type ListedRun,
  type RunHeader,
  type Page,
  type PruneReport,
  type ResultFacets,
  type ResultSummary,
  type RunCounts,
  type RunEvent,
  type RunProvenance,
  type RunSettings,
  type RunSpend,
  type RunWindow,
  type ScoreMeans,
  type StoredResult,
  type StoredResultMeta,
  type StoredValidation,
  type TrendPoint,
} from './store-types.js';
export {
  type AppendEventInput,
  AppendEventInputSchema,
  type CreateRunInput,
  CreateRunInputSchema,
  IsoTimeSchema,
  type ListEventsQuery,
  ListEventsQuerySchema,
  type ListResultsQuery,
  ListResultsQuerySchema,
  type ListRunsQuery,
  ListRunsQuerySchema,
  type ParsedListResultsQuery,
  parseStoreInput,
  type PruneInput,
  PruneInputSchema,
  RESULT_SORT_KEYS,
  type ResultSortKey,
  RunEventTypeSchema,
  RunStatusSchema,
  RunTriggerSchema,
  type SaveResultInput,
  SaveResultInputSchema,
  type SaveValidationInput,
  SaveValidationInputSchema,
  StorableResultSchema,
  type TaskHistoryQuery,
  TaskHistoryQuerySchema,
  type TransitionOptions,
  TransitionOptionsSchema,
  TREND_COHORTS,
  type ScoredTasksQuery,
  type TrendsQuery,
  TrendsQuerySchema,
} from './store-inputs.js';
export {
  assertTransition,
  assertWritable,
  canTransition,
  EXCLUSIVE_TRIGGERS,
  isTerminalStatus,
  RUN_EVENT_TYPES,
  RUN_STATUSES,
  RUN_TRIGGERS,
  type RunEventType,
  type RunStatus,
  type RunTrigger,
  TERMINAL_STATUSES,
} from './run-lifecycle.js';
export type { CachedJudgeCall, JudgeCache } from './judge-cache.js';
export type { RepositoryCache } from './repository-cache.js';
export { defaultDbPath } from './default-db-path.js';
export { escapeLike } from './escape-like.js';
export { openSqliteStore, type OpenSqliteStoreOptions } from './sqlite/open-sqlite-store.js';
export { SqliteStore, DEFAULT_STALE_AFTER_MS } from './sqlite/sqlite-store.js';
export { diagnoseSqliteStore, type StoreDiagnosis } from './sqlite/diagnose-sqlite-store.js';
export type { IntegrityReport } from './sqlite/check-sqlite-integrity.js';
export { parseAge, ageCutoff } from './parse-age.js';
export {
  buildSampleResult,
  buildSampleError,
  buildSampleSkipped,
  type SampleResultOptions,
} from './build-sample-result.js';
export { openPostgresStore, type OpenPostgresStoreOptions } from './postgres/open-postgres-store.js';
export { PostgresStore } from './postgres/postgres-store.js';
export {
  parseStoreLocation,
  isPostgresUrl,
  sqliteStoreBytes,
  storeExists,
  storeHome,
  hasEvaluationQueue,
  type StoreLocation,
} from './store-location.js';
export { openStore, type OpenStoreOptions } from './open-store.js';
export { isConnectionLoss, RECONNECT_WITHIN_MS, withReconnect } from './postgres/reconnect.js';
export {
  ListRatingsQuerySchema,
  SaveRatingInputSchema,
  type ListRatingsQuery,
  type SaveRatingInput,
} from './rating-inputs.js';
export type { StoredRating } from './rating-row.js';
export { ListTaskFatesQuerySchema, type ListTaskFatesQuery } from './task-fate-row.js';
export { resultPages } from './result-pages.js';
export type { ScoredTaskRow } from './scored-task-row.js';
export { addToCells, type StoredCompareCell } from './compare-cells.js';
