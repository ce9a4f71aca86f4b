import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface WalCheckpointerOptions {
  /** How often the worker checkpoints what the writer has added to the WAL. */
  intervalMs?: number;
  /** WAL frames after which the worker restarts the log (briefly holding the writer) so it cannot grow without bound. */
  restartFrames?: number;
  busyTimeoutMs?: number;
}

/** A worker thread checkpointing one SQLite file; `stop` closes its connection. */
export interface WalCheckpointer {
  stop(): Promise<void>;
}

// Plain CommonJS so it runs the same from dist/ and under tsx or vitest, which do not transform workers.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db = null;
try {
  db = new Database(workerData.path, { fileMustExist: true });
  db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
  db.pragma('synchronous = NORMAL');
} catch (error) {
  parentPort.close();
}
const tick = () => {
  try {
    const [state] = db.pragma('wal_checkpoint(PASSIVE)');
    // A busy writer never leaves the log idle long enough to restart it by itself.
    if (state.log >= workerData.restartFrames) db.pragma('wal_checkpoint(RESTART)');
  } catch {
    // The writer's own auto-checkpoint still runs; a missed tick only delays the copy.
  }
};
if (db) {
  const timer = setInterval(tick, workerData.intervalMs);
  parentPort.on('message', () => {
    clearInterval(timer);
    db.close();
    parentPort.close();
  });
}
`;

/**
 * Starts checkpointing `path` from a worker thread, so the process that writes results does not wait for
 * the WAL's pages to be copied into the database file and synced; the checkpoint runs on the other core.
 * The worker never keeps the process alive, and a worker that cannot open the file just ends.
 */
export function startWalCheckpointer(path: string, options: WalCheckpointerOptions = {}): WalCheckpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      path,
      intervalMs: options.intervalMs ?? 50,
      restartFrames: options.restartFrames ?? 4_096,
      busyTimeoutMs: options.busyTimeoutMs ?? 10_000,
    },
  });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // Errors end the worker; the store carries on with SQLite's own checkpoints.
  worker.on('error', () => undefined);
  return {
    async stop() {
      // While it works the worker must not keep a command alive, but once the store waits for it to stop it
      // must: an unref'd worker is no event-loop work, so awaiting its exit let the loop empty and Node end
      // the process with 13 ("unsettled top-level await") before close() returned.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
