import { emptyCellCounts, emptySpendSums, mergeCell } from '../../core/index.js';
import { cellOfStoredRow, SPEND_SUM_KEYS, type StoredCellRow, type StoredCompareCell } from '../compare-cells.js';
import { addPackedCounts } from '../pack-counts.js';
import { SCORED_WITH_SCORES } from '../scored-tasks-sql.js';
import { cellOfSum, keyOfSum, type PeriodSums } from './period-sums.js';
import type { SelectionPeriods } from './selection-periods.js';
import { CELL_COLUMNS, cellValues } from './sqlite-cell-columns.js';
import type { SqliteDb } from './sqlite-db.js';

/** Which kept cells a selection adds: of these runs (or every run's), in these periods. */
export interface PeriodFilter {
  runIds?: readonly string[];
  periods: SelectionPeriods;
}

type PeriodCellRow = StoredCellRow & { run_id: string; period: string };

/** The tasks with more than one scored result up to a row (?), from the comparison index alone. */
const RESCORED = `SELECT r.task_id FROM eval_task_results r INDEXED BY eval_task_results_compare
  WHERE ${SCORED_WITH_SCORES} AND r.pk <= ? GROUP BY r.task_id HAVING count(*) > 1`;

/**
 * The per-run sums (eval_run_cells: every scored result, per run and every run, month and day, and cell) and the
 * tasks scored more than once (eval_rescored_tasks) of the SQLite store. Results are never changed, so a pass
 * only adds to both; a prune empties them.
 */
export class SqliteRunCells {
  constructor(private readonly db: SqliteDb) {}

  /**
   * Adds the kept cells the filter selects into `into` (keyed by storedCellKey), straight from their columns:
   * a selection can add tens of thousands, and a cell object for each would cost more than the adding.
   */
  addSelected(filter: PeriodFilter, into: Map<string, StoredCompareCell>): void {
    const { months, days } = filter.periods;
    const ranges = [
      ...(months ? [`(length(period) = 7 AND period BETWEEN ? AND ?)`] : []),
      ...days.map(() => `(length(period) = 10 AND period BETWEEN ? AND ?)`),
    ];
    if (ranges.length === 0) return;
    const runs = filter.runIds?.length ? filter.runIds : [''];
    const sql = `SELECT ${CELL_COLUMNS} FROM eval_run_cells
      WHERE run_id IN (${runs.map(() => '?').join(', ')}) AND (${ranges.join(' OR ')})`;
    const params = [...runs, ...(months ?? []), ...days.flat()];
    for (const raw of this.db
      .stmt(sql)
      .raw(true)
      .iterate(...params) as Iterable<unknown[]>) {
      const key = JSON.stringify([raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6]]);
      let cell = into.get(key);
      if (!cell) {
        cell = {
          mode: raw[0] as StoredCompareCell['mode'],
          rubricVersion: raw[1] as string | null,
          agent: raw[2] as string | null,
          modelProvider: raw[3] as string | null,
          modelId: raw[4] as string | null,
          project: raw[5] as string,
          size: raw[6] as number | null,
          n: 0,
          counts: emptyCellCounts(),
          spend: emptySpendSums(),
        };
        into.set(key, cell);
      }
      cell.n += raw[7] as number;
      addPackedCounts(cell.counts, raw[8] as Uint8Array);
      const sums = JSON.parse(raw[9] as string) as number[];
      for (let i = 0; i < SPEND_SUM_KEYS.length; i++) cell.spend[SPEND_SUM_KEYS[i]!] += sums[i]!;
    }
  }

  /** Tasks with more than one scored result up to a row, when there are no more than `most`; else null. */
  rescoredThrough(through: number, most: number): string[] | null {
    const n = this.db.stmt(`SELECT count(*) FROM (${RESCORED})`).pluck(true).get(through) as number;
    return n > most ? null : (this.db.stmt(RESCORED).pluck(true).all(through) as string[]);
  }

  /** How many tasks have more than one scored result. */
  rescoredCount(): number {
    return this.db.stmt('SELECT count(*) FROM eval_rescored_tasks').pluck(true).get() as number;
  }

  /** Tasks with more than one scored result. */
  rescored(): string[] {
    return this.db.stmt('SELECT task_id FROM eval_rescored_tasks').pluck(true).all() as string[];
  }

  /**
   * Adds a pass's sums and rescored tasks (after emptying both, for a recount; null: those up to `through`,
   * counted here). Inside the pass's transaction.
   */
  addInTx(sums: PeriodSums, rescored: Iterable<string> | null, recount: boolean, through: number): void {
    if (recount) this.resetInTx();
    for (const sum of sums.all()) {
      const key = keyOfSum(sum);
      const stored = recount
        ? undefined
        : this.db.get<PeriodCellRow>(`SELECT key, ${CELL_COLUMNS} FROM eval_run_cells WHERE key = ?`, key);
      const merged = cellOfSum(sum);
      if (stored) mergeCell(merged, cellOfStoredRow(stored));
      this.db.run(
        `INSERT OR REPLACE INTO eval_run_cells (key, run_id, period, ${CELL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        key,
        sum.runId,
        sum.period,
        ...cellValues(merged),
      );
    }
    if (rescored === null) this.db.run(`INSERT OR IGNORE INTO eval_rescored_tasks (task_id) ${RESCORED}`, through);
    else
      for (const taskId of rescored)
        this.db.run('INSERT OR IGNORE INTO eval_rescored_tasks (task_id) VALUES (?)', taskId);
  }

  /** Empties both. Inside a transaction. */
  resetInTx(): void {
    this.db.run('DELETE FROM eval_run_cells');
    this.db.run('DELETE FROM eval_rescored_tasks');
  }
}
