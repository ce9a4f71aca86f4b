import { LifecycleError } from '../../core/index.js';
import type { TaskevalConfig } from '../../runs/index.js';
import type { EventBus, StartRun } from '../../server/index.js';
import type { Store } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { evaluateFromCli } from './cli-evaluation.js';

export interface ServeRunsInput {
  store: Store;
  io: CliIo;
  config: TaskevalConfig;
  configPath: string | null;
  events?: EventBus;
  log: (line: string) => void;
}

/** `POST /api/runs` for `taskeval serve`: an `api` run over the project in the current directory, with progress on the event bus. */
export interface ServeRuns {
  startRun: StartRun;
  /** Waits for runs still going (they are cancelled when the server's signal aborts). */
  drain: () => Promise<void>;
}

export function createServeRuns(input: ServeRunsInput): ServeRuns {
  const { store, io, events, log } = input;
  const running = new Set<Promise<unknown>>();
  let starting = false;
  const startRun: StartRun = async () => {
    // One dashboard run at a time, as documented: a second POST while one is going is a 409, not a second run.
    if (starting || running.size > 0) {
      throw new LifecycleError(
        'active_run_conflict',
        'a run started from this dashboard is still going; wait for it to finish',
        { field: 'run' },
      );
    }
    starting = true;
    try {
      return await launch();
    } finally {
      starting = false;
    }
  };
  const launch = async (): Promise<{ runId: string }> => {
    return new Promise((resolve, reject) => {
      let started = false;
      // The project in the server's directory, with the config's judge: the shared evaluation path, on the server's store.
      const done = evaluateFromCli(
        'api',
        input.configPath ? { config: input.configPath } : {},
        io,
        {
          store,
          onStart: ({ runId, total }) => {
            started = true;
            events?.publish({ type: 'run', runId, status: 'running', counts: { total, done: 0 } });
            resolve({ runId });
          },
          onResult: (result, p) => {
            events?.publish({
              type: 'result',
              runId: result.runId,
              taskId: result.taskId,
              resultId: result.id,
              status: result.status,
              overallScore: result.status === 'scored' ? result.overallScore : null,
            });
            events?.publish({
              type: 'run',
              runId: p.runId,
              status: 'running',
              counts: { total: p.total, done: p.done, scored: p.scored, skipped: p.skipped, errored: p.errors },
            });
          },
        },
        async ({ run }) => run!,
      ).then(
        (run) => {
          events?.publish({
            type: 'run',
            runId: run.id,
            status: run.status,
            counts: { ...run.counts },
            ...(run.summary ? { message: run.summary } : {}),
          });
          log(`run ${run.id} ${run.status}: ${run.summary ?? ''}`);
        },
        (error: unknown) => {
          if (!started) return reject(error);
          log(`run failed: ${(error as Error).message}`);
        },
      );
      running.add(done);
      void done.finally(() => running.delete(done));
    });
  };
  return { startRun, drain: async () => void (await Promise.allSettled([...running])) };
}
