import { ForgeSchema, type Cohort, type TaskIdentity, type TaskResult } from '../core/index.js';
import type { RunEventType, RunStatus, RunTrigger } from './run-lifecycle.js';
import { roundMean } from './round-mean.js';
import type {
  EvalRun,
  ListedRun,
  ResultSummary,
  RunCounts,
  RunEvent,
  RunSettings,
  ScoreMeans,
  StoredResult,
} from './store-types.js';

/** A row of eval_runs as both backends return it. */
export interface RunRow {
  id: string;
  project_id: string;
  trigger: RunTrigger;
  status: RunStatus;
  window_start: string | null;
  window_end: string | null;
  has_window: number | boolean;
  requested_task_ids: unknown;
  evaluated_task_ids: unknown;
  judge_provider: string | null;
  judge_model: string | null;
  rubric_version: string;
  prompt_version: string | null;
  taskeval_version: string;
  resume_of: string | null;
  settings?: unknown;
  reason: string | null;
  summary: string | null;
  count_total: number | null;
  count_scored: number | null;
  count_skipped: number | null;
  count_errored: number | null;
  mean_ap: number | null;
  mean_toq: number | null;
  mean_pc: number | null;
  mean_overall: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  heartbeat_at: string;
}

/** A row of eval_runs as a listing reads it: the task-id lists' lengths instead of the lists. */
export type ListedRunRow = Omit<RunRow, 'requested_task_ids' | 'evaluated_task_ids'> & {
  requested_tasks: number | string;
  evaluated_tasks: number | string;
};

/** A row of eval_task_results; the JSON columns may be absent in listings. */
export interface ResultRow {
  id: string;
  run_id: string;
  task_id: string;
  title: string | null;
  status: TaskResult['status'];
  mode: 'deterministic-only' | 'hybrid' | null;
  overall_score: number | null;
  overall_band: string | null;
  ap_final: number | null;
  toq_final: number | null;
  pc_final: number | null;
  category_scores: unknown;
  overall_rationale?: string | null;
  evidence_bundle?: unknown;
  signals?: unknown;
  provenance?: unknown;
  /** The summary's `provenance.historyGaps`, as the listing query extracts it. */
  history_gaps?: unknown;
  citation_issues?: unknown;
  divergence?: unknown;
  follow_up_drafts?: unknown;
  reason: string | null;
  transient: number | boolean;
  raw_answer?: string | null;
  task_snapshot?: unknown;
  completed_at: string | null;
  evaluated_at: string;
  agent?: string | null;
  model_provider?: string | null;
  model_id?: string | null;
  labels?: unknown;
  agent_version?: string | null;
  identity?: unknown;
  rubric_version?: string | null;
  change_size?: number | string | null;
  agent_tokens?: number | string | null;
  agent_cost_usd?: number | null;
  judge_cost_usd?: number | null;
}

export interface EventRow {
  run_id: string;
  seq: number;
  type: RunEventType;
  message: string;
  data: unknown;
  created_at: string;
}

/** Live or frozen counts and means, as computed from a run's results. */
export interface RunTotals {
  counts: RunCounts;
  aggregates: ScoreMeans;
}

/** A run's settings column; runs stored before it existed read as local, unlabelled, judge unknown. */
function runSettingsOf(value: unknown): RunSettings {
  const v = (value ?? {}) as Partial<RunSettings>;
  const forge = ForgeSchema.safeParse(v.forge);
  return {
    judge: v.judge ?? null,
    labels: v.labels ?? {},
    queued: v.queued === true,
    ...(forge.success ? { forge: forge.data } : {}),
    ...(typeof v.rescoreOf === 'string' ? { rescoreOf: v.rescoreOf } : {}),
  };
}

