import { randomUUID } from 'node:crypto';
import { preloadJudgeSdk } from '../../judge/index.js';
import { StoreError } from '../../core/index.js';
import { isConnectionLoss, RECONNECT_WITHIN_MS, type EvalRun, type Store } from '../../store/index.js';
import type { EvaluationQueue } from './evaluation-queue.js';
import { waitUnlessAborted } from './wait-unless-aborted.js';
import type { OpenedJudge } from '../open-judge.js';
import { evaluateQueuedJob, judgeFromRun, type QueuedJobOutcome } from './evaluate-queued-job.js';

/** How long a worker trusts the run it last read before reading it again. */
const RUN_REREAD_MS = 2_000;

export interface RunQueueWorkerInput {
  store: Store;
  queue: EvaluationQueue;
  /** Jobs evaluated at once by this process. */
  concurrency: number;
  /** API keys for the runs' judges come from here, never from the run. */
  env: NodeJS.ProcessEnv;
  cwd?: string;
  taskevalVersion: string;
  /** Aborting drains: no new job is taken, the ones held finish and are stored. */
  signal?: AbortSignal;
  /** Stop once this worker found no job for this long and none is left open anywhere (benchmarks, one-shot CI workers); default: never. */
  exitWhenIdleMs?: number;
  pollMs?: number;
  heartbeatMs?: number;
  /** How long the database may stay unreachable before the worker stops (default: the store's reconnect window). */
  outageMs?: number;
  now?: () => Date;
  onJob?: (event: { runId: string; taskId: string; outcome: QueuedJobOutcome; jobsDone: number }) => void;
  onStart?: (workerId: string) => void;
  onError?: (error: unknown) => void;
}

/**
 * Takes jobs from the queue until told to stop, `concurrency` at a time, and evaluates each with its
 * run's recorded settings. Reports itself on the queue's worker table every few seconds and keeps the
 * runs it works on alive.
 */
export async function runQueueWorker(input: RunQueueWorkerInput): Promise<{ workerId: string; jobsDone: number }> {
  const { store, queue, signal } = input;
  const now = input.now ?? (() => new Date());
  const pollMs = input.pollMs ?? 250;
  const workerId = `wrk_${randomUUID()}`;
  const startedAt = now();
  const judges = new Map<string, OpenedJudge | null>();
  const busyRuns = new Map<string, number>();
  let jobsDone = 0;
  let idleSince = Date.now();

  // Runs as last read, for a few seconds: settings never change, and a cancel is seen within that time
  // (or when saving refuses the result).
  const runs = new Map<string, { run: Promise<EvalRun>; at: number }>();
  const runOf = (runId: string): Promise<EvalRun> => {
    const held = runs.get(runId);
    if (held && Date.now() - held.at < RUN_REREAD_MS) return held.run;
    const run = store.getRun(runId);
    runs.set(runId, { run, at: Date.now() });
    run.catch(() => runs.delete(runId));
    return run;
  };
  const judgeFor = (run: EvalRun): OpenedJudge | null => {
    if (!judges.has(run.id)) judges.set(run.id, judgeFromRun(run, input.env, input.cwd));
    return judges.get(run.id)!;
  };
  const report = async () => {
    await queue.reportWorker(workerId, input.concurrency, jobsDone, startedAt).catch(() => undefined);
    for (const runId of busyRuns.keys()) await store.heartbeat(runId, now().toISOString()).catch(() => undefined);
  };
  // Warm the judge SDK while no job is held yet; a failure here shows up again on the first real call.
  void preloadJudgeSdk().catch(() => undefined);
  await queue.reportWorker(workerId, input.concurrency, 0, startedAt);
  input.onStart?.(workerId);
  const timer = setInterval(() => void report(), input.heartbeatMs ?? 5_000);
  timer.unref?.();

  // The database going away (a restart) is waited out with backoff, for at most outageMs; then the worker stops with why.
  const outageMs = input.outageMs ?? RECONNECT_WITHIN_MS;
  let unreachableSince: number | null = null;
  let backoff = pollMs;
  let fatal: { error: unknown } | null = null;
  const unreachable = async (error: unknown): Promise<void> => {
    input.onError?.(error);
    unreachableSince ??= Date.now();
    if (Date.now() - unreachableSince > outageMs) {
      fatal ??= {
        error: new StoreError(
          'store_failed',
          `the database could not be reached for ${Math.round((Date.now() - unreachableSince) / 1000)} s: ${(error as Error).message}`,
          {
            cause: error,
            hint: 'jobs this worker held return to the queue when their lease ends; start the worker again once the server is up',
          },
        ),
      };
      return;
    }
    await waitUnlessAborted(backoff, signal);
    backoff = Math.min(backoff * 2, 5_000);
  };
  const reachable = () => {
    unreachableSince = null;
    backoff = pollMs;
  };

  const slot = async (): Promise<void> => {
    while (!signal?.aborted && !fatal) {
      let job;
      try {
        job = await queue.take();
        reachable();
      } catch (error) {
        // The database went away: say so and try again, holding nothing.
        await unreachable(error);
        continue;
      }
      if (!job) {
        // Idle means nothing left anywhere: a job another worker holds may still come back to the queue.
        if (
          input.exitWhenIdleMs !== undefined &&
          Date.now() - idleSince >= input.exitWhenIdleMs &&
          (await queue.openJobCount().catch(() => 1)) === 0
        )
          return;
        await waitUnlessAborted(pollMs, signal);
        continue;
      }
      const { runId } = job.data;
      busyRuns.set(runId, (busyRuns.get(runId) ?? 0) + 1);
      try {
        const outcome = await evaluateQueuedJob({
          store,
          queue,
          job,
          runOf,
          judgeFor,
          taskevalVersion: input.taskevalVersion,
          now,
        });
        if (outcome !== 'retry') jobsDone += 1;
        input.onJob?.({ runId, taskId: job.data.item.task.id, outcome, jobsDone });
      } catch (error) {
        // Lost in the middle of a job: it comes back (its retry finds a stored result done) once the server does.
        if (!isConnectionLoss(error)) throw error;
        await unreachable(error);
      } finally {
        const left = (busyRuns.get(runId) ?? 1) - 1;
        if (left > 0) busyRuns.set(runId, left);
        else busyRuns.delete(runId);
        idleSince = Date.now();
      }
    }
  };

  try {
    // Every slot settles before the worker returns or fails: none is left looping on its own.
    const guarded = () =>
      slot().catch((error: unknown) => {
        fatal ??= { error };
      });
    await Promise.all(Array.from({ length: Math.max(1, input.concurrency) }, guarded));
    if (fatal) throw (fatal as { error: unknown }).error;
  } finally {
    clearInterval(timer);
    await queue.forgetWorker(workerId).catch(() => undefined);
  }
  return { workerId, jobsDone };
}
