import { tokenCostUsd } from '../core/index.js';
import type { ModelPrice } from './judge-config.js';
import type { JudgeUsage } from './judge.js';

/**
 * Cost in US dollars of one usage at a price. Cached tokens are counted inside inputTokens
 * (as providers report them) and billed at the cached price instead.
 */
export function costOf(usage: JudgeUsage, price: ModelPrice): number {
  const cached = Math.min(usage.cachedTokens, usage.inputTokens);
  return tokenCostUsd({ inputTokens: usage.inputTokens - cached, cachedTokens: cached, outputTokens: usage.outputTokens }, price);
}

/** The price of a model from the table, by exact id; undefined when unpriced. */
export function priceFor(prices: Record<string, ModelPrice> | undefined, model: string): ModelPrice | undefined {
  return prices?.[model];
}
