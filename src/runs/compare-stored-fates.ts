import {
  compareCohortFates,
  TASK_TYPE_LABEL,
  type FateComparison,
  type FateItem,
  type TaskFate,
} from '../core/index.js';
import type { ScoredTasksQuery, Store } from '../store/index.js';
import { loadComparedResults, type ComparedResult } from './load-compared-results.js';

/** Tasks per size bin a like-for-like outcome comparison aims at: fewer bins at small n, so strata are shared. */
const TASKS_PER_SIZE_BIN = 20;

/**
 * What happened to each cohort's work: the fates kept by `taskeval outcomes`, joined by (project, task id) to
 * each compared task's newest result, whatever the run that scored it (with or without hindsight). Null when the
 * store keeps no fate of the compared projects. Like for like holds project, task type and change size equal.
 */
export async function compareStoredFates(
  store: Store,
  input: {
    by: string;
    minN: number;
    selection: ScoredTasksQuery;
    keyOf: (r: ComparedResult) => string | null;
    unknown: string;
    unknownKey?: string | undefined;
  },
): Promise<FateComparison | null> {
  const fates = await store.listTaskFates();
  if (fates.length === 0) return null;
  const byTask = new Map<string, TaskFate>(fates.map((f) => [`${f.projectId}\u0000${f.taskId}`, f]));
  const results = await loadComparedResults(store, input.selection, { snapshotFates: false });
  const joined = results.map((r) => ({ r, fate: byTask.get(`${r.project}\u0000${r.taskId}`) ?? null }));
  if (!joined.some((j) => j.fate)) return null;
  const bins = sizeBins(
    joined.flatMap((j) => (j.r.size === null || j.r.size === undefined ? [] : [j.r.size])),
    Math.max(1, Math.min(10, Math.floor(joined.length / TASKS_PER_SIZE_BIN))),
  );
  const projects = new Set(joined.map((j) => j.r.project)).size > 1;
  // Grouped by type, a stratum of type would leave no stratum shared.
  const byType = input.by === 'task-type';
  const items: FateItem[] = joined.map(({ r, fate }) => ({
    cohort: input.keyOf(r) ?? input.unknown,
    stratum: `${projects ? `${r.project}|` : ''}${byType ? '' : (r.cohort.labels[TASK_TYPE_LABEL] ?? 'other')}|${r.size === null || r.size === undefined ? 'size unknown' : bins(r.size)}`,
    fate,
    agentCostUsd: r.spend?.agentCostUsd ?? null,
  }));
  return compareCohortFates(items, {
    by: input.by,
    strata: [...(projects ? ['project'] : []), ...(byType ? [] : ['task type']), 'change size'],
    minN: input.minN,
    ...(input.unknownKey ? { unknownKey: input.unknownKey } : {}),
  });
}

/** A size's bin among `count` bins of about equal size over the sizes seen. */
function sizeBins(sizes: number[], count: number): (size: number) => number {
  const sorted = [...sizes].sort((a, b) => a - b);
  const cuts = Array.from({ length: count - 1 }, (_, i) => sorted[Math.floor(((i + 1) * sorted.length) / count)]!);
  return (size) => cuts.filter((c) => size >= c).length;
}
