import type { RunSpend } from './store-types.js';

/** The sums a backend's spend query returns, as numbers or numeric strings (PostgreSQL bigint). */
export interface RunSpendRow {
  judged: unknown;
  judge_in: unknown;
  judge_out: unknown;
  judge_cached: unknown;
  judge_cost_n: unknown;
  judge_cost: unknown;
  agent_tokens_n: unknown;
  agent_tokens: unknown;
  agent_cost_n: unknown;
  agent_cost: unknown;
}

/** The counts and sums every backend spells alike; only reading the judge's usage from JSON differs. */
const SPEND_COLUMNS = `count(judge_cost_usd) AS judge_cost_n, sum(judge_cost_usd) AS judge_cost, count(agent_tokens) AS agent_tokens_n,
  sum(agent_tokens) AS agent_tokens, count(agent_cost_usd) AS agent_cost_n, sum(agent_cost_usd) AS agent_cost`;

/** A run's spend, summed over its results in the database, per dialect; `?` is the run id. */
export const RUN_SPEND_SQL: Record<'sqlite' | 'postgres', string> = {
  sqlite: `SELECT sum(json_type(provenance, '$.usage') = 'object') AS judged,
    sum(json_extract(provenance, '$.usage.inputTokens')) AS judge_in, sum(json_extract(provenance, '$.usage.outputTokens')) AS judge_out,
    sum(json_extract(provenance, '$.usage.cachedTokens')) AS judge_cached, ${SPEND_COLUMNS}
    FROM eval_task_results WHERE run_id = ?`,
  postgres: `SELECT count(*) FILTER (WHERE json_typeof(provenance->'usage') = 'object') AS judged,
    sum((provenance->'usage'->>'inputTokens')::bigint) AS judge_in, sum((provenance->'usage'->>'outputTokens')::bigint) AS judge_out,
    sum((provenance->'usage'->>'cachedTokens')::bigint) AS judge_cached, ${SPEND_COLUMNS}
    FROM eval_task_results WHERE run_id = ?`,
};

const count = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const sum = (n: number, v: unknown, digits: number): number | null =>
  n === 0 || v === null || v === undefined ? null : Math.round(Number(v) * 10 ** digits) / 10 ** digits;

export function runSpendFromRow(row: RunSpendRow | undefined): RunSpend {
  const r = row ?? ({} as Partial<RunSpendRow>);
  const judgeCostResults = count(r.judge_cost_n);
  const agentTokenResults = count(r.agent_tokens_n);
  const agentCostResults = count(r.agent_cost_n);
  return {
    judgedResults: count(r.judged),
    judgeInputTokens: count(r.judge_in),
    judgeOutputTokens: count(r.judge_out),
    judgeCachedTokens: count(r.judge_cached),
    judgeCostResults,
    judgeCostUsd: sum(judgeCostResults, r.judge_cost, 6),
    agentTokenResults,
    agentTokens: sum(agentTokenResults, r.agent_tokens, 0),
    agentCostResults,
    agentCostUsd: sum(agentCostResults, r.agent_cost, 6),
  };
}
