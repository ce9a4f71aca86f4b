import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long synchronous work may hold the event loop before it lets timers and signals in. */
export const YIELD_EVERY_MS = 25;

/**
 * Lets the event loop run timers, I/O and signal handlers once `YIELD_EVERY_MS` of work has passed since
 * the last yield. A deterministic task on SQLite never awaits real I/O, so without this a run's heartbeat
 * is never written and Ctrl-C waits for the last task.
 */
export function createYielder(everyMs = YIELD_EVERY_MS): () => Promise<void> {
  let last = performance.now();
  return async () => {
    const now = performance.now();
    if (now - last < everyMs) return;
    await nextTurn();
    last = performance.now();
  };
}
