import { isBug, isTaskevalError, taskErrorResult, truncateExcerpt, type TaskResult } from '../../core/index.js';
import { isConnectionLoss, type EvalRun, type Store } from '../../store/index.js';
import { evaluateRunTask } from '../evaluate-run-task.js';
import { openJudge, type OpenedJudge } from '../open-judge.js';
import { recordedJudgeSettings } from '../run-settings.js';
import { saveResultOrError } from '../save-result-or-error.js';
import type { EvaluationQueue, HeldJob } from './evaluation-queue.js';
import { finishQueuedRun } from './finish-queued-run.js';

/** What became of one job. */
export type QueuedJobOutcome = 'stored' | 'already-stored' | 'run-not-running' | 'retry';

export interface EvaluateQueuedJobInput {
  store: Store;
  queue: EvaluationQueue;
  job: HeldJob;
  /** The run as last read; a worker may hand back a copy a few seconds old (its settings never change). */
  runOf?: (runId: string) => Promise<EvalRun>;
  /** The judge for a run, from its recorded settings and this worker's environment (for API keys). */
  judgeFor: (run: EvalRun) => OpenedJudge | null;
  taskevalVersion: string;
  now: () => Date;
}

/**
 * Evaluates one queued task exactly as its run asked and stores the result, then completes the job
 * and, when it was the run's last, the run. A retried job whose result is already stored is done
 * (one result per run and task); a job of a cancelled run is dropped. A failure that is not the
 * task's own goes back to the queue, and on its last attempt becomes the task's error result.
 */
export async function evaluateQueuedJob(input: EvaluateQueuedJobInput): Promise<QueuedJobOutcome> {
  const { store, queue, job } = input;
  const { runId, item } = job.data;
  const iso = () => input.now().toISOString();
  try {
    const run = await (input.runOf ?? ((id: string) => store.getRun(id)))(runId);
    if (run.status !== 'running') {
      await queue.complete(job.id);
      return 'run-not-running';
    }
    // Only a retried job can find its result stored (its first worker died after saving).
    if (job.retryCount > 0 && (await store.findResult({ taskId: item.task.id, runId }))) {
      await queue.complete(job.id);
      await finishQueuedRun(store, queue, runId, iso);
      return 'already-stored';
    }
    let result: TaskResult;
    try {
      const judge = input.judgeFor(run);
      ({ result } = await evaluateRunTask({
        item,
        runId,
        evaluatedAt: iso(),
        taskevalVersion: input.taskevalVersion,
        judge,
        cache: store.judgeCache,
        now: input.now,
      }));
    } catch (error) {
      // The run's recorded judge cannot be built here (bad settings, a provider this version lacks).
      if (!isTaskevalError(error) || error.code === 'cancelled') throw error;
      result = errorResult(
        item.task.id,
        iso(),
        `this worker cannot evaluate the task as the run asked: ${error.message}`,
      );
    }
    try {
      await saveOnce(store, runId, item, result, iso(), run.settings.labels);
    } catch (error) {
      // The run was cancelled (or finished) after it was last read: the job has nothing left to do.
      if (isTaskevalError(error) && (error.code === 'run_not_running' || error.code === 'terminal_immutable')) {
        await queue.complete(job.id);
        return 'run-not-running';
      }
      throw error;
    }
    await queue.complete(job.id);
    await finishQueuedRun(store, queue, runId, iso);
    return 'stored';
  } catch (error) {
    // The database went away: not the task's fault, so no attempt is spent; the worker waits for the server.
    // A bug in taskeval stops the worker with its stack trace rather than becoming the task's result.
    if (isConnectionLoss(error) || isBug(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    if (job.retryCount >= job.retryLimit) {
      // No attempt left: the task's result says why, so the run can still finish.
      await saveOnce(
        store,
        runId,
        item,
        errorResult(item.task.id, iso(), `evaluation failed on every attempt: ${reason}`),
        iso(),
        {},
      ).catch(() => undefined);
      await queue.complete(job.id).catch(() => undefined);
      await finishQueuedRun(store, queue, runId, iso).catch(() => undefined);
      return 'stored';
    }
    await queue.fail(job.id, reason);
    return 'retry';
  }
}

/** Builds a run's judge from its recorded settings, as every command builds one; keys come from `env`, the worker's own. */
export function judgeFromRun(run: EvalRun, env: NodeJS.ProcessEnv, cwd?: string): OpenedJudge | null {
  return openJudge(recordedJudgeSettings(run.settings), env, cwd ? { cwd } : {});
}

async function saveOnce(
  store: Store,
  runId: string,
  item: HeldJob['data']['item'],
  result: TaskResult,
  now: string,
  labels: Readonly<Record<string, string>>,
): Promise<void> {
  try {
    await saveResultOrError(store, runId, item, result, now, labels);
  } catch (error) {
    // A retry of a job whose first attempt stored its result before dying.
    if (isTaskevalError(error) && error.code === 'duplicate_result') return;
    throw error;
  }
}

function errorResult(taskId: string, evaluatedAt: string, reason: string): TaskResult {
  return taskErrorResult({
    taskId,
    title: null,
    evaluatedAt,
    reason: truncateExcerpt(reason, 1_000).excerpt,
    transient: false,
  });
}
