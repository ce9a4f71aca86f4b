import {
  cohortPulls,
  emptyCell,
  mergeCell,
  type CohortComparison,
  type CompareCell,
  type ComparedItem,
} from '../core/index.js';
import { addToCells, type ScoredTasksQuery, type Store, type StoredCompareCell } from '../store/index.js';
import { leftOutWays, modeOf, modeWords, mostCommonWay, type CompareModes } from './compared-modes.js';
import { compareInTurns } from './compare-in-turns.js';
import { loadComparedResults, type ComparedResult } from './load-compared-results.js';
import { runProjects } from './run-projects.js';

/** The cohort key of a stored cell for `by` (model, provider, agent or project). */
function cellCohort(by: string): (c: StoredCompareCell) => string | null {
  switch (by) {
    case 'model':
      return (c) => c.modelId;
    case 'provider':
      return (c) => c.modelProvider;
    case 'agent':
      return (c) => c.agent;
    default:
      return (c) => c.project;
  }
}

/**
 * Cohorts compared from the store's sums instead of every result: the same tasks (each once, its newest
 * scored result), the same way of scoring kept, the same numbers. Null when the store keeps no sums.
 * Pull requests' fates are in their snapshots, which sums do not hold: those few tasks are read one by one.
 */
export async function compareStoredCells(
  store: Store,
  input: { by: string; minN?: number; seed?: number; mixModes?: boolean },
  unknown: string,
  unknownKey: string | undefined,
  keyOf: (r: ComparedResult) => string | null,
  /** Runs and times to compare within (their sums are made as they are read); null for every result. */
  options: { selection: ScoredTasksQuery | null } = { selection: null },
): Promise<{ report: CohortComparison; modes: CompareModes } | null> {
  const { selection } = options;
  const stored = selection
    ? ((await store.selectedCompareCells(selection)) ?? (await sumSelectedCells(store, selection)))
    : await store.compareCells();
  if (stored === null) return null;
  const counts = new Map<string, number>();
  for (const c of stored) {
    const way = modeWords(c.mode, c.rubricVersion);
    counts.set(way, (counts.get(way) ?? 0) + c.n);
  }
  const used = mostCommonWay(counts);
  const mix = input.mixModes ?? false;
  const kept = mix ? stored : stored.filter((c) => modeWords(c.mode, c.rubricVersion) === used);
  const cohortOf = cellCohort(input.by);
  const cells = new Map<string, CompareCell>();
  let hybrid = 0;
  let total = 0;
  for (const c of kept) {
    total += c.n;
    if (c.mode === 'hybrid') hybrid += c.n;
    const cohort = cohortOf(c) ?? unknown;
    const key = JSON.stringify([cohort, c.project, c.size]);
    const cell = cells.get(key);
    // The stored cells are this call's own: the first of a key becomes the cohort's cell as it is.
    if (cell) mergeCell(cell, c);
    else cells.set(key, { cohort, project: c.project, size: c.size, n: c.n, counts: c.counts, spend: c.spend });
  }
  const pulls = new Map<string, ComparedItem[]>();
  for (const r of await loadComparedResults(
    store,
    selection ? { ...selection, pullsOnly: true } : { pullsOnly: true },
  )) {
    if (r.pull === null || (!mix && modeOf(r) !== used)) continue;
    const cohort = keyOf(r) ?? unknown;
    const mine = pulls.get(cohort);
    if (mine) mine.push(r);
    else pulls.set(cohort, [r]);
  }
  const report = await compareInTurns([...cells.values()], {
    by: input.by,
    ...(input.minN ? { minN: input.minN } : {}),
    seed: input.seed ?? 1,
    ...(unknownKey ? { unknownKey } : {}),
    pulls: new Map([...pulls].map(([k, items]) => [k, cohortPulls(items)])),
  });
  return {
    report,
    modes: {
      hybrid,
      deterministicOnly: total - hybrid,
      used: mix ? null : used,
      leftOut: mix ? [] : leftOutWays(counts, used),
      mixed: mix && counts.size > 1,
    },
  };
}

/**
 * A selection's newest scored results summed into cells as they are read, chunk by chunk, the way the store
 * keeps its own sums: a comparison within runs or times holds cells, not a million results.
 */
export async function sumSelectedCells(store: Store, selection: ScoredTasksQuery): Promise<StoredCompareCell[]> {
  const projects = new Map<string, string>();
  const cells = new Map<string, StoredCompareCell>();
  for await (const chunk of store.scoredTaskChunks(selection)) {
    for (const row of chunk) {
      let project = projects.get(row.runId);
      if (project === undefined)
        projects.set(row.runId, (project = (await runProjects(store, [row.runId])).get(row.runId)!));
      addToCells(cells, row, project, 1);
    }
  }
  return [...cells.values()];
}
