import { isTaskevalError, type TaskResult } from '../core/index.js';
import type { BackoffOptions, JudgeCache } from '../judge/index.js';
import { evaluateRunTask, type EvaluateRunTaskInput, type EvaluationSpend } from './evaluate-run-task.js';
import type { OpenedJudge } from './open-judge.js';
import type { RunTask } from './run-task.js';
import { createYielder } from './yield-to-event-loop.js';
import { createHeapPacer } from './heap-pacer.js';

/** Evaluates one task of the loop. */
export type EvaluateOne = (input: EvaluateRunTaskInput) => Promise<{ result: TaskResult; spend: EvaluationSpend }>;

/** Reads tasks held as heads whole (a streamed task file); the items keep every other field. */
export type ExpandTasks = <T extends RunTask>(items: readonly T[]) => Promise<T[]>;

/** Tasks read whole at a time when `expand` is given: about two such windows are held at once. */
export const EXPAND_WINDOW = 256;

export interface EvaluateTasksInput {
  items: readonly RunTask[];
  /** When the items are heads: reads them whole, a window at a time, just before they are evaluated. */
  expand?: ExpandTasks | null;
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
  const whole = wholeTasks(items, input.expand ?? null);
  const fatal: { error?: unknown } = {};
  let next = 0;
  const yieldNow = createYielder();
  const slot = async (): Promise<void> => {
    while (!('error' in fatal) && !signal?.aborted && next < items.length) {
      // Before taking a task: a heartbeat due or a signal received gets its turn.
      await yieldNow();
      if ('error' in fatal || signal?.aborted || next >= items.length) return;
      const index = next++;
      try {
        const item = await whole(index);
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

/**
 * The item at an index, read whole when the items are heads: windows of EXPAND_WINDOW are read as the first
 * task of each is taken (the next one ahead of time), and a window is let go once the loop is two past it.
 */
function wholeTasks(items: readonly RunTask[], expand: ExpandTasks | null): (index: number) => Promise<RunTask> {
  if (!expand) return async (index) => items[index]!;
  const windows = new Map<number, Promise<RunTask[]>>();
  const pace = createHeapPacer();
  const windowAt = (w: number): Promise<RunTask[]> => {
    let read = windows.get(w);
    if (!read) {
      pace();
      read = expand(items.slice(w * EXPAND_WINDOW, (w + 1) * EXPAND_WINDOW));
      // Read ahead may fail before it is awaited; it is rethrown to the slot that awaits it.
      read.catch(() => undefined);
      windows.set(w, read);
    }
    return read;
  };
  return async (index) => {
    const w = Math.floor(index / EXPAND_WINDOW);
    windows.delete(w - 2);
    const read = windowAt(w);
    if ((w + 1) * EXPAND_WINDOW < items.length) void windowAt(w + 1);
    return (await read)[index - w * EXPAND_WINDOW]!;
  };
}
