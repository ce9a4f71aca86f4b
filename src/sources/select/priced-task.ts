import { tokenCostUsd, type ModelPrice, type Task } from '../../core/index.js';

/** The task with what its tokens cost at its model's configured price; a record's own cost, or an unpriced model, leaves it as it is. */
export function pricedTask(task: Task, prices: Readonly<Record<string, ModelPrice>>): Task {
  const price = task.modelId ? prices[task.modelId] : undefined;
  if (!price || task.agentCostUsd !== undefined) return task;
  const usage = task.tokenUsage;
  const input = usage?.inputTokens ?? task.tokenUsageInputTokens ?? null;
  const output = usage?.outputTokens ?? task.tokenUsageOutputTokens ?? null;
  if (input === null && output === null) return task;
  return { ...task, agentCostUsd: tokenCostUsd({ inputTokens: input ?? 0, cachedTokens: usage?.cachedTokens ?? task.tokenUsageCachedTokens ?? 0, outputTokens: output ?? 0 }, price) };
}
