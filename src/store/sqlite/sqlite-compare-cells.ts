import { setImmediate as nextTurn } from 'node:timers/promises';
import { mergeCell } from '../../core/index.js';
import { addToCells, cellOfStoredRow, type StoredCellRow, type StoredCompareCell } from '../compare-cells.js';
import { scoredTaskChunks } from '../scored-task-chunks.js';
import { SCORED_TASK_CHUNK, scoredTaskRowOf, type ScoredTaskRow } from '../scored-task-row.js';
import { SCORED_TASK_SELECT, SCORED_WITH_SCORES } from '../scored-tasks-sql.js';
import type { SqliteDb } from './sqlite-db.js';
import type { SqliteResults } from './sqlite-results.js';
import { selectsPeriod } from './selection-periods.js';
import { mergePeriodSums, PeriodSums } from './period-sums.js';
import { CELL_COLUMNS, cellValues } from './sqlite-cell-columns.js';
import { SqliteRunCells, type PeriodFilter } from './sqlite-run-cells.js';

/** Where the per-run sums a selection added stand: the row they are up to, and the tasks rescored by then. */
export interface RunSums {
  through: number;
  /** Tasks with more than one scored result up to `through`. */
  rescored: string[];
}

const json = (v: unknown): unknown => JSON.parse(v as string);
/** Per-run sums hold no labels: rows read for them leave the labels column unparsed. */
const noLabels = (): null => null;

/** A pass's new scored results, by primary key. */
const NEW_ROWS = `SELECT r.pk, ${SCORED_TASK_SELECT} FROM eval_task_results r
  WHERE r.pk > ? AND r.pk <= ? AND ${SCORED_WITH_SCORES} ORDER BY r.pk LIMIT ?`;

interface CellsState {
  through: number;
  generation: number;
}

/**
 * What a pass read: cells to add (or, for a rebuild, to replace every cell with), the per-run cells and rescored
 * tasks to add (or replace), and the row it read up to.
 */
interface CellsDelta {
  rebuild: boolean;
  cells: Map<string, StoredCompareCell>;
  runCells: PeriodSums;
  /** Tasks newly rescored; null for a recount, whose rescored tasks are counted in SQL instead of held. */
  rescored: Set<string> | null;
  through: number;
}

/** Above this share of new rows a pass recounts every task instead of looking each new one up. */
const REBUILD_SHARE = 0.25;
/** Tasks looked up between turns of the event loop. */
const TASKS_PER_TURN = 5_000;

/**
 * The comparison sums (eval_compare_cells) of the SQLite store: brought up to the newest result by a
 * comparison or a run's end, reading only the results saved since the last pass. A pass reads outside any
 * write, in chunks between which the event loop turns, then writes what it read in one short transaction,
 * unless another pass or a prune moved the state meanwhile.
 */
export class SqliteCompareCells {
  private readonly runCells: SqliteRunCells;

  constructor(
    private readonly db: SqliteDb,
    private readonly results: SqliteResults,
  ) {
    this.runCells = new SqliteRunCells(db);
  }

  /**
   * Every cell, brought up to the newest result first: written back, or with `readOnly` (a store opened for
   * reading) added in memory only.
   */
  async read(readOnly = false): Promise<StoredCompareCell[]> {
    if (!readOnly) {
      await this.catchUp();
      return [...this.stored().values()];
    }
    const state = this.state();
    const top = this.top();
    const stored = this.stored();
    if (top <= state.through) return [...stored.values()];
    const delta = await this.delta(state, top);
    if (delta.rebuild) return [...delta.cells.values()];
    for (const [key, cell] of delta.cells) {
      const into = stored.get(key);
      if (into) mergeCell(into, cell);
      else stored.set(key, cell);
    }
    return [...stored.values()].filter((c) => c.n > 0);
  }

