import { assessTask, RUBRIC_VERSION } from '../core/rubric/index.js';
import { buildScoredResult, type CommitHistorySignals, type CommitRecord, type Provenance, type ScoredResult, type Task } from '../core/index.js';
import { buildEvidenceBundle, deriveTaskTitle } from '../evidence/index.js';

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

/** Scores one task deterministic-only: evidence bundle, rubric assessment, then the code-owned blend. */
export function evaluateTask(input: EvaluateTaskInput): ScoredResult {
  const { task, runId, commits, history } = input;
  const bundle = buildEvidenceBundle(task, { runId, ...(commits ? { commits } : {}), ...(history ? { history } : {}) });
  const assessment = assessTask({ task, bundle, ...(commits ? { commits } : {}), ...(history ? { history } : {}) });
  return buildScoredResult({
    taskId: task.id,
    title: deriveTaskTitle(task),
    bundle,
    assessment,
    provenance: deterministicProvenance(bundle.digest, input.taskevalVersion),
    ...(input.evaluatedAt ? { evaluatedAt: input.evaluatedAt } : {}),
  });
}

/** Provenance of a result no judge took part in. */
export function deterministicProvenance(bundleDigest: string, taskevalVersion?: string): Provenance {
  return {
    provider: null,
    model: null,
    promptVersion: null,
    rubricVersion: RUBRIC_VERSION,
    bundleDigest,
    usage: null,
    costUsd: null,
    cached: false,
    samples: 1,
    spread: null,
    ...(taskevalVersion ? { taskevalVersion } : {}),
  };
}
