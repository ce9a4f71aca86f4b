import {
  cellsOfGroups,
  cohortPulls,
  comparePaired,
  ConfigError,
  DEFAULT_MIN_COHORT,
  TASK_TYPE_LABEL,
  HUMAN_OR_UNKNOWN,
  type FateComparison,
  type CohortComparison,
  type ComparedItem,
  type PairedComparison,
} from '../core/index.js';
import { commonMode, type CompareModes } from './compared-modes.js';
import type { ScoredTasksQuery, Store } from '../store/index.js';
import { loadComparedResults, type ComparedResult } from './load-compared-results.js';
import { compareStoredCells } from './compare-stored-cells.js';
import { compareStoredFates } from './compare-stored-fates.js';
import { compareInTurns } from './compare-in-turns.js';
import { runProjects } from './run-projects.js';

/** What results a comparison reads, and how it groups them. */
export interface CompareStoredInput {
  /** model, provider, agent, project, task-type or label:KEY. */
  by: string;
  runIds?: readonly string[];
  since?: string;
  until?: string;
  minN?: number;
  seed?: number;
  /** Compare results made with and without a judge, or under other rubric versions, together. */
  mixModes?: boolean;
}

export const COHORT_BY_KEYS = ['model', 'provider', 'agent', 'project'] as const;
/** Keys a comparison groups by beyond those the store's sums keep: read from each result. */
const RESULT_BY_KEYS = ['task-type'] as const;
export const UNKNOWN_COHORT = '(unknown)';

/** The key a result belongs to for `by`; a usage error names a key that is not one. */
export function cohortKeyOf(by: string): (r: ComparedResult) => string | null {
  if (by.startsWith('label:') && by.length > 'label:'.length) {
    const key = by.slice('label:'.length);
    return (r) => r.cohort.labels[key] ?? null;
  }
  if (by === 'task-type') return (r) => r.cohort.labels[TASK_TYPE_LABEL] ?? null;
  switch (by as (typeof COHORT_BY_KEYS)[number]) {
    case 'model':
      return (r) => r.cohort.modelId;
    case 'provider':
      return (r) => r.cohort.modelProvider;
    case 'agent':
      return (r) => r.cohort.agent;
    case 'project':
      return (r) => r.project;
    default:
      throw new ConfigError(
        'usage',
        `--by must be one of ${[...COHORT_BY_KEYS, ...RESULT_BY_KEYS].join(', ')} or label:KEY, got "${by}"`,
        {
          field: '--by',
        },
      );
  }
}

/** Cohorts of the stored results: each task once (its newest result among the runs and times given). */
export async function compareStoredCohorts(
  store: Store,
  input: CompareStoredInput,
): Promise<{ report: CohortComparison; modes: CompareModes; outcomes: FateComparison | null }> {
  const scores = await compareStoredScores(store, input);
  const outcomes = await compareStoredFates(store, {
    by: input.by,
    minN: input.minN ?? DEFAULT_MIN_COHORT,
    selection: selectionOf(input),
    keyOf: cohortKeyOf(input.by),
    unknown: unknownOf(input.by),
    unknownKey: unknownKeyOf(input.by),
  });
  return { ...scores, outcomes };
}

/** The cohorts' scores: from the store's sums where it keeps them, else from each selected result. */
async function compareStoredScores(
  store: Store,
  input: CompareStoredInput,
): Promise<{ report: CohortComparison; modes: CompareModes }> {
  const keyOf = cohortKeyOf(input.by);
  // By a key the store's sums keep, a comparison is made from sums: over every result, the store's own; over a
  // selection (runs, times), from its per-run sums, or summed as the selection is read, so no result is held.
  if ((COHORT_BY_KEYS as readonly string[]).includes(input.by)) {
    await runProjects(store, input.runIds ?? []);
    const selection = selectionOf(input);
    const everything = Object.keys(selection).length === 0;
    const fromCells = await compareStoredCells(store, input, unknownOf(input.by), unknownKeyOf(input.by), keyOf, {
      selection: everything ? null : selection,
    });
    if (fromCells) return fromCells;
  }
  return compareResultCohorts(store, input);
}

/** Work no evidence names an agent for is a cohort of its own, compared like any agent; an unknown model is not. */
const unknownOf = (by: string) => (by === 'agent' ? HUMAN_OR_UNKNOWN : UNKNOWN_COHORT);
const unknownKeyOf = (by: string) => (by === 'agent' ? undefined : UNKNOWN_COHORT);

/** The runs and times a comparison reads, as the store's query for each task's newest scored result. */
function selectionOf(input: CompareStoredInput): ScoredTasksQuery {
  return {
    ...(input.runIds?.length ? { runIds: [...input.runIds] } : {}),
    ...(input.since ? { since: input.since } : {}),
    ...(input.until ? { until: input.until } : {}),
  };
}

/**
 * The same comparison made from each selected result itself, held in memory: what label cohorts need (labels
 * are not in the sums), and the reference the sums are checked against.
 */
export async function compareResultCohorts(
  store: Store,
  input: CompareStoredInput,
): Promise<{ report: CohortComparison; modes: CompareModes }> {
  const keyOf = cohortKeyOf(input.by);
  const unknown = unknownOf(input.by);
  const unknownKey = unknownKeyOf(input.by);
  await runProjects(store, input.runIds ?? []);
  // Each task once, its newest result among the runs and times given: the store picks it.
  const newest = await loadComparedResults(store, selectionOf(input));
  const { results, modes } = commonMode(newest, input.mixModes);
  const groups = new Map<string, ComparedItem[]>();
  for (const r of results) {
    const key = keyOf(r) ?? unknown;
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  return {
    report: await compareInTurns(cellsOfGroups(groups), {
      by: input.by,
      ...(input.minN ? { minN: input.minN } : {}),
      seed: input.seed ?? 1,
      ...(unknownKey ? { unknownKey } : {}),
      pulls: new Map([...groups].map(([key, items]) => [key, cohortPulls(items)])),
    }),
    modes,
  };
}

/** Two runs over the same tasks, paired by task id. */
export async function compareStoredRuns(
  store: Store,
  a: string,
  b: string,
  options: { seed?: number; mixModes?: boolean } = {},
): Promise<{ report: PairedComparison; modes: CompareModes }> {
  await store.getRun(a);
  await store.getRun(b);
  const [left, right] = await Promise.all([
    loadComparedResults(store, { runIds: [a] }),
    loadComparedResults(store, { runIds: [b] }),
  ]);
  // Both sides in one way of scoring: a pair scored with a judge on one side and without on the other is no like-for-like change.
  const { results, modes } = commonMode([...left, ...right], options.mixModes);
  const kept = new Set(results);
  return {
    report: comparePaired(
      { key: a, items: left.filter((r) => kept.has(r)) },
      { key: b, items: right.filter((r) => kept.has(r)) },
      { seed: options.seed ?? 1 },
    ),
    modes,
  };
}
