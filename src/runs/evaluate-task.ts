import { assessTask, RUBRIC_VERSION } from '../core/rubric/index.js';
import {
  buildScoredResult,
  withResultIdentity,
  type CommitHistorySignals,
  type CommitRecord,
  type DeterministicAssessment,
  type EvidenceBundle,
  type Provenance,
  type ScoredResult,
  type Task,
} from '../core/index.js';
import { buildEvidenceBundle, deriveTaskTitle, type TaskChange } from '../evidence/index.js';
import type { JudgeTaskSummary } from '../judge/index.js';

export interface EvaluateTaskInput {
  task: Task;
  runId: string;
  /** Commits attributed to the task; absent when no repository is known. */
  commits?: CommitRecord[];
  /** What later history says about those commits (reverts, fixes). */
  history?: CommitHistorySignals;
  /** Supplied by the caller so evaluation stays free of the clock. */
  evaluatedAt?: string;
  taskevalVersion?: string;
}

/** A task ready to score: its evidence bundle and the rubric's assessment of it. */
export interface PreparedTask {
  task: Task;
  title: string | null;
  bundle: EvidenceBundle;
  assessment: DeterministicAssessment;
}

/** Builds the bundle and runs the rubric: the part every evaluation shares, judged or not. Throws on a task it cannot read. */
export function prepareTask(
  input: Pick<EvaluateTaskInput, 'task' | 'runId' | 'commits' | 'history'> & { change?: TaskChange | null },
): PreparedTask {
  const { task, runId, commits, history, change } = input;
  const bundle = buildEvidenceBundle(task, {
    runId,
    ...(commits ? { commits } : {}),
    ...(history ? { history } : {}),
    ...(change ? { change } : {}),
  });
  const assessment = assessTask({ task, bundle, ...(commits ? { commits } : {}), ...(history ? { history } : {}) });
  return { task, title: deriveTaskTitle(task), bundle, assessment };
}

/** What the judge is told of the task itself: the same for a judged task and a previewed prompt. */
export function judgeTaskSummary(prepared: Pick<PreparedTask, 'task' | 'title'>): JudgeTaskSummary {
  const { task } = prepared;
  return { id: task.id, title: prepared.title, description: task.description ?? null, status: task.column ?? null };
}

/** The deterministic-only result of a prepared task: the code-owned blend with no judge. */
export function scorePrepared(
  prepared: PreparedTask,
  evaluatedAt: string | undefined,
  taskevalVersion: string | undefined,
): ScoredResult {
  return buildScoredResult({
    taskId: prepared.task.id,
    title: prepared.title,
    bundle: prepared.bundle,
    assessment: prepared.assessment,
    provenance: deterministicProvenance(prepared.bundle.digest, taskevalVersion, prepared.assessment.rubricVersion),
    ...(evaluatedAt ? { evaluatedAt } : {}),
  });
}

/** Scores one task deterministic-only, synchronously (the judged path is evaluateRunTask, on the same steps). */
export function evaluateTask(input: EvaluateTaskInput): ScoredResult {
  return withResultIdentity(scorePrepared(prepareTask(input), input.evaluatedAt, input.taskevalVersion), input.task);
}

/** Provenance of a result no judge took part in. */
export function deterministicProvenance(
  bundleDigest: string,
  taskevalVersion?: string,
  rubricVersion: string = RUBRIC_VERSION,
): Provenance {
  return {
    provider: null,
    model: null,
    promptVersion: null,
    rubricVersion,
    bundleDigest,
    usage: null,
    costUsd: null,
    cached: false,
    samples: 1,
    spread: null,
    ...(taskevalVersion ? { taskevalVersion } : {}),
  };
}
