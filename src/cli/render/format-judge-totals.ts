import type { JudgeTotals } from '../../judge/index.js';

export interface JudgeFooterInput {
  provider: string;
  model: string;
  totals: JudgeTotals;
  costUsd: number | null;
  cacheEnabled: boolean;
}

/** One footer line: who judged, calls made now, cache hits, tokens and cost. */
export function formatJudgeTotals(input: JudgeFooterInput): string {
  const { totals } = input;
  const n = (v: number) => v.toLocaleString('en-US');
  const cache = input.cacheEnabled
    ? `${n(totals.cacheHits)} cache hit${totals.cacheHits === 1 ? '' : 's'}`
    : 'cache off';
  const tokens = `${n(totals.usage.inputTokens)} input + ${n(totals.usage.outputTokens)} output tokens (${n(totals.usage.cachedTokens)} cached)`;
  const cost = input.costUsd === null ? 'cost unknown (no price for this model)' : `$${input.costUsd.toFixed(4)}`;
  return `judge ${input.provider}/${input.model}: ${n(totals.calls)} call${totals.calls === 1 ? '' : 's'}, ${cache}, ${tokens}, ${cost}`;
}