  /**
   * Adds the per-run cells the filter selects into `into` (keyed by storedCellKey) and gives the rescored tasks,
   * brought up to the newest result like read(): written back, or with `readOnly` the pass's additions kept in
   * memory. Null, having read no list, when more tasks than `most` allows (given the results) were rescored.
   */
  async runSums(
    readOnly: boolean,
    filter: PeriodFilter,
    into: Map<string, StoredCompareCell>,
    most: (results: number) => number,
  ): Promise<RunSums | null> {
    if (!readOnly) await this.catchUp();
    const now = this.db.snapshot('compareCells', () => {
      const state = this.state();
      const top = readOnly ? this.top() : 0;
      // A recount in memory replaces what is kept: nothing kept is read.
      const recount = top > state.through && this.rebuilds(state, top);
      if (recount) return { state, top, rescored: [] };
      if (this.runCells.rescoredCount() > most(Math.max(top, state.through))) return null;
      this.runCells.addSelected(filter, into);
      return { state, top, rescored: this.runCells.rescored() };
    });
    if (now === null) return null;
    if (now.top <= now.state.through) return { through: now.state.through, rescored: now.rescored };
    const delta = await this.delta(now.state, now.top);
    const rescored =
      delta.rescored === null
        ? this.db.read('compareCells', () => this.runCells.rescoredThrough(now.top, most(now.top)))
        : [...new Set([...now.rescored, ...delta.rescored])];
    if (rescored === null || rescored.length > most(now.top)) return null;
    const runs = new Set(filter.runIds?.length ? filter.runIds : ['']);
    mergePeriodSums(
      into,
      [...delta.runCells.all()].filter((c) => runs.has(c.runId) && selectsPeriod(filter.periods, c.period)),
    );
    return { through: now.top, rescored };
  }

  private stored(): Map<string, StoredCompareCell> {
    const rows = this.db.read('compareCells', () =>
      this.db.all<StoredCellRow>(`SELECT key, ${CELL_COLUMNS} FROM eval_compare_cells ORDER BY key`),
    );
    return new Map(rows.map((r) => [r.key, cellOfStoredRow(r)]));
  }

  private top(): number {
    return this.db.read(
      'compareCells',
      () => this.db.get<{ top: number | null }>('SELECT max(pk) AS top FROM eval_task_results')!.top ?? 0,
    );
  }

  private rebuilds(state: CellsState, top: number): boolean {
    return state.through === 0 || top - state.through > REBUILD_SHARE * top;
  }

  private delta(state: CellsState, top: number): Promise<CellsDelta> {
    return this.rebuilds(state, top) ? this.recount(top) : this.changes(state.through, top);
  }

