import { addUsage, ZERO_USAGE, type JudgeTotals } from '../judge/index.js';

/** What a run spent on its judge now: calls made, cache hits, tokens, and cost in US dollars (null: no price). */
export interface RunJudgeSpend extends JudgeTotals {
  costUsd: number | null;
}

export const NO_JUDGE_SPEND: Readonly<RunJudgeSpend> = Object.freeze({
  calls: 0,
  cacheHits: 0,
  usage: ZERO_USAGE,
  costUsd: null,
});

/** Adds one evaluation's judge spend to a run's. */
export function addJudgeSpend(total: RunJudgeSpend, add: RunJudgeSpend): RunJudgeSpend {
  return {
    calls: total.calls + add.calls,
    cacheHits: total.cacheHits + add.cacheHits,
    usage: addUsage(total.usage, add.usage),
    costUsd: add.costUsd === null ? total.costUsd : Math.round(((total.costUsd ?? 0) + add.costUsd) * 1e6) / 1e6,
  };
}

/** One line for a run's summary and output, e.g. `judge: 40 calls, 2 cache hits, 120,000 input + 12,000 output tokens, $0.1200`. */
export function formatRunJudgeSpend(spend: RunJudgeSpend): string {
  const n = (v: number) => v.toLocaleString('en-US');
  const cost = spend.costUsd === null ? 'cost unknown' : `$${spend.costUsd.toFixed(4)}`;
  return `judge: ${n(spend.calls)} call${spend.calls === 1 ? '' : 's'}, ${n(spend.cacheHits)} cache hit${spend.cacheHits === 1 ? '' : 's'}, ${n(spend.usage.inputTokens)} input + ${n(spend.usage.outputTokens)} output tokens, ${cost}`;
}
