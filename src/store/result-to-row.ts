import { changeSizeOf, type Cohort, type ScoreCategory, type TaskIdentity, type TaskResult } from '../core/index.js';

/** Columns of eval_task_results in insert order. */
export const RESULT_COLUMNS = [
  'id',
  'run_id',
  'task_id',
  'title',
  'status',
  'mode',
  'overall_score',
  'overall_band',
  'ap_final',
  'toq_final',
  'pc_final',
  'category_scores',
  'overall_rationale',
  'evidence_bundle',
  'bundle_digest',
  'signals',
  'provenance',
  'citation_issues',
  'divergence',
  'follow_up_drafts',
  'reason',
  'transient',
  'raw_answer',
  'task_snapshot',
  'completed_at',
  'evaluated_at',
  'agent',
  'model_provider',
  'model_id',
  'labels',
  'agent_version',
  'identity',
  'rubric_version',
  'change_size',
  'agent_tokens',
  'agent_cost_usd',
  'judge_cost_usd',
] as const;

/** Columns a light whole result leaves out (read as null): the bulk of a row, which a run's report does not print. */
const LEFT_OUT_WHEN_LIGHT = new Set(['evidence_bundle', 'signals', 'task_snapshot']);

/** The select list of a light whole result: every column, the bundle, signals and snapshot as NULL. */
const LIGHT_RESULT_COLUMNS = RESULT_COLUMNS.map((c) => (LEFT_OUT_WHEN_LIGHT.has(c) ? `NULL AS ${c}` : `r.${c}`)).join(
  ', ',
);

/** A light whole result that keeps its signals (rule points and sizes): what validation reads. */
const LIGHT_WITH_SIGNALS_COLUMNS = RESULT_COLUMNS.map((c) =>
  LEFT_OUT_WHEN_LIGHT.has(c) && c !== 'signals' ? `NULL AS ${c}` : `r.${c}`,
).join(', ');

/** The select list of a whole result, light or not (see ListResultsQuery's `light` and `withSignals`). */
export function wholeResultColumns(q: { light: boolean; withSignals: boolean }): string {
  if (!q.light) return 'r.*';
  return q.withSignals ? LIGHT_WITH_SIGNALS_COLUMNS : LIGHT_RESULT_COLUMNS;
}

export interface ResultRowMeta {
  id: string;
  runId: string;
  taskSnapshot: unknown;
  completedAt: string | null;
  evaluatedAt: string;
  cohort: Cohort;
}

/** What a task snapshot says of the agent's own tokens and cost (a snapshot is the task as given, so each field is checked). */
function agentSpend(snapshot: unknown): { tokens: number | null; costUsd: number | null } {
  const task = (snapshot ?? {}) as {
    tokenUsage?: { totalTokens?: unknown; inputTokens?: unknown; outputTokens?: unknown };
    tokenUsageTotalTokens?: unknown;
    agentCostUsd?: unknown;
  };
  const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);
  const usage = task.tokenUsage;
  const parts = [count(usage?.inputTokens), count(usage?.outputTokens)];
  const tokens =
    count(usage?.totalTokens) ??
    count(task.tokenUsageTotalTokens) ??
    (parts.some((p) => p !== null) ? (parts[0] ?? 0) + (parts[1] ?? 0) : null);
  const cost =
    typeof task.agentCostUsd === 'number' && Number.isFinite(task.agentCostUsd) && task.agentCostUsd >= 0
      ? task.agentCostUsd
      : null;
  return { tokens, costUsd: cost };
}

/** The snapshot's own identity fields, for results made before identities were put on the result. */
function snapshotText(snapshot: unknown, key: 'agentVersion'): string | null {
  const value = (snapshot as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value.slice(0, 200) : null;
}

/**
 * Values for RESULT_COLUMNS, in order. `json` encodes a JSON column for the dialect;
 * `bool` a boolean. Category finals get real columns so filters, sorts and trends stay in SQL.
 */
export function resultToRow(
  result: TaskResult,
  meta: ResultRowMeta,
  json: (v: unknown) => unknown,
  bool: (v: boolean) => unknown,
): unknown[] {
  const j = (v: unknown) => (v === null || v === undefined ? null : json(v));
  const scored = result.status === 'scored' ? result : null;
  const errored = result.status === 'error' ? result : null;
  const final = (category: ScoreCategory) =>
    scored?.categoryScores.find((c) => c.category === category)?.finalScore ?? null;
  const bundle = scored?.evidenceBundle ?? errored?.evidenceBundle ?? null;
  const provenance = scored?.provenance ?? errored?.provenance ?? null;
  const spend = agentSpend(meta.taskSnapshot);
  const identity: TaskIdentity | null = result.identity ?? null;
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
    agent_version: result.agentVersion ?? snapshotText(meta.taskSnapshot, 'agentVersion'),
    identity: j(identity),
    rubric_version: provenance?.rubricVersion ?? null,
    change_size: changeSizeOf((scored?.signals ?? errored?.signals)?.values),
    agent_tokens: spend.tokens,
    agent_cost_usd: spend.costUsd,
    judge_cost_usd: provenance?.costUsd ?? null,
  };
  return RESULT_COLUMNS.map((c) => byColumn[c]);
}
