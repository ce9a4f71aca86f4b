import type { Store } from '../store/index.js';
import { executeRun, type RunOutcome } from './execute-run.js';
import type { OpenedJudge } from './open-judge.js';
import type { RescoreItem, RescorePlan } from './plan-rescore.js';
import { rescoreResult, type RescoreRubric } from './rescore-result.js';
import type { RunObserver } from './run-progress.js';

export interface ExecuteRescoreInput extends RunObserver {
  store: Store;
  plan: RescorePlan;
  judge: OpenedJudge | null;
  rubric: RescoreRubric;
  /** Labels over the re-scored run's own, so both runs stay in the same cohorts unless told otherwise. */
  labels?: Readonly<Record<string, string>>;
  taskevalVersion: string;
  signal?: AbortSignal;
}

/**
 * Evaluates a stored run's results again into a new run that records which run it re-scored: the same loop,
 * heartbeat, cancellation and resume as any run, each task read from the store instead of a source.
 */
export async function executeRescore(input: ExecuteRescoreInput): Promise<RunOutcome> {
  const { store, plan } = input;
  return executeRun({
    store,
    projectId: plan.source.projectId,
    forge: plan.source.settings.forge ?? null,
    rescoreOf: plan.source.id,
    tasks: plan.items,
    trigger: 'manual',
    requestedTaskIds: plan.items.map((i) => i.task.id),
    resumeOf: plan.resumeOf?.id ?? null,
    judge: input.judge,
    labels: { ...plan.source.settings.labels, ...(input.labels ?? {}) },
    taskevalVersion: input.taskevalVersion,
    keepResults: false,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.onStart ? { onStart: input.onStart } : {}),
    ...(input.onResult ? { onResult: input.onResult } : {}),
    ...(input.onProgress ? { onProgress: input.onProgress } : {}),
    evaluate: async (task) =>
      rescoreResult({
        ...task,
        stored: await store.getResult((task.item as RescoreItem).resultId),
        rubric: input.rubric,
      }),
  });
}
