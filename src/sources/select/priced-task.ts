import { taskTokenUsage, tokenCostUsd, type ModelPrice, type Task } from '../../core/index.js';

/** The task with what its tokens cost at its model's configured price; a record's own cost, or an unpriced model, leaves it as it is. */
export function pricedTask(task: Task, prices: Readonly<Record<string, ModelPrice>>): Task {
  const price = task.modelId ? prices[task.modelId] : undefined;
  if (!price || task.agentCostUsd !== undefined) return task;
  const usage = taskTokenUsage(task);
  if (usage.inputTokens === null && usage.outputTokens === null) return task;
  return {
    ...task,
    agentCostUsd: tokenCostUsd(
      {
        inputTokens: usage.inputTokens ?? 0,
        cachedTokens: usage.cachedTokens ?? 0,
        outputTokens: usage.outputTokens ?? 0,
      },
      price,
    ),
  };
}
