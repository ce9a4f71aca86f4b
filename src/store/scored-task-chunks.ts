import { setImmediate as nextTurn } from 'node:timers/promises';
import { NewestPerTask, SCORED_TASK_CHUNK, scoredTaskRowOf, type ScoredTaskRow } from './scored-task-row.js';
import type { ScoredTasksCursor } from './scored-tasks-sql.js';

/** Reads one chunk of raw rows (SCORED_TASK_COLUMNS order) after the cursor. */
export type ReadScoredChunk = (
  after: ScoredTasksCursor | null,
  limit: number,
) => Promise<readonly (readonly unknown[])[]> | readonly (readonly unknown[])[];

/**
 * Each task's newest scored result, in chunks read by keyset from the comparison index; the event loop
 * gets a turn between chunks, so a server answers other requests while a comparison reads a large store.
 */
export async function* scoredTaskChunks(
  read: ReadScoredChunk,
  json: (v: unknown) => unknown,
  chunk = SCORED_TASK_CHUNK,
  /** Shown every row read, the task's older results too (a recount of per-run sums needs them). */
  every?: (raw: readonly unknown[]) => void,
): AsyncGenerator<ScoredTaskRow[]> {
  const newest = new NewestPerTask();
  let after: ScoredTasksCursor | null = null;
  for (;;) {
    const rows = await read(after, chunk);
    if (every) for (const raw of rows) every(raw);
    const done = newest.push(rows);
    const last = rows.length < chunk;
    if (last) done.push(...newest.end());
    if (done.length) yield done.map((raw) => scoredTaskRowOf(raw, json));
    if (last) return;
    const end = rows[rows.length - 1]!;
    after = [end[0] as string, end[1] as string, end[2] as string];
    await nextTurn();
  }
}
