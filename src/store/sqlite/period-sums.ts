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
import { compareCellKey, emptyStoredCell, storedCellKey, type StoredCompareCell } from '../compare-cells.js';
import type { ScoredTaskRow } from '../scored-task-row.js';

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
