import type { JudgeUsage } from '../judge/index.js';

/** What a run spent on its judge now: calls made, cache hits, tokens and cost (cache hits cost nothing). */
export interface RunJudgeSpend {
  calls: number;
  cacheHits: number;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  /** US dollars; null when the model has no price. */
  costUsd: number | null;
}

export const NO_JUDGE_SPEND: Readonly<RunJudgeSpend> = Object.freeze({
  calls: 0,
  cacheHits: 0,
  inputTokens: 0,
  outputTokens: 0,
  cachedTokens: 0,
  costUsd: null,
});

/** Adds one evaluation's judge spend to a run's. */
export function addJudgeSpend(
  total: RunJudgeSpend,
  add: { calls: number; cacheHits: number; usage: JudgeUsage; costUsd: number | null },
): RunJudgeSpend {
  return {
    calls: total.calls + add.calls,
    cacheHits: total.cacheHits + add.cacheHits,
    inputTokens: total.inputTokens + add.usage.inputTokens,
    outputTokens: total.outputTokens + add.usage.outputTokens,
    cachedTokens: total.cachedTokens + add.usage.cachedTokens,
    costUsd: add.costUsd === null ? total.costUsd : Math.round(((total.costUsd ?? 0) + add.costUsd) * 1e6) / 1e6,
  };
}

/** One line for a run's summary and output, e.g. `judge: 40 calls, 2 cache hits, 120,000 input + 12,000 output tokens, $0.1200`. */
export function formatRunJudgeSpend(spend: RunJudgeSpend): string {
  const n = (v: number) => v.toLocaleString('en-US');
  const cost = spend.costUsd === null ? 'cost unknown' : `$${spend.costUsd.toFixed(4)}`;
  return `judge: ${n(spend.calls)} call${spend.calls === 1 ? '' : 's'}, ${n(spend.cacheHits)} cache hit${spend.cacheHits === 1 ? '' : 's'}, ${n(spend.inputTokens)} input + ${n(spend.outputTokens)} output tokens, ${cost}`;
}
