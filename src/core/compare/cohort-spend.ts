import { z } from 'zod';
import type { ComparedItem } from './compared-item.js';

/** What a cohort's work cost, beside its quality: only from tasks where it is known, each count saying how many. */
export const CohortSpendSchema = z.object({
  /** Tasks whose agent tokens are known, and their mean. */
  tokenTasks: z.number().int(),
  meanAgentTokens: z.number().nullable(),
  /** Tasks whose agent cost is known, and its total in US dollars. */
  agentCostTasks: z.number().int(),
  agentCostUsd: z.number().nullable(),
  /** Tasks judged at a known price, and what judging them cost in total. */
  judgeCostTasks: z.number().int(),
  judgeCostUsd: z.number().nullable(),
  /** Mean overall score per US dollar of agent and judge cost per task, over the tasks with a known cost. */
  overallPerDollar: z.number().nullable(),
});

export type CohortSpend = z.output<typeof CohortSpendSchema>;

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Tokens, agent cost and judge cost of a cohort, and its overall per dollar where costs exist. */
export function cohortSpend(items: readonly ComparedItem[]): CohortSpend {
  const tokens = items.flatMap((i) => (i.spend?.agentTokens != null ? [i.spend.agentTokens] : []));
  const agent = items.flatMap((i) => (i.spend?.agentCostUsd != null ? [i.spend.agentCostUsd] : []));
  const judge = items.flatMap((i) => (i.spend?.judgeCostUsd != null ? [i.spend.judgeCostUsd] : []));
  const costed = items.filter((i) => i.spend?.agentCostUsd != null || i.spend?.judgeCostUsd != null);
  const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
  const costPerTask = costed.length
    ? sum(costed.map((i) => (i.spend!.agentCostUsd ?? 0) + (i.spend!.judgeCostUsd ?? 0))) / costed.length
    : 0;
  const meanOverall = costed.length ? sum(costed.map((i) => i.scores.overall)) / costed.length : 0;
  return {
    tokenTasks: tokens.length,
    meanAgentTokens: tokens.length ? Math.round(sum(tokens) / tokens.length) : null,
    agentCostTasks: agent.length,
    agentCostUsd: agent.length ? round(sum(agent), 6) : null,
    judgeCostTasks: judge.length,
    judgeCostUsd: judge.length ? round(sum(judge), 6) : null,
    overallPerDollar: costPerTask > 0 ? round(meanOverall / costPerTask, 1) : null,
  };
}
