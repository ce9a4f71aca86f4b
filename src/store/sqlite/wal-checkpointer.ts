import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface WalCheckpointerOptions {
  /** How often the worker checkpoints what the writer has added to the WAL. */
  intervalMs?: number;
  /** WAL frames after which the worker restarts the log (briefly holding the writer) so it cannot grow without bound. */
  restartFrames?: number;
  /**
   * How long a restart waits for the writer lock and for readers, holding the writer meanwhile (default 0: it
   * does not wait, and stays passive when it cannot restart at once). A restart that waited the writer's 10 s
   * held the writer past a save's busy timeout and failed the save.
   */
  restartWaitMs?: number;
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
  db.pragma('busy_timeout = ' + workerData.restartWaitMs);
  db.pragma('synchronous = NORMAL');
} catch (error) {
  parentPort.close();
}
// A restart the readers kept from finishing is tried again only after a doubling pause (up to 64 ticks): each
// try holds the writer lock for a moment, and tries every tick starved the writer.
let pause = 0;
let skip = 0;
const tick = () => {
  try {
    const [state] = db.pragma('wal_checkpoint(PASSIVE)');
    // A busy writer never leaves the log idle long enough to restart it by itself.
    if (state.log < workerData.restartFrames) return;
    if (skip > 0) return void skip--;
    const [restart] = db.pragma('wal_checkpoint(RESTART)');
    if (restart.busy) skip = pause = Math.min(64, Math.max(1, pause * 2));
    else pause = 0;
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
      restartWaitMs: options.restartWaitMs ?? 0,
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
