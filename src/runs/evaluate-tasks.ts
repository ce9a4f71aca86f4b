import { isTaskevalError, type TaskResult } from '../core/index.js';
import type { BackoffOptions, JudgeCache } from '../judge/index.js';
import { evaluateRunTask, type EvaluateRunTaskInput, type EvaluationSpend } from './evaluate-run-task.js';
import type { OpenedJudge } from './open-judge.js';
import type { RunTask } from './run-task.js';
import { createYielder } from './yield-to-event-loop.js';

/** Evaluates one task of the loop. */
export type EvaluateOne = (input: EvaluateRunTaskInput) => Promise<{ result: TaskResult; spend: EvaluationSpend }>;

export interface EvaluateTasksInput {
  items: readonly RunTask[];
  runId: string;
  taskevalVersion: string;
  judge: OpenedJudge | null;
  cache?: JudgeCache;
  /** How judge calls back off (tests make it instant). */
  backoff?: BackoffOptions;
  /** How one task is evaluated: from its source (evaluateRunTask, the default) or from a stored result (rescore). */
  evaluate?: EvaluateOne;
  /** Tasks in evaluation (and in `onResult`) at once: the judge's concurrency, or how many writes may overlap. */
  width: number;
  signal?: AbortSignal;
  now: () => Date;
  /** One time for every result (a `score` is one evaluation); default: the clock when each task is evaluated. */
  evaluatedAt?: string;
  /** Takes each result as it is made, in completion order; its slot takes the next task once this settles. */
  onResult: (result: TaskResult, item: RunTask, index: number, spend: EvaluationSpend) => Promise<void> | void;
}

/**
 * The one evaluation loop: `run`, `batch`, `schedule`, the dashboard's runs and `score` all evaluate their
 * tasks here, each task with evaluateRunTask, `width` at a time. Stops taking tasks on abort (resolves) or
 * on the first error that is not the task's own (rejects with it once the tasks in flight settle).
 */
export async function evaluateTasks(input: EvaluateTasksInput): Promise<void> {
  const { items, signal } = input;
  const fatal: { error?: unknown } = {};
  let next = 0;
  const yieldNow = createYielder();
  const slot = async (): Promise<void> => {
    while (!('error' in fatal) && !signal?.aborted && next < items.length) {
      // Before taking a task: a heartbeat due or a signal received gets its turn.
      await yieldNow();
      if ('error' in fatal || signal?.aborted || next >= items.length) return;
      const index = next++;
      const item = items[index]!;
      try {
        const { result, spend } = await (input.evaluate ?? evaluateRunTask)({
          item,
          runId: input.runId,
          evaluatedAt: input.evaluatedAt ?? input.now().toISOString(),
          taskevalVersion: input.taskevalVersion,
          judge: input.judge,
          ...(input.cache ? { cache: input.cache } : {}),
          ...(input.backoff ? { backoff: input.backoff } : {}),
          ...(signal ? { signal } : {}),
          now: input.now,
        });
        if (signal?.aborted) return;
        await input.onResult(result, item, index, spend);
        // The judge is down, not this task: stop taking tasks (those in flight finish and are stored).
        const stop = next < items.length ? input.judge?.health.stopError() : null;
        if (stop && !('error' in fatal)) fatal.error = stop;
      } catch (error) {
        // An abort surfaces as a `cancelled` error from the judge: the loop stops, it does not fail.
        if (signal?.aborted || (isTaskevalError(error) && error.code === 'cancelled')) return;
        if (!('error' in fatal)) fatal.error = error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(input.width, items.length)) }, slot));
  if ('error' in fatal) throw fatal.error;
}
