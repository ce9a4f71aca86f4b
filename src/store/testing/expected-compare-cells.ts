import { addToStoredCell, compareCellKey, emptyStoredCell, type StoredCompareCell } from '../compare-cells.js';
import type { Store } from '../store.js';
import type { ScoredTasksQuery } from '../store-inputs.js';

const round = (x: number) => Math.round(x * 1e9) / 1e9;

/** Cells in a stable order, their float sums rounded: what two ways of summing are compared by. */
export function sortedCells(cells: StoredCompareCell[]) {
  return cells
    .map((c) => ({
      ...c,
      spend: { ...c.spend, costUsd: round(c.spend.costUsd), judgeCostUsd: round(c.spend.judgeCostUsd) },
    }))
    .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

/**
 * The cells summed from each task's newest scored result (among the runs and times selected), as the comparison
 * index gives them: what kept sums must equal.
 */
export async function expectedCompareCells(
  store: Store,
  selection: ScoredTasksQuery = {},
): Promise<ReturnType<typeof sortedCells>> {
  const cells = new Map<string, StoredCompareCell>();
  const projects = new Map<string, string>();
  for await (const chunk of store.scoredTaskChunks(selection)) {
    for (const row of chunk) {
      if (!projects.has(row.runId)) projects.set(row.runId, (await store.getRun(row.runId)).projectId);
      const key = compareCellKey(row, projects.get(row.runId)!);
      if (!cells.has(key)) cells.set(key, emptyStoredCell(row, projects.get(row.runId)!));
      addToStoredCell(cells.get(key)!, row, 1);
    }
  }
  return sortedCells([...cells.values()]);
}
