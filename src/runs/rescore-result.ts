import { assessTask } from '../core/rubric/index.js';
import {
  DeterministicAssessmentSchema,
  EvidenceBundleSchema,
  taskErrorResult,
  withResultIdentity,
  type ErrorResult,
  type Task,
  type TaskResult,
} from '../core/index.js';
import { deriveTaskTitle } from '../evidence/index.js';
import type { StoredResult } from '../store/index.js';
import { scoreOrJudge, type EvaluateRunTaskInput, type EvaluationSpend } from './evaluate-run-task.js';
import { fromTaskSnapshot } from './rubric-inputs.js';

/** Which deterministic assessment a re-score blends: the one stored with the result, or the current rubric's over the same evidence. */
export const RESCORE_RUBRICS = ['kept', 'current'] as const;
export type RescoreRubric = (typeof RESCORE_RUBRICS)[number];

export interface RescoreResultInput extends Omit<EvaluateRunTaskInput, 'item' | 'runId'> {
  stored: StoredResult;
  rubric: RescoreRubric;
}

/**
 * Evaluates a stored result again from what the store kept, reading no source: its evidence bundle as it was,
 * its rubric assessment (or the current rubric over the same task, commits and history), then the judge, if any.
 * A skipped result stays skipped; a result with nothing kept to re-score is an error result saying so.
 */
export async function rescoreResult(
  input: RescoreResultInput,
): Promise<{ result: TaskResult; spend: EvaluationSpend }> {
  const { stored, evaluatedAt } = input;
  const snapshot = fromTaskSnapshot((stored.taskSnapshot ?? { id: stored.taskId }) as Task);
  const fail = (reason: string): { result: TaskResult; spend: EvaluationSpend } => ({
    result: errorResult(stored, evaluatedAt, reason),
    spend: { tokens: 0 },
  });
  if (stored.status === 'skipped')
    return {
      result: {
        taskId: stored.taskId,
        title: stored.title,
        status: 'skipped',
        reason: stored.reason,
        ...(evaluatedAt ? { evaluatedAt } : {}),
      },
      spend: { tokens: 0 },
    };
  const bundle = EvidenceBundleSchema.safeParse(stored.evidenceBundle);
  if (!bundle.success)
    return fail(
      `nothing to re-score: run ${stored.runId} kept no evidence for this task (${stored.status === 'error' ? stored.reason : 'no bundle'})`,
    );
  let assessment;
  if (input.rubric === 'current') {
    if (!snapshot.inputs)
      return fail(
        `the current rubric needs the commits this task was scored from, which run ${stored.runId} did not keep: evaluate it again with taskeval run`,
      );
    assessment = assessTask({
      task: snapshot.task,
      bundle: bundle.data,
      ...(snapshot.inputs.commits ? { commits: snapshot.inputs.commits } : {}),
      ...(snapshot.inputs.history ? { history: snapshot.inputs.history } : {}),
    });
  } else {
    const kept = DeterministicAssessmentSchema.safeParse(stored.signals);
    if (!kept.success) return fail(`nothing to re-score: run ${stored.runId} kept no rubric assessment for this task`);
    assessment = kept.data;
  }
  const { result, spend } = await scoreOrJudge(
    { task: snapshot.task, title: titleOf(snapshot.task, stored.title), bundle: bundle.data, assessment },
    input,
  );
  // What the history lacked when the evidence was read still holds for the same evidence.
  const gaps = stored.provenance?.historyGaps;
  const marked =
    gaps?.length && result.status !== 'skipped' && result.provenance
      ? ({ ...result, provenance: { ...result.provenance, historyGaps: [...gaps] } } as TaskResult)
      : result;
  return { result: withResultIdentity(marked, snapshot.task), spend };
}

function titleOf(task: Task, fallback: string | null): string | null {
  try {
    return deriveTaskTitle(task);
  } catch {
    return fallback;
  }
}

function errorResult(stored: StoredResult, evaluatedAt: string | undefined, reason: string): ErrorResult {
  return taskErrorResult({
    taskId: stored.taskId,
    title: stored.title,
    ...(evaluatedAt ? { evaluatedAt } : {}),
    reason,
    transient: false,
  });
}
