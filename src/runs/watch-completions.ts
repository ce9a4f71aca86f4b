import type { Store } from '../store/index.js';
import type { RunTask } from './run-task.js';

export interface WatchCompletionsInput {
  store: Store;
  projectId: string;
  /** Polls the source: every completed task it now holds. */
  poll: () => Promise<RunTask[]>;
  /** Evaluates newly completed tasks in one `task_completion` run. */
  evaluate: (tasks: RunTask[], signal: AbortSignal) => Promise<void>;
  intervalMs: number;
  log: (line: string) => void;
  signal?: AbortSignal;
  /** Test hook: resolves after each poll. */
  onPoll?: (found: number) => void;
}

/** Task ids already evaluated in some `task_completion` run of the project. */
export async function evaluatedOnCompletion(store: Store, projectId: string): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let offset = 0; ; offset += 500) {
    const page = await store.listRuns({ projectId, trigger: 'task_completion', limit: 500, offset });
    for (const run of page.items) for (const id of await store.resultTaskIds(run.id)) seen.add(id);
    if (offset + 500 >= page.count) return seen;
  }
}

/**
 * `--trigger task_completion`: polls the source every interval and evaluates each task shortly after
 * it completes, once (one active run at a time: polls wait for the previous evaluation).
 */
export async function watchCompletions(input: WatchCompletionsInput): Promise<void> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  input.signal?.addEventListener('abort', stop, { once: true });
  if (input.signal?.aborted) stop();
  input.log(`watching for completed tasks every ${Math.round(input.intervalMs / 1000)} s`);
  try {
    while (!controller.signal.aborted) {
      try {
        const seen = await evaluatedOnCompletion(input.store, input.projectId);
        const fresh = (await input.poll()).filter((t) => t.completedAt !== null && !seen.has(t.task.id));
        if (fresh.length) {
          input.log(`${fresh.length} newly completed task(s): ${fresh.map((t) => t.task.id).join(', ')}`);
          await input.evaluate(fresh, controller.signal);
        }
        input.onPoll?.(fresh.length);
      } catch (error) {
        // A stop signal that lands mid-poll aborts it; that is the watch ending, not a failure.
        if (controller.signal.aborted) break;
        input.log(`poll failed: ${(error as Error).message}`);
        input.onPoll?.(-1);
      }
      await sleep(input.intervalMs, controller.signal);
    }
  } finally {
    input.signal?.removeEventListener('abort', stop);
    input.log('watch stopped');
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    if (signal.aborted) return done();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), done()), { once: true });
  });
}
