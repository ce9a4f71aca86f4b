import { describe, expect, it } from 'vitest';
import { TaskSchema } from '../../core/index.js';
import { pricedTask } from './priced-task.js';

const PRICES = { 'gpt-5': { inputPerMTok: 1.25, outputPerMTok: 10, cachedPerMTok: 0.125 } };
const task = (extra: Record<string, unknown>) => TaskSchema.parse({ id: 'T-1', modelId: 'gpt-5', ...extra });

describe('pricedTask', () => {
  it('prices fresh input, cached input (at the cached price) and output', () => {
    const priced = pricedTask(
      task({ tokenUsage: { inputTokens: 400_000, cachedTokens: 1_000_000, outputTokens: 20_000 } }),
      PRICES,
    );
    expect(priced.agentCostUsd).toBe(0.5 + 0.125 + 0.2);
  });

  it("reads Fusion's flat token columns too", () => {
    expect(
      pricedTask(task({ tokenUsageInputTokens: 1_000_000, tokenUsageOutputTokens: 100_000 }), PRICES).agentCostUsd,
    ).toBe(2.25);
  });

  it("keeps a record's own cost, and leaves an unpriced model, a task without a model or without tokens as it is", () => {
    const own = task({ agentCostUsd: 3, tokenUsage: { inputTokens: 1 } });
    expect(pricedTask(own, PRICES)).toBe(own);
    const other = task({ modelId: 'claude-x', tokenUsage: { inputTokens: 1 } });
    expect(pricedTask(other, PRICES)).toBe(other);
    const none = task({});
    expect(pricedTask(none, PRICES)).toBe(none);
  });
});
