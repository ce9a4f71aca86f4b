import type { ModelPrice } from './judge-config.js';
import type { JudgeUsage } from './judge.js';

/**
 * Cost in US dollars of one usage at a price. Cached tokens are counted inside inputTokens
 * (as providers report them) and billed at the cached price instead.
 */
export function costOf(usage: JudgeUsage, price: ModelPrice): number {
  const cached = Math.min(usage.cachedTokens, usage.inputTokens);
  const fresh = usage.inputTokens - cached;
  const dollars = (fresh * price.inputPerMTok + cached * (price.cachedPerMTok ?? price.inputPerMTok) + usage.outputTokens * price.outputPerMTok) / 1_000_000;
  return Math.round(dollars * 1e8) / 1e8;
}

/** The price of a model from the table, by exact id; undefined when unpriced. */
export function priceFor(prices: Record<string, ModelPrice> | undefined, model: string): ModelPrice | undefined {
  return prices?.[model];
}
