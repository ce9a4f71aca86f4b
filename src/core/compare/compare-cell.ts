import { addSpend, emptySpendSums, mergeSpend, type SpendSums } from './cohort-spend.js';
import { COMPARED_SCORES, type ComparedItem, type ComparedScore } from './compared-item.js';

/** Scores 0..100 counted by value: `counts[v]` tasks scored v. */
export type ScoreCounts = ArrayLike<number>;

/** Values a score can take (0..100), so each score's counts are 101 wide. */
export const SCORE_VALUES = 101;

/**
 * The four compared scores' counts side by side, in COMPARED_SCORES order: score k's count of value v at
 * `k * SCORE_VALUES + v`. One flat array per cell, so a store keeps it as one blob.
 */
export type CellCounts = Int32Array;

export const emptyCellCounts = (): CellCounts => new Int32Array(COMPARED_SCORES.length * SCORE_VALUES);

/** One score's counts in a cell's flat counts (a view, not a copy). */
export function countsOf(counts: CellCounts, score: ComparedScore): Int32Array {
  const k = COMPARED_SCORES.indexOf(score);
  return counts.subarray(k * SCORE_VALUES, (k + 1) * SCORE_VALUES);
}

/** Adds one task's scores to flat counts (sign -1 takes them out). */
export function countScores(counts: CellCounts, scores: Record<ComparedScore, number>, sign = 1): void {
  for (let k = 0; k < COMPARED_SCORES.length; k++) counts[k * SCORE_VALUES + scores[COMPARED_SCORES[k]!]]! += sign;
}

/**
 * The tasks of one cohort, project and change size, summed: how many, their scores counted by value and
 * what they cost. Cells add, so a comparison is the same whether it counts results itself or a store
 * hands it the cells it keeps.
 */
export interface CompareCell {
  cohort: string;
  project: string;
  /** Code lines added, as its sizeClass; null when unknown. */
  size: number | null;
  n: number;
  counts: CellCounts;
  spend: SpendSums;
}

export function emptyCell(cohort: string, project: string, size: number | null): CompareCell {
  return { cohort, project, size, n: 0, counts: emptyCellCounts(), spend: emptySpendSums() };
}

/** Adds `b`'s tasks into `a`. */
export function mergeCell(
  a: Pick<CompareCell, 'n' | 'counts' | 'spend'>,
  b: Pick<CompareCell, 'n' | 'counts' | 'spend'>,
): void {
  a.n += b.n;
  for (let i = 0; i < a.counts.length; i++) a.counts[i]! += b.counts[i]!;
  mergeSpend(a.spend, b.spend);
}

/**
 * The size class a change's size falls in for a comparison's strata: exact below 100 lines, else rounded down
 * to two significant digits (a tenth or less of the size). Deciles over classes differ from exact ones only
 * for tasks within a tenth of a decile's edge, and bound a comparison's cells to a few hundred sizes.
 */
export function sizeClass(size: number): number {
  let step = 1;
  while (size >= step * 100) step *= 10;
  return Math.floor(size / step) * step;
}

/** The cells of cohorts given as items: one per cohort, project and size. */
export function cellsOfGroups(groups: ReadonlyMap<string, readonly ComparedItem[]>): CompareCell[] {
  const cells = new Map<string, CompareCell>();
  for (const [cohort, items] of groups) {
    for (const item of items) {
      const project = item.project ?? '';
      const size = item.size === null || item.size === undefined ? null : sizeClass(item.size);
      const key = JSON.stringify([cohort, project, size]);
      let cell = cells.get(key);
      if (!cell) cells.set(key, (cell = emptyCell(cohort, project, size)));
      cell.n++;
      countScores(cell.counts, item.scores);
      addSpend(cell.spend, item.spend, item.scores.overall);
    }
  }
  return [...cells.values()];
}

/**
 * Each size's decile over every task of the cells (validate's sizeDeciles, from counts): the rank of a
 * size's first task, in tenths of the tasks whose size is known.
 */
export function decilesOfCells(cells: readonly CompareCell[]): Map<number, number> {
  const perSize = new Map<number, number>();
  for (const c of cells) if (c.size !== null) perSize.set(c.size, (perSize.get(c.size) ?? 0) + c.n);
  const known = [...perSize.values()].reduce((a, b) => a + b, 0);
  const deciles = new Map<number, number>();
  let rank = 0;
  for (const size of [...perSize.keys()].sort((a, b) => a - b)) {
    deciles.set(size, Math.min(9, Math.floor((rank * 10) / known)));
    rank += perSize.get(size)!;
  }
  return deciles;
}
