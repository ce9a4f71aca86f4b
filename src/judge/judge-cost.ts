import { tokenCostUsd } from '../core/index.js';
import type { JudgeConfig, ModelPrice } from './judge-config.js';
import type { JudgeUsage } from './judge.js';

/**
 * Cost in US dollars of one usage at a price. Cached tokens are counted inside inputTokens
 * (as providers report them) and billed at the cached price instead.
 */
export function costOf(usage: JudgeUsage, price: ModelPrice): number {
  const cached = Math.min(usage.cachedTokens, usage.inputTokens);
  return tokenCostUsd(
    { inputTokens: usage.inputTokens - cached, cachedTokens: cached, outputTokens: usage.outputTokens },
    price,
  );
}

/** The price of the judge's model from the spec's table: its configured model, else the id the judge reports; undefined when unpriced. */
export function judgePrice(spec: Pick<JudgeConfig, 'prices' | 'model'>, modelId: string): ModelPrice | undefined {
  return spec.prices?.[spec.model ?? modelId];
}
