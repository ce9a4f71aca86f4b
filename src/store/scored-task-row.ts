import type { EvaluationMode } from '../core/index.js';

/** A task's newest scored result, narrowed to what a comparison reads: no breakdown, bundle or snapshot. */
export interface ScoredTaskRow {
  id: string;
  taskId: string;
  runId: string;
  evaluatedAt: string;
  mode: EvaluationMode | null;
  rubricVersion: string | null;
  scores: { agentPerformance: number; taskOutcomeQuality: number; processCompliance: number; overall: number };
  changeSize: number | null;
  agent: string | null;
  modelProvider: string | null;
  modelId: string | null;
  labels: Record<string, string>;
  agentTokens: number | null;
  agentCostUsd: number | null;
  judgeCostUsd: number | null;
}

/**
 * The select list of a scored-task row, in the order `scoredTaskRowOf` reads it: every column is in the
 * comparison index, so reading them touches no wide row.
 */
export const SCORED_TASK_COLUMNS = [
  'task_id',
  'evaluated_at',
  'id',
  'run_id',
  'mode',
  'rubric_version',
  'ap_final',
  'toq_final',
  'pc_final',
  'overall_score',
  'change_size',
  'agent',
  'model_provider',
  'model_id',
  'labels',
  'agent_tokens',
  'agent_cost_usd',
  'judge_cost_usd',
] as const;

/**
 * Rows read per statement, then the event loop gets a turn. Small enough that a chunk's rows die in the young
 * generation: 20,000 outlived it, and recounting 120,000 results grew the old one by 40 MB (645 ms); 2,000 grew
 * it by none (369 ms).
 */
export const SCORED_TASK_CHUNK = 2_000;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A raw row (values in SCORED_TASK_COLUMNS order) as a scored-task row; `json` reads the labels column. */
export function scoredTaskRowOf(raw: readonly unknown[], json: (v: unknown) => unknown): ScoredTaskRow {
  return {
    taskId: raw[0] as string,
    evaluatedAt: raw[1] as string,
    id: raw[2] as string,
    runId: raw[3] as string,
    mode: raw[4] as EvaluationMode | null,
    rubricVersion: raw[5] as string | null,
    scores: {
      agentPerformance: Number(raw[6]),
      taskOutcomeQuality: Number(raw[7]),
      processCompliance: Number(raw[8]),
      overall: Number(raw[9]),
    },
    changeSize: num(raw[10]),
    agent: raw[11] as string | null,
    modelProvider: raw[12] as string | null,
    modelId: raw[13] as string | null,
    labels: raw[14] === null ? {} : ((json(raw[14]) as Record<string, string> | null) ?? {}),
    agentTokens: num(raw[15]),
    agentCostUsd: num(raw[16]),
    judgeCostUsd: num(raw[17]),
  };
}

/**
 * Keeps the last row of each task from chunks ordered by (task id, evaluation time, id): the task's newest.
 * A task whose rows straddle two chunks is held until the next chunk shows a new task or the rows end.
 */
export class NewestPerTask {
  private held: readonly unknown[] | null = null;

  /** The tasks this chunk completed, as raw rows. */
  push(chunk: readonly (readonly unknown[])[]): (readonly unknown[])[] {
    const done: (readonly unknown[])[] = [];
    for (const row of chunk) {
      if (this.held !== null && this.held[0] !== row[0]) done.push(this.held);
      this.held = row;
    }
    return done;
  }

  /** The last task's row, once no chunk follows. */
  end(): (readonly unknown[])[] {
    const last = this.held;
    this.held = null;
    return last === null ? [] : [last];
  }
}
