import { ConfigError } from '../../core/index.js';
import { compactChange } from '../../evidence/index.js';
import type { JudgeSpec } from '../../judge/index.js';
import { isQueueableStore, type EvalRun } from '../../store/index.js';
import type { RunDefinition } from '../run-definition.js';
import type { RunTask } from '../run-task.js';
import { changeOf } from '../with-change.js';
import { runProvenance, runSettings } from '../run-settings.js';
import type { EvaluationQueue } from './evaluation-queue.js';
import { finishQueuedRun } from './finish-queued-run.js';

/** A job held this long by a worker that stopped answering goes back to the queue. */
export const DEFAULT_JOB_TIMEOUT_SECONDS = 900;
/** Attempts after the first before a task's job fails for good (its result is then an error). */
export const JOB_RETRY_LIMIT = 3;

export interface EnqueueRunInput extends RunDefinition {
  queue: EvaluationQueue;
  /** What workers rebuild the judge from (its spec, never keys); null for deterministic-only. */
  judge: JudgeSpec | null;
  jobTimeoutSeconds?: number;
  now: string;
}

/**
 * Creates a run for queue workers and one job per task in the same transaction: either the run exists
 * with all its jobs, or neither does. The run is `running` from the start and never recovered as
 * stale; the worker that stores its last result completes it.
 */
export async function enqueueRun(input: EnqueueRunInput): Promise<EvalRun> {
  const { store, queue } = input;
  if (!isQueueableStore(store)) {
    throw new ConfigError('usage', '--queue needs a PostgreSQL store', {
      field: 'db',
      hint: 'name a shared store with --db postgres://… or TASKEVAL_DATABASE_URL',
    });
  }
  const settings = input.judge;
  const judge = settings ? { provider: settings.provider, modelId: settings.model ?? settings.provider } : null;
  // A worker may run where the repository is not: the change a judge sees is read here and travels in the job.
  const items = settings ? await withChangeRead(input.tasks) : input.tasks;
  const run = await store.createQueuedRun(
    {
      projectId: input.projectId,
      trigger: input.trigger,
      window: input.window ?? null,
      requestedTaskIds: input.requestedTaskIds ?? input.tasks.map((t) => t.task.id),
      provenance: runProvenance(judge, input.taskevalVersion),
      settings: runSettings(settings, input.labels, true, { forge: input.forge ?? null }),
      resumeOf: input.resumeOf ?? null,
      now: input.now,
    },
    (sql, runId) =>
      queue.enqueue(
        sql,
        items.map((item) => ({ runId, item })),
        { expireInSeconds: input.jobTimeoutSeconds ?? DEFAULT_JOB_TIMEOUT_SECONDS, retryLimit: JOB_RETRY_LIMIT },
      ),
  );
  for (const warning of input.warnings ?? [])
    await store.appendEvent(run.id, { type: 'warning', message: warning, now: input.now });
  // No job means no worker will ever finish it (a batch with nothing new): it is complete now.
  if (input.tasks.length === 0)
    return (await finishQueuedRun(store, queue, run.id, () => input.now)) ?? store.getRun(run.id);
  return run;
}

/** Each task with its change read (compacted: text only for the hunks shown), one `git show` at a time. */
async function withChangeRead(tasks: readonly RunTask[]): Promise<RunTask[]> {
  const out: RunTask[] = [];
  for (const task of tasks) {
    const change = await changeOf(task);
    const { readChange: _read, ...item } = task;
    out.push(change ? { ...item, change: compactChange(change) } : item);
  }
  return out;
}
