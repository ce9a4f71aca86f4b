import { setImmediate as nextTurn } from 'node:timers/promises';
import { addToCells, type StoredCompareCell } from '../compare-cells.js';
import { SCORED_TASK_CHUNK, scoredTaskRowOf, type ScoredTaskRow } from '../scored-task-row.js';
import { SCORED_TASK_SELECT, SCORED_WITH_SCORES } from '../scored-tasks-sql.js';
import type { ParsedScoredTasksQuery } from '../store-inputs.js';
import type { SqliteCompareCells } from './sqlite-compare-cells.js';
import { selectionPeriods } from './selection-periods.js';
import type { SqliteDb } from './sqlite-db.js';

/**
 * Above this many rescored tasks (or this share of all results, when more), a selection is summed by reading
 * its results instead: looking each rescored task up would cost more than reading them in order.
 */
const RESCORED_FLOOR = 20_000;
const RESCORED_SHARE = 0.2;
/** Rescored tasks looked up per statement. */
const TASKS_PER_READ = 500;

const json = (v: unknown): unknown => JSON.parse(v as string);

/**
 * Each task's newest scored result among the selected runs and times, summed into comparison cells from the
 * per-run sums: the cells of the months and days the selection covers whole, plus the results of a first or last
 * day it covers in part, then each rescored task's selected results taken out and its newest put back. Reads
 * results only for those days and tasks; null when so many tasks were rescored that reading every result is cheaper.
 */
export async function sumSqliteSelection(
  db: SqliteDb,
  cells: SqliteCompareCells,
  readOnly: boolean,
  q: ParsedScoredTasksQuery,
  projectOf: (runId: string) => string,
): Promise<StoredCompareCell[] | null> {
  const periods = selectionPeriods(q.since, q.until);
  const sums = new Map<string, StoredCompareCell>();
  const kept = await cells.runSums(readOnly, { ...(q.runIds ? { runIds: q.runIds } : {}), periods }, sums, (results) =>
    Math.max(RESCORED_FLOOR, results * RESCORED_SHARE),
  );
  if (kept === null) return null;
  const { through, rescored } = kept;
  const add = (row: ScoredTaskRow, sign: 1 | -1) => addToCells(sums, row, projectOf(row.runId), sign);

  const runs = q.runIds?.length ? ` AND r.run_id IN (${q.runIds.map(() => '?').join(', ')})` : '';
  const runParams = q.runIds ?? [];
  for (const { from, to } of periods.partial) {
    const sql = `SELECT r.evaluated_at, r.pk, ${SCORED_TASK_SELECT} FROM eval_task_results r INDEXED BY eval_task_results_by_time
      WHERE (r.evaluated_at, r.pk) > (?, ?) AND r.evaluated_at <= ? AND r.pk <= ? AND ${SCORED_WITH_SCORES}${runs}
      ORDER BY r.evaluated_at, r.pk LIMIT ?`;
    for (let after: [string, number] = [from, -1]; ;) {
      const raws = db.read('compareCells', () =>
        db
          .stmt(sql)
          .raw(true)
          .all(...after, to, through, ...runParams, SCORED_TASK_CHUNK),
      ) as unknown[][];
      for (const raw of raws) add(scoredTaskRowOf(raw.slice(2), json), 1);
      if (raws.length < SCORED_TASK_CHUNK) break;
      const last = raws[raws.length - 1]!;
      after = [last[0] as string, last[1] as number];
      await nextTurn();
    }
  }

  const times =
    (q.since !== undefined ? ' AND r.evaluated_at >= ?' : '') +
    (q.until !== undefined ? ' AND r.evaluated_at <= ?' : '');
  const timeParams = [q.since, q.until].filter((t) => t !== undefined);
  for (let i = 0; i < rescored.length; i += TASKS_PER_READ) {
    const tasks = rescored.slice(i, i + TASKS_PER_READ);
    // Each task's selected results in time order: every one was added above; all but the newest come out.
    const raws = db.read('compareCells', () =>
      db
        .stmt(
          `SELECT ${SCORED_TASK_SELECT} FROM eval_task_results r INDEXED BY eval_task_results_compare
           WHERE ${SCORED_WITH_SCORES} AND r.task_id IN (${tasks.map(() => '?').join(', ')}) AND r.pk <= ?${runs}${times}
           ORDER BY r.task_id, r.evaluated_at, r.id`,
        )
        .raw(true)
        .all(...tasks, through, ...runParams, ...timeParams),
    ) as unknown[][];
    for (let k = 0; k < raws.length; k++) {
      const next = raws[k + 1];
      if (next !== undefined && next[0] === raws[k]![0]) add(scoredTaskRowOf(raws[k]!, json), -1);
    }
    await nextTurn();
  }
  return [...sums.values()].filter((c) => c.n > 0);
}
