import { compareCohorts, comparePaired, ConfigError, type CohortComparison, type ComparedItem, type PairedComparison } from '../core/index.js';
import type { Store } from '../store/index.js';
import { loadComparedResults, type ComparedResult } from './load-compared-results.js';

/** What results a comparison reads, and how it groups them. */
export interface CompareStoredInput {
  /** model, provider, agent, project or label:KEY. */
  by: string;
  runIds?: readonly string[];
  since?: string;
  until?: string;
  minN?: number;
  seed?: number;
}

export const COHORT_BY_KEYS = ['model', 'provider', 'agent', 'project'] as const;
export const UNKNOWN_COHORT = '(unknown)';

/** How the scores compared were made, for "deterministic only" wherever they are shown. */
export interface CompareModes {
  hybrid: number;
  deterministicOnly: number;
}

/** Which scores a comparison read, in words ("deterministic only" when no judge made them); null for none. */
export function describeCompareModes(modes: CompareModes): string | null {
  if (modes.hybrid + modes.deterministicOnly === 0) return null;
  if (modes.hybrid === 0) return 'Scores: deterministic only (no judge).';
  if (modes.deterministicOnly === 0) return 'Scores: hybrid (deterministic and judge).';
  return `Scores: ${modes.hybrid} hybrid, ${modes.deterministicOnly} deterministic only.`;
}

/** The key a result belongs to for `by`; a usage error names a key that is not one. */
export function cohortKeyOf(by: string): (r: ComparedResult) => string | null {
  if (by.startsWith('label:') && by.length > 'label:'.length) {
    const key = by.slice('label:'.length);
    return (r) => r.summary.cohort.labels[key] ?? null;
  }
  switch (by as (typeof COHORT_BY_KEYS)[number]) {
    case 'model':
      return (r) => r.summary.cohort.modelId;
    case 'provider':
      return (r) => r.summary.cohort.modelProvider;
    case 'agent':
      return (r) => r.summary.cohort.agent;
    case 'project':
      return (r) => r.projectId;
    default:
      throw new ConfigError('usage', `--by must be one of ${COHORT_BY_KEYS.join(', ')} or label:KEY, got "${by}"`, { field: '--by' });
  }
}

function modesOf(results: readonly ComparedResult[]): CompareModes {
  const hybrid = results.filter((r) => r.summary.mode === 'hybrid').length;
  return { hybrid, deterministicOnly: results.length - hybrid };
}

/** Cohorts of the stored results: each task once (its newest result among the runs and times given). */
export async function compareStoredCohorts(store: Store, input: CompareStoredInput): Promise<{ report: CohortComparison; modes: CompareModes }> {
  const keyOf = cohortKeyOf(input.by);
  const times = { ...(input.since ? { since: input.since } : {}), ...(input.until ? { until: input.until } : {}) };
  for (const id of input.runIds ?? []) await store.getRun(id);
  const loaded = input.runIds?.length
    ? (await Promise.all(input.runIds.map((runId) => loadComparedResults(store, { ...times, runId })))).flat()
    : await loadComparedResults(store, times);
  loaded.sort((x, y) => (x.summary.evaluatedAt < y.summary.evaluatedAt ? 1 : x.summary.evaluatedAt > y.summary.evaluatedAt ? -1 : 0));
  const seen = new Set<string>();
  const results = loaded.filter((r) => (seen.has(r.taskId) ? false : (seen.add(r.taskId), true)));
  const groups = new Map<string, ComparedItem[]>();
  for (const r of results) {
    const key = keyOf(r) ?? UNKNOWN_COHORT;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return {
    report: compareCohorts(groups, { by: input.by, ...(input.minN ? { minN: input.minN } : {}), seed: input.seed ?? 1, unknownKey: UNKNOWN_COHORT }),
    modes: modesOf(results),
  };
}

/** Two runs over the same tasks, paired by task id. */
export async function compareStoredRuns(store: Store, a: string, b: string, options: { seed?: number } = {}): Promise<{ report: PairedComparison; modes: CompareModes }> {
  await store.getRun(a);
  await store.getRun(b);
  const [left, right] = await Promise.all([loadComparedResults(store, { runId: a }), loadComparedResults(store, { runId: b })]);
  return { report: comparePaired({ key: a, items: left }, { key: b, items: right }, { seed: options.seed ?? 1 }), modes: modesOf([...left, ...right]) };
}