  /** Adds the results saved since the last pass; a few tries when another pass or a prune got there first. */
  async catchUp(): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const state = this.state();
      const top = this.top();
      if (top <= state.through) return;
      if (this.apply(state, await this.delta(state, top))) return;
    }
  }

  /** Empties the cells after results were deleted: the next pass recounts. Inside the deleting transaction. */
  resetInTx(): void {
    this.db.run('DELETE FROM eval_compare_cells');
    this.runCells.resetInTx();
    this.db.run('UPDATE eval_compare_state SET through_pk = 0, generation = generation + 1 WHERE id = 1');
  }

  private state(): CellsState {
    return this.db.read('compareCells', () =>
      this.db.get<CellsState>('SELECT through_pk AS through, generation FROM eval_compare_state WHERE id = 1')!,
    );
  }

  /**
   * Each task's newest scored result among rows up to `top`, summed into cells, and every scored result summed
   * into its run's cells (the rescored tasks are counted where they are written).
   */
  private async recount(top: number): Promise<CellsDelta> {
    const projects = this.projects();
    const cells = new Map<string, StoredCompareCell>();
    const runCells = new PeriodSums();
    const chunks = scoredTaskChunks(
      (after, limit) => this.results.scoredChunk({}, after, limit, top),
      json,
      SCORED_TASK_CHUNK,
      (raw) => {
        const row = scoredTaskRowOf(raw, noLabels);
        runCells.add(row, projects.get(row.runId) ?? '');
      },
    );
    for await (const chunk of chunks) for (const row of chunk) this.add(cells, row, projects, 1);
    return { rebuild: true, cells, runCells, rescored: null, through: top };
  }

  /**
   * Each scored result saved after `from` into its run's cells; for each of their tasks, its old newest result
   * out and its new newest in, and the task noted as rescored when it now has more than one.
   */
  private async changes(from: number, top: number): Promise<CellsDelta> {
    const projects = this.projects();
    const cells = new Map<string, StoredCompareCell>();
    const runCells = new PeriodSums();
    const rescored = new Set<string>();
    const fresh = new Map<string, number>();
    for (let after = from; ;) {
      const raws = this.db.read('compareCells', () =>
        this.db.stmt(NEW_ROWS).raw(true).all(after, top, SCORED_TASK_CHUNK),
      ) as unknown[][];
      for (const raw of raws) {
        const row = scoredTaskRowOf(raw.slice(1), noLabels);
        runCells.add(row, projects.get(row.runId) ?? '');
        fresh.set(row.taskId, (fresh.get(row.taskId) ?? 0) + 1);
      }
      if (raws.length < SCORED_TASK_CHUNK) break;
      after = raws[raws.length - 1]![0] as number;
      await nextTurn();
    }
    const tasks = [...fresh.keys()];
    const newest = `SELECT ${SCORED_TASK_SELECT} FROM eval_task_results r INDEXED BY eval_task_results_compare
      WHERE ${SCORED_WITH_SCORES} AND r.task_id = ? AND r.pk <= ? ORDER BY r.evaluated_at DESC, r.id DESC LIMIT 1`;
    const read = (taskId: string, through: number): ScoredTaskRow | null => {
      const raw = this.db.stmt(newest).raw(true).get(taskId, through) as unknown[] | undefined;
      return raw ? scoredTaskRowOf(raw, json) : null;
    };
    for (let i = 0; i < tasks.length; i++) {
      const taskId = tasks[i]!;
      const [before, now] = this.db.read('compareCells', () => [read(taskId, from), read(taskId, top)]);
      if (before?.id !== now?.id) {
        if (before) this.add(cells, before, projects, -1);
        if (now) this.add(cells, now, projects, 1);
      }
      if (before !== null || fresh.get(taskId)! > 1) rescored.add(taskId);
      if ((i + 1) % TASKS_PER_TURN === 0) await nextTurn();
    }
    return { rebuild: false, cells, runCells, rescored, through: top };
  }

  private add(
    cells: Map<string, StoredCompareCell>,
    row: ScoredTaskRow,
    projects: Map<string, string>,
    sign: 1 | -1,
  ): void {
    addToCells(cells, row, projects.get(row.runId) ?? '', sign);
  }

  private projects(): Map<string, string> {
    const rows = this.db.read('compareCells', () =>
      this.db.all<{ id: string; project_id: string }>('SELECT id, project_id FROM eval_runs'),
    );
    return new Map(rows.map((r) => [r.id, r.project_id]));
  }

  /** Writes what a pass read, unless the state moved since it began; true when written. */
  private apply(begun: CellsState, delta: CellsDelta): boolean {
    return this.db.derive('compareCells', () => {
      const now = this.state();
      if (now.through !== begun.through || now.generation !== begun.generation) return false;
      if (delta.rebuild) this.db.run('DELETE FROM eval_compare_cells');
      for (const [key, cell] of delta.cells) {
        const stored = delta.rebuild
          ? undefined
          : this.db.get<StoredCellRow>(`SELECT key, ${CELL_COLUMNS} FROM eval_compare_cells WHERE key = ?`, key);
        const merged = stored ? cellOfStoredRow(stored) : cell;
        if (stored) mergeCell(merged, cell);
        if (merged.n === 0) this.db.run('DELETE FROM eval_compare_cells WHERE key = ?', key);
        else
          this.db.run(
            `INSERT OR REPLACE INTO eval_compare_cells (key, ${CELL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            key,
            ...cellValues(merged),
          );
      }
      this.runCells.addInTx(delta.runCells, delta.rescored, delta.rebuild, delta.through);
      this.db.run('UPDATE eval_compare_state SET through_pk = ? WHERE id = 1', delta.through);
      return true;
    });
  }
}
