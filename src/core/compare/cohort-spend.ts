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
  // One pass, summing in item order: a cohort may hold hundreds of thousands of tasks.
  let tokenTasks = 0;
  let tokens = 0;
  let agentTasks = 0;
  let agent = 0;
  let judgeTasks = 0;
  let judge = 0;
  let costedTasks = 0;
  let cost = 0;
  let overall = 0;
  for (const i of items) {
    const spend = i.spend;
    if (spend?.agentTokens != null) (tokenTasks++, (tokens += spend.agentTokens));
    if (spend?.agentCostUsd != null) (agentTasks++, (agent += spend.agentCostUsd));
    if (spend?.judgeCostUsd != null) (judgeTasks++, (judge += spend.judgeCostUsd));
    if (spend?.agentCostUsd != null || spend?.judgeCostUsd != null) {
      costedTasks++;
      cost += (spend.agentCostUsd ?? 0) + (spend.judgeCostUsd ?? 0);
      overall += i.scores.overall;
    }
  }
  const costPerTask = costedTasks ? cost / costedTasks : 0;
  const meanOverall = costedTasks ? overall / costedTasks : 0;
  return {
    tokenTasks,
    meanAgentTokens: tokenTasks ? Math.round(tokens / tokenTasks) : null,
    agentCostTasks: agentTasks,
    agentCostUsd: agentTasks ? round(agent, 6) : null,
    judgeCostTasks: judgeTasks,
    judgeCostUsd: judgeTasks ? round(judge, 6) : null,
    overallPerDollar: costPerTask > 0 ? round(meanOverall / costPerTask, 1) : null,
  };
}
