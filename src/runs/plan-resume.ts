import { LifecycleError } from '../core/index.js';
import { isTerminalStatus, type EvalRun, type Store } from '../store/index.js';

/** What a resume evaluates: the old run's requested tasks that have no stored result in it, in their order. */
export interface ResumePlan {
  previous: EvalRun;
  missingTaskIds: string[];
}

/** Plans `run --resume RUN_ID`; an active run cannot be resumed (it may still be working). */
export async function planResume(store: Store, runId: string): Promise<ResumePlan> {
  const previous = await store.getRun(runId);
  if (!isTerminalStatus(previous.status)) {
    throw new LifecycleError(
      'invalid_transition',
      `run ${runId} is still ${previous.status}; only a finished, cancelled or failed run can be resumed`,
      {
        hint: 'wait for it to finish, or stop it (a killed run is marked failed a minute after its last heartbeat)',
      },
    );
  }
  const done = new Set(await store.resultTaskIds(runId));
  return { previous, missingTaskIds: previous.requestedTaskIds.filter((id) => !done.has(id)) };
}
