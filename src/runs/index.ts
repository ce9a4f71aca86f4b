export {
  evaluateTask,
  deterministicProvenance,
  prepareTask,
  scorePrepared,
  type EvaluateTaskInput,
  type PreparedTask,
} from './evaluate-task.js';
export { loadConfig, stripConfigComments, CONFIG_FILE_NAME } from './config/load-config.js';
export { parseConfig } from './config/parse-config.js';
export { TaskevalConfigSchema, type TaskevalConfig } from './config/taskeval-config.js';
export { compareRunTasks, type RunTask } from './run-task.js';
export { checkOpenedJudge, DEFAULT_RUN_CONCURRENCY, openJudge, type OpenedJudge } from './open-judge.js';
export type { RunObserver, RunProgress } from './run-progress.js';
export { evaluateTasks, type EvaluateTasksInput, type ExpandTasks } from './evaluate-tasks.js';
export { createHeapPacer, keepYoungGenerationSmall } from './heap-pacer.js';
export { wholeRunTasks } from './whole-run-tasks.js';
export {
  evaluateRunTask,
  unreadableTaskResult,
  type EvaluateRunTaskInput,
  type EvaluationSpend,
} from './evaluate-run-task.js';
export {
  executeRun,
  lightResult,
  HEARTBEAT_INTERVAL_MS,
  type ExecuteRunInput,
  type RunOutcome,
  type RunResult,
} from './execute-run.js';
export { summarizeRun } from './summarize-run.js';
export { openProjectStore, type OpenProjectStoreOptions } from './open-project-store.js';
export { planResume, type ResumePlan } from './plan-resume.js';
export { selectWindowTasks } from './select-window-tasks.js';
export {
  findRetryCandidates,
  MAX_TRANSIENT_RETRIES,
  type RetryCandidate,
  type RetryPlan,
} from './find-retry-candidates.js';
export { executeBatch, type ExecuteBatchInput, type BatchOutcome } from './execute-batch.js';
export { planBatch, type BatchPlan } from './plan-batch.js';
export { runSchedule, nextScheduledRun, DEFAULT_SCHEDULE, type RunScheduleInput } from './run-schedule.js';
export { watchCompletions, evaluatedOnCompletion, type WatchCompletionsInput } from './watch-completions.js';
export {
  computeProjectOutcomes,
  OUTCOMES_METHOD,
  type ComputeProjectOutcomesInput,
  type ProjectOutcomes,
} from './compute-project-outcomes.js';
export { loadComparedResults, type ComparedResult } from './load-compared-results.js';
export {
  compareStoredCohorts,
  compareStoredRuns,
  cohortKeyOf,
  COHORT_BY_KEYS,
  UNKNOWN_COHORT,
  type CompareStoredInput,
} from './compare-stored-results.js';
export { commonMode, describeCompareModes, modeOf, trendMode, type CompareModes } from './compared-modes.js';
export {
  EvaluationQueue,
  enqueueRun,
  evaluateQueuedJob,
  judgeFromRun,
  finishQueuedRun,
  followQueuedRun,
  runQueueWorker,
  runQueuedSchedule,
  scheduleQueueName,
  EVALUATE_QUEUE,
  DEFAULT_JOB_TIMEOUT_SECONDS,
  JOB_RETRY_LIMIT,
  type QueueStats,
  type QueueWorkerInfo,
  type QueuedTaskJob,
  type EnqueueRunInput,
  type QueuedJobOutcome,
  type RunQueueWorkerInput,
  type RunQueuedScheduleInput,
} from './queue/index.js';
export { runProvenance, runSettings, recordedJudgeSettings } from './run-settings.js';
export {
  EXPORT_FORMATS,
  csvCell,
  exportHeader,
  exportItem,
  exportFooter,
  exportResults,
  type ExportFormat,
} from './export-results.js';
export { EVALUATION_EVENT, evaluationLogRecords, otlpLogsRequest } from './otlp-evaluation-logs.js';
export { otlpHeaders, otlpLogsUrl, postOtlpLogs } from './send-otlp.js';
export { planRescore, type RescoreItem, type RescorePlan } from './plan-rescore.js';
export { rescoreResult, RESCORE_RUBRICS, type RescoreRubric } from './rescore-result.js';
export { taskSnapshot, fromTaskSnapshot, RUBRIC_INPUTS_KEY } from './rubric-inputs.js';
export { executeRescore, type ExecuteRescoreInput } from './execute-rescore.js';
export { judgeConcurrencyNote, localJudgeUrl, resolveJudgeSpec, type JudgeFlagValues } from './resolve-judge-spec.js';
export { resolveStoreLocation, type StoreFlagValues } from './resolve-store-location.js';
export { parseCount } from './parse-count.js';
export {
  planEvaluation,
  planQueue,
  parseLabels,
  EVALUATION_KINDS,
  type EvaluationFlags,
  type EvaluationKind,
  type EvaluationPlan,
} from './plan-evaluation.js';
export {
  runEvaluation,
  ephemeralRunId,
  type ChooseTasks,
  type EvaluationIo,
  type EvaluationResult,
  type LoadedRunTasks,
} from './run-evaluation.js';
export { fatesOfOutcomes } from './fates-of-outcomes.js';
export { pullOutcome, PullOutcomeSchema, PULL_FATES, type PullOutcome } from './pull-outcome.js';
export { previewPrompts, type PromptPreview } from './preview-prompts.js';
export { sampleForRating, type RatingSample } from './sample-for-rating.js';
export { compareStoredJudges, type KeptJudgeParts, type StoredJudgeComparison } from './compare-stored-judges.js';
