import {
  countScores,
  emptyCellCounts,
  emptySpendSums,
  addSpend,
  sizeClass,
  type CellCounts,
  type EvaluationMode,
  type SpendSums,
} from '../core/index.js';
import { packCounts, unpackCounts } from './pack-counts.js';
import type { ScoredTaskRow } from './scored-task-row.js';

/**
 * Each task's newest scored result, summed per way of scoring, cohort, project and change size: how many,
 * their scores counted by value (0..100, flat as the core's CellCounts) and what they cost. A comparison over
 * every stored result reads these few rows instead of every result.
 */
export interface StoredCompareCell {
  mode: EvaluationMode | null;
  rubricVersion: string | null;
  agent: string | null;
  modelProvider: string | null;
  modelId: string | null;
  project: string;
  size: number | null;
  n: number;
  counts: CellCounts;
  spend: SpendSums;
}

const classOf = (size: number | null) => (size === null ? null : sizeClass(size));

/** The key of the cell a result falls in (its size as the comparison's size class). */
export function compareCellKey(row: ScoredTaskRow, project: string): string {
  return JSON.stringify([
    row.mode,
    row.rubricVersion,
    row.agent,
    row.modelProvider,
    row.modelId,
    project,
    classOf(row.changeSize),
  ]);
}

/** The key of a cell, as compareCellKey gives it for the results the cell holds. */
export function storedCellKey(c: StoredCompareCell): string {
  return JSON.stringify([c.mode, c.rubricVersion, c.agent, c.modelProvider, c.modelId, c.project, c.size]);
}

export function emptyStoredCell(row: ScoredTaskRow, project: string): StoredCompareCell {
  return {
    mode: row.mode,
    rubricVersion: row.rubricVersion,
    agent: row.agent,
    modelProvider: row.modelProvider,
    modelId: row.modelId,
    project,
    size: classOf(row.changeSize),
    n: 0,
    counts: emptyCellCounts(),
    spend: emptySpendSums(),
  };
}

/** Adds a result to its cell (sign 1) or takes it out (sign -1), when a newer result of its task replaced it. */
export function addToStoredCell(cell: StoredCompareCell, row: ScoredTaskRow, sign: 1 | -1): void {
  cell.n += sign;
  countScores(cell.counts, row.scores, sign);
  const spend = { agentTokens: row.agentTokens, agentCostUsd: row.agentCostUsd, judgeCostUsd: row.judgeCostUsd };
  addSpend(cell.spend, spend, row.scores.overall, sign);
}

/** Adds a result to (sign 1) or takes it out of (sign -1) its cell in `cells`, made when missing; returns the cell's key. */
export function addToCells(
  cells: Map<string, StoredCompareCell>,
  row: ScoredTaskRow,
  project: string,
  sign: 1 | -1,
): string {
  const key = compareCellKey(row, project);
  let cell = cells.get(key);
  if (!cell) cells.set(key, (cell = emptyStoredCell(row, project)));
  addToStoredCell(cell, row, sign);
  return key;
}

/** The spend sums in the order a store keeps them in one column. */
export const SPEND_SUM_KEYS = [
  'tokenTasks',
  'tokens',
  'agentTasks',
  'agentCostUsd',
  'judgeTasks',
  'judgeCostUsd',
  'costedTasks',
  'costUsd',
  'costedOverall',
] as const satisfies readonly (keyof SpendSums)[];

/** A cell as both stores keep it: counts packed (packCounts), spend sums as a JSON array in SPEND_SUM_KEYS order. */
export interface StoredCellRow {
  key: string;
  mode: StoredCompareCell['mode'];
  rubric_version: string | null;
  agent: string | null;
  model_provider: string | null;
  model_id: string | null;
  project: string;
  change_size: number | null;
  n: number;
  counts: Uint8Array;
  spend: string;
}

/** A stored row as a cell. */
export function cellOfStoredRow(r: StoredCellRow): StoredCompareCell {
  const sums = JSON.parse(r.spend) as number[];
  const spend = emptySpendSums();
  SPEND_SUM_KEYS.forEach((k, i) => (spend[k] = sums[i]!));
  return {
    mode: r.mode,
    rubricVersion: r.rubric_version,
    agent: r.agent,
    modelProvider: r.model_provider,
    modelId: r.model_id,
    project: r.project,
    size: r.change_size,
    n: r.n,
    counts: unpackCounts(r.counts),
    spend,
  };
}

/** A cell's columns to store: its packed counts and its spend sums as JSON. */
export function storedColumnsOfCell(cell: StoredCompareCell): { counts: Buffer; spend: string } {
  return { counts: packCounts(cell.counts), spend: JSON.stringify(SPEND_SUM_KEYS.map((k) => cell.spend[k])) };
}
