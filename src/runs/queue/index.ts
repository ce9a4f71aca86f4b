export {
  EvaluationQueue,
  type QueueStats,
  type QueueWorkerInfo,
  type HeldJob,
  type EnqueueOptions,
  type OpenEvaluationQueueOptions,
} from './evaluation-queue.js';
export { EVALUATE_QUEUE, type QueuedTaskJob } from './queued-task-job.js';
export { enqueueRun, DEFAULT_JOB_TIMEOUT_SECONDS, JOB_RETRY_LIMIT, type EnqueueRunInput } from './enqueue-run.js';
export { evaluateQueuedJob, judgeFromRun, type QueuedJobOutcome } from './evaluate-queued-job.js';
export { finishQueuedRun } from './finish-queued-run.js';
export { followQueuedRun, type FollowQueuedRunInput } from './follow-queued-run.js';
export { runQueueWorker, type RunQueueWorkerInput } from './run-queue-worker.js';
export { runQueuedSchedule, scheduleQueueName, type RunQueuedScheduleInput } from './run-queued-schedule.js';
