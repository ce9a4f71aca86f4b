import {
  addSpend,
  COMPARED_SCORES,
  emptyCellCounts,
  emptySpendSums,
  mergeCell,
  SCORE_VALUES,
  type CellCounts,
  type SpendSums,
} from '../../core/index.js';
import {
  cellOfStoredRow,
  compareCellKey,
  emptyStoredCell,
  SPEND_SUM_KEYS,
  storedCellKey,
  storedColumnsOfCell,
  type StoredCellRow,
  type StoredCompareCell,
} from '../compare-cells.js';
import { addPackedCounts } from '../pack-counts.js';
import type { ScoredTaskRow } from '../scored-task-row.js';
import { SCORED_WITH_SCORES } from '../scored-tasks-sql.js';
import type { SelectionPeriods } from './selection-periods.js';
import type { SqliteDb } from './sqlite-db.js';

/** The columns of a stored cell after its key, in both cell tables. */
export const CELL_COLUMNS =
  'mode, rubric_version, agent, model_provider, model_id, project, change_size, n, counts, spend';

/** A cell's values in CELL_COLUMNS order. */
export function cellValues(cell: StoredCompareCell): unknown[] {
  const { counts, spend } = storedColumnsOfCell(cell);
  const c = cell;
  return [c.mode, c.rubricVersion, c.agent, c.modelProvider, c.modelId, c.project, c.size, c.n, counts, spend];
}

/**
 * A comparison cell of the scored results of one run ('' for every run) evaluated in one month (YYYY-MM) or on
 * one day (YYYY-MM-DD), in UTC as stored times are, while a pass sums it. Most hold a few results, and a recount
 * holds hundreds of thousands of them: a sum keeps its results' four scores (7 bits each, in one number) in a
 * short list until it has enough results for counts at all 404 places to be cheaper.
 */
export interface PeriodSum {
  runId: string;
  period: string;
  /** The cell's key (compareCellKey) and what it is of; n, counts and spend unused. */
  kind: { key: string; index: number; of: StoredCompareCell };
  n: number;
  /** The first `used` are results' scores (scoresOf); counts at all 404 places once `used` is -1. */
  counts: Int32Array;
  used: number;
  spend: SpendSums;
}

/** Results a sum keeps as a list (a quarter of the 404 places' bytes) before it counts them at all 404 places. */
const LISTED_MAX = 101;
const SCORE_BITS = 7;
const SCORE_MASK = (1 << SCORE_BITS) - 1;

/** A result's four scores (each 0..100) in one number. */
const scoresOf = (s: ScoredTaskRow['scores']) =>
  s.agentPerformance | (s.taskOutcomeQuality << 7) | (s.processCompliance << 14) | (s.overall << 21);

/** Counts the four scores `scores` (scoresOf) holds at their places. */
function countScoresOf(counts: CellCounts, scores: number): void {
  for (let k = 0; k < COMPARED_SCORES.length; k++)
    counts[k * SCORE_VALUES + ((scores >>> (k * SCORE_BITS)) & SCORE_MASK)]!++;
}

/** Per-run and every-run, month and day sums of the scored results a pass reads. */
export class PeriodSums {
  private readonly kinds = new Map<string, PeriodSum['kind']>();
  /** By run, then period, then the cell's kind: no key string made per result and sum. */
  private readonly byRun = new Map<string, Map<string, PeriodSum[]>>();

  /** Adds a scored result to its four sums (its run's and every run's, its month's and its day's). */
  add(row: ScoredTaskRow, project: string): void {
    const key = compareCellKey(row, project);
    let kind = this.kinds.get(key);
    if (!kind) this.kinds.set(key, (kind = { key, index: this.kinds.size, of: emptyStoredCell(row, project) }));
    const scores = scoresOf(row.scores);
    const spend = { agentTokens: row.agentTokens, agentCostUsd: row.agentCostUsd, judgeCostUsd: row.judgeCostUsd };
    for (const runId of [row.runId, '']) {
      let periods = this.byRun.get(runId);
      if (!periods) this.byRun.set(runId, (periods = new Map()));
      for (const period of [row.evaluatedAt.slice(0, 7), row.evaluatedAt.slice(0, 10)]) {
        let kinds = periods.get(period);
        if (!kinds) periods.set(period, (kinds = []));
        let sum = kinds[kind.index];
        if (!sum)
          kinds[kind.index] = sum = {
            runId,
            period,
            kind,
            n: 0,
            counts: new Int32Array(8),
            used: 0,
            spend: emptySpendSums(),
          };
        sum.n++;
        addScores(sum, scores);
        addSpend(sum.spend, spend, row.scores.overall);
      }
    }
  }

  /** Every sum. */
  *all(): IterableIterator<PeriodSum> {
    for (const periods of this.byRun.values())
      for (const kinds of periods.values()) for (const sum of kinds) if (sum) yield sum;
  }
}

function addScores(sum: PeriodSum, scores: number): void {
  const { counts, used } = sum;
  if (used < 0) return countScoresOf(counts, scores);
  if (used === counts.length) {
    if (used >= LISTED_MAX) {
      sum.counts = denseOf(sum);
      sum.used = -1;
      return countScoresOf(sum.counts, scores);
    }
    sum.counts = new Int32Array(Math.min(used * 2, LISTED_MAX));
    sum.counts.set(counts);
  }
  sum.counts[used] = scores;
  sum.used = used + 1;
}

/** A sum's counts at all 404 places. */
function denseOf(sum: PeriodSum): CellCounts {
  if (sum.used < 0) return sum.counts.slice();
  const dense = emptyCellCounts();
  for (let i = 0; i < sum.used; i++) countScoresOf(dense, sum.counts[i]!);
  return dense;
}
/** The key a sum is kept under in eval_run_cells. */
export const keyOfSum = (sum: PeriodSum): string => JSON.stringify([sum.runId, sum.period, sum.kind.key]);

/** A sum as a comparison cell of its own (all 404 places). */
export function cellOfSum(sum: PeriodSum): StoredCompareCell {
  return { ...sum.kind.of, n: sum.n, counts: denseOf(sum), spend: { ...sum.spend } };
}

/** Adds sums into `into`'s cells (keyed by storedCellKey), made when missing. */
export function mergePeriodSums(into: Map<string, StoredCompareCell>, from: Iterable<PeriodSum>): void {
  for (const sum of from) {
    const cell = cellOfSum(sum);
    const key = storedCellKey(cell);
    const stored = into.get(key);
    if (stored) mergeCell(stored, cell);
    else into.set(key, cell);
  }
}

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
