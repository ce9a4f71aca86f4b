import type { Cohort, ScoreCategory, TaskResult } from '../core/index.js';

/** Columns of eval_task_results in insert order. */
export const RESULT_COLUMNS = [
  'id', 'run_id', 'task_id', 'title', 'status', 'mode', 'overall_score', 'overall_band', 'ap_final', 'toq_final', 'pc_final',
  'category_scores', 'overall_rationale', 'evidence_bundle', 'bundle_digest', 'signals', 'provenance', 'citation_issues',
  'divergence', 'follow_up_drafts', 'reason', 'transient', 'raw_answer', 'task_snapshot', 'completed_at', 'evaluated_at',
  'agent', 'model_provider', 'model_id', 'labels',
] as const;

export interface ResultRowMeta {
  id: string;
  runId: string;
  taskSnapshot: unknown;
  completedAt: string | null;
  evaluatedAt: string;
  cohort: Cohort;
}

/**
 * Values for RESULT_COLUMNS, in order. `json` encodes a JSON column for the dialect;
 * `bool` a boolean. Category finals get real columns so filters, sorts and trends stay in SQL.
 */
export function resultToRow(result: TaskResult, meta: ResultRowMeta, json: (v: unknown) => unknown, bool: (v: boolean) => unknown): unknown[] {
  const j = (v: unknown) => (v === null || v === undefined ? null : json(v));
  const scored = result.status === 'scored' ? result : null;
  const errored = result.status === 'error' ? result : null;
  const final = (category: ScoreCategory) => scored?.categoryScores.find((c) => c.category === category)?.finalScore ?? null;
  const bundle = scored?.evidenceBundle ?? errored?.evidenceBundle ?? null;
  const byColumn: Record<(typeof RESULT_COLUMNS)[number], unknown> = {
    id: meta.id,
    run_id: meta.runId,
    task_id: result.taskId,
    title: result.title,
    status: result.status,
    mode: scored?.mode ?? null,
    overall_score: scored?.overallScore ?? null,
    overall_band: scored?.overallBand ?? null,
    ap_final: final('agentPerformance'),
    toq_final: final('taskOutcomeQuality'),
    pc_final: final('processCompliance'),
    category_scores: j(scored?.categoryScores),
    overall_rationale: scored?.overallRationale ?? null,
    evidence_bundle: j(bundle),
    bundle_digest: bundle?.digest ?? null,
    signals: j(scored?.signals ?? errored?.signals),
    provenance: j(scored?.provenance ?? errored?.provenance),
    citation_issues: j(scored?.citationIssues),
    divergence: j(scored?.divergence),
    follow_up_drafts: j(scored?.followUpDrafts),
    reason: result.status === 'scored' ? null : result.reason,
    transient: bool(errored?.transient ?? false),
    raw_answer: errored?.rawAnswer ?? null,
    task_snapshot: j(meta.taskSnapshot),
    completed_at: meta.completedAt,
    evaluated_at: meta.evaluatedAt,
    agent: meta.cohort.agent,
    model_provider: meta.cohort.modelProvider,
    model_id: meta.cohort.modelId,
    labels: Object.keys(meta.cohort.labels).length ? json(meta.cohort.labels) : null,
  };
  return RESULT_COLUMNS.map((c) => byColumn[c]);
}