/** Row-to-object mapping shared by the backends; `json` reads a JSON column of the dialect. */
export function makeRowMappers(json: (value: unknown) => unknown) {
  const list = (value: unknown): string[] => (json(value) as string[] | null) ?? [];
  const cohortOf = (row: ResultRow): Cohort => ({
    agent: row.agent ?? null,
    modelProvider: row.model_provider ?? null,
    modelId: row.model_id ?? null,
    labels: (json(row.labels) as Record<string, string> | null) ?? {},
  });

  function toRun(row: RunRow, live?: RunTotals): EvalRun {
    const frozen = row.count_total !== null;
    return {
      id: row.id,
      projectId: row.project_id,
      trigger: row.trigger,
      status: row.status,
      window: row.has_window ? { start: row.window_start, end: row.window_end } : null,
      requestedTaskIds: list(row.requested_task_ids),
      evaluatedTaskIds: list(row.evaluated_task_ids),
      provenance: {
        judgeProvider: row.judge_provider,
        judgeModel: row.judge_model,
        rubricVersion: row.rubric_version,
        promptVersion: row.prompt_version,
        taskevalVersion: row.taskeval_version,
      },
      settings: runSettingsOf(json(row.settings)),
      resumeOf: row.resume_of,
      reason: row.reason,
      summary: row.summary,
      counts:
        frozen || !live
          ? {
              total: row.count_total ?? 0,
              scored: row.count_scored ?? 0,
              skipped: row.count_skipped ?? 0,
              errored: row.count_errored ?? 0,
            }
          : live.counts,
      aggregates:
        frozen || !live
          ? {
              agentPerformance: roundMean(row.mean_ap),
              taskOutcomeQuality: roundMean(row.mean_toq),
              processCompliance: roundMean(row.mean_pc),
              overall: roundMean(row.mean_overall),
            }
          : live.aggregates,
      createdAt: row.created_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      heartbeatAt: row.heartbeat_at,
    };
  }

  function toListedRun(row: ListedRunRow, live?: RunTotals): ListedRun {
    const {
      requestedTaskIds: _requested,
      evaluatedTaskIds: _evaluated,
      ...run
    } = toRun({ ...row, requested_task_ids: [], evaluated_task_ids: [] }, live);
    return { ...run, requestedTasks: Number(row.requested_tasks), evaluatedTasks: Number(row.evaluated_tasks) };
  }

  /** A result's identity fields at its top level, as TaskResult has them; rows from before them give the cohort's. */
  const identityOf = (row: ResultRow) => ({
    agent: row.agent ?? null,
    agentVersion: row.agent_version ?? null,
    modelId: row.model_id ?? null,
    identity: (json(row.identity) as TaskIdentity | null) ?? null,
  });
  const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

  function toSummary(row: ResultRow): ResultSummary {
    return {
      ...identityOf(row),
      id: row.id,
      runId: row.run_id,
      taskId: row.task_id,
      title: row.title,
      status: row.status,
      mode: row.mode,
      overallScore: row.overall_score,
      overallBand: row.overall_band,
      finals: { agentPerformance: row.ap_final, taskOutcomeQuality: row.toq_final, processCompliance: row.pc_final },
      categoryScores: (json(row.category_scores) as ResultSummary['categoryScores']) ?? null,
      reason: row.reason,
      transient: Boolean(row.transient),
      evaluatedAt: row.evaluated_at,
      completedAt: row.completed_at,
      cohort: cohortOf(row),
      rubricVersion: row.rubric_version ?? null,
      changeSize: num(row.change_size),
      agentTokens: num(row.agent_tokens),
      agentCostUsd: row.agent_cost_usd ?? null,
      judgeCostUsd: row.judge_cost_usd ?? null,
      historyGaps: (json(row.history_gaps) as string[] | null) ?? [],
    };
  }

  function toStoredResult(row: ResultRow): StoredResult {
    const meta = {
      id: row.id,
      runId: row.run_id,
      taskId: row.task_id,
      title: row.title,
      // A result kept with its identity gives it back at its top level, as it was saved.
      ...(row.identity === null || row.identity === undefined ? {} : identityOf(row)),
      evaluatedAt: row.evaluated_at,
      completedAt: row.completed_at,
      taskSnapshot: json(row.task_snapshot) ?? null,
      cohort: cohortOf(row),
    };
    if (row.status === 'scored') {
      return {
        ...meta,
        status: 'scored',
        mode: row.mode!,
        overallScore: row.overall_score!,
        overallBand: row.overall_band as never,
        categoryScores: json(row.category_scores) as never,
        overallRationale: row.overall_rationale ?? null,
        evidenceBundle: json(row.evidence_bundle) as never,
        signals: json(row.signals) as never,
        provenance: json(row.provenance) as never,
        citationIssues: (json(row.citation_issues) as never) ?? [],
        divergence: (json(row.divergence) as never) ?? [],
        followUpDrafts: (json(row.follow_up_drafts) as never) ?? [],
      };
    }
    if (row.status === 'error') {
      return {
        ...meta,
        status: 'error',
        reason: row.reason ?? '',
        transient: Boolean(row.transient),
        rawAnswer: row.raw_answer ?? null,
        evidenceBundle: (json(row.evidence_bundle) as never) ?? null,
        signals: (json(row.signals) as never) ?? null,
        provenance: (json(row.provenance) as never) ?? null,
      };
    }
    return { ...meta, status: 'skipped', reason: row.reason ?? '' };
  }

  function toEvent(row: EventRow): RunEvent {
    return {
      runId: row.run_id,
      seq: Number(row.seq),
      type: row.type,
      message: row.message,
      data: json(row.data) ?? null,
      createdAt: row.created_at,
    };
  }

  return { toRun, toListedRun, toSummary, toStoredResult, toEvent };
}

export type RowMappers = ReturnType<typeof makeRowMappers>;
