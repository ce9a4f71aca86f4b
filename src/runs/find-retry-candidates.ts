import { resultPages, type EvalRun, type ResultSummary, type Store } from '../store/index.js';

/** A task whose evaluation failed for a transient reason is retried by later batches this many times. */
export const MAX_TRANSIENT_RETRIES = 3;

export interface RetryCandidate {
  taskId: string;
  /** Transient failures in a row across scheduled batches, the first attempt included. */
  failures: number;
  reason: string | null;
}

/** What the previous batch left behind: tasks to retry now, and tasks that used up their retries. */
export interface RetryPlan {
  retry: RetryCandidate[];
  exhausted: RetryCandidate[];
}

/**
 * Reads the previous completed batch's transient errors and counts each task's failures in a row
 * over scheduled batches (manual runs in between do not count), so a task is retried at most
 * MAX_TRANSIENT_RETRIES times.
 */
export async function findRetryCandidates(store: Store, previous: EvalRun | null): Promise<RetryPlan> {
  const plan: RetryPlan = { retry: [], exhausted: [] };
  if (!previous) return plan;
  const runs = new Map<string, EvalRun>([[previous.id, previous]]);
  const triggerOf = async (runId: string) => {
    if (!runs.has(runId)) runs.set(runId, await store.getRun(runId));
    return runs.get(runId)!.trigger;
  };
  for (const error of await transientErrors(store, previous.id)) {
    const failures = await failuresInARow(store, error.taskId, triggerOf);
    const candidate = { taskId: error.taskId, failures, reason: error.reason };
    (failures <= MAX_TRANSIENT_RETRIES ? plan.retry : plan.exhausted).push(candidate);
  }
  return plan;
}

async function transientErrors(store: Store, runId: string): Promise<ResultSummary[]> {
  const found: ResultSummary[] = [];
  for await (const page of resultPages(store, { runId, status: 'error', sort: 'taskId', order: 'asc' }))
    found.push(...page.filter((r) => r.transient));
  return found;
}

// The trail of a task never holds more than MAX_TRANSIENT_RETRIES + 1 failures, so its newest results suffice.
const TRAIL = 50;

async function failuresInARow(
  store: Store,
  taskId: string,
  triggerOf: (runId: string) => Promise<string>,
): Promise<number> {
  const { count } = await store.taskHistory(taskId, { limit: 1 });
  const { items } = await store.taskHistory(taskId, { limit: TRAIL, offset: Math.max(0, count - TRAIL) });
  let failures = 0;
  for (const result of [...items].reverse()) {
    if ((await triggerOf(result.runId)) !== 'schedule') continue;
    if (result.status !== 'error' || !result.transient) break;
    failures += 1;
  }
  return failures;
}
