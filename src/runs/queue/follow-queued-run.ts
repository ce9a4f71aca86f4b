import { isTerminalStatus, type EvalRun, type Store } from '../../store/index.js';
import { summarizeRun } from '../summarize-run.js';
import type { EvaluationQueue } from './evaluation-queue.js';
import { finishQueuedRun } from './finish-queued-run.js';
import { waitUnlessAborted } from './wait-unless-aborted.js';

export interface FollowQueuedRunInput {
  store: Store;
  queue: EvaluationQueue;
  runId: string;
  /** Ctrl-C: the run is cancelled, its waiting jobs dropped; what workers stored is kept. */
  signal?: AbortSignal;
  pollMs?: number;
  now?: () => Date;
  onProgress?: (run: EvalRun) => void;
}

/** Waits for queue workers to finish a run, reporting its counts as they grow; resolves with the finished run. */
export async function followQueuedRun(input: FollowQueuedRunInput): Promise<EvalRun> {
  const { store, queue, runId, signal } = input;
  const now = input.now ?? (() => new Date());
  const iso = () => now().toISOString();
  let seen = -1;
  for (;;) {
    let run = await store.getRun(runId);
    if (run.counts.total !== seen) {
      seen = run.counts.total;
      input.onProgress?.(run);
    }
    if (isTerminalStatus(run.status)) return run;
    if (signal?.aborted) {
      await queue.cancelRun(runId);
      run = await store.getRun(runId);
      if (isTerminalStatus(run.status)) return run;
      return store
        .transitionRun(runId, 'cancelled', {
          reason: 'cancelled by the user',
          summary: summarizeRun(run, run.requestedTaskIds.length, 'cancelled'),
          now: iso(),
        })
        .catch(() => store.getRun(runId));
    }
    // Jobs that failed for good leave no worker to complete the run: settle it here (a no-op while jobs are open).
    await finishQueuedRun(store, queue, runId, iso);
    await waitUnlessAborted(input.pollMs ?? 1_000, signal);
  }
}
