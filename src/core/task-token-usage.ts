import type { Task } from './task.js';

/** A task's token usage: its tokenUsage object, else Fusion's flat columns; null where neither says. */
export function taskTokenUsage(
  task: Task,
): Record<'inputTokens' | 'outputTokens' | 'cachedTokens' | 'totalTokens', number | null> {
  const usage = task.tokenUsage;
  return {
    inputTokens: usage?.inputTokens ?? task.tokenUsageInputTokens ?? null,
    outputTokens: usage?.outputTokens ?? task.tokenUsageOutputTokens ?? null,
    cachedTokens: usage?.cachedTokens ?? task.tokenUsageCachedTokens ?? null,
    totalTokens: usage?.totalTokens ?? task.tokenUsageTotalTokens ?? null,
  };
}
