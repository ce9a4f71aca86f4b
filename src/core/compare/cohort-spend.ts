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

/** A group's spend as sums and counts, which add across groups: what a store can keep per group. */
export interface SpendSums {
  tokenTasks: number;
  tokens: number;
  agentTasks: number;
  agentCostUsd: number;
  judgeTasks: number;
  judgeCostUsd: number;
  /** Tasks with an agent or a judge cost, what they cost and their overall scores summed. */
  costedTasks: number;
  costUsd: number;
  costedOverall: number;
}

export const emptySpendSums = (): SpendSums => ({
  tokenTasks: 0,
  tokens: 0,
  agentTasks: 0,
  agentCostUsd: 0,
  judgeTasks: 0,
  judgeCostUsd: 0,
  costedTasks: 0,
  costUsd: 0,
  costedOverall: 0,
});

/** Adds one task's spend to the sums (sign -1 takes it out again). */
export function addSpend(sums: SpendSums, spend: ComparedItem['spend'], overall: number, sign: 1 | -1 = 1): void {
  if (spend?.agentTokens != null) ((sums.tokenTasks += sign), (sums.tokens += sign * spend.agentTokens));
  if (spend?.agentCostUsd != null) ((sums.agentTasks += sign), (sums.agentCostUsd += sign * spend.agentCostUsd));
  if (spend?.judgeCostUsd != null) ((sums.judgeTasks += sign), (sums.judgeCostUsd += sign * spend.judgeCostUsd));
  if (spend?.agentCostUsd != null || spend?.judgeCostUsd != null) {
    sums.costedTasks += sign;
    sums.costUsd += sign * ((spend.agentCostUsd ?? 0) + (spend.judgeCostUsd ?? 0));
    sums.costedOverall += sign * overall;
  }
}

/** Adds `b`'s sums into `a`. */
export function mergeSpend(a: SpendSums, b: SpendSums): void {
  a.tokenTasks += b.tokenTasks;
  a.tokens += b.tokens;
  a.agentTasks += b.agentTasks;
  a.agentCostUsd += b.agentCostUsd;
  a.judgeTasks += b.judgeTasks;
  a.judgeCostUsd += b.judgeCostUsd;
  a.costedTasks += b.costedTasks;
  a.costUsd += b.costUsd;
  a.costedOverall += b.costedOverall;
}

/** A cohort's spend from its sums. */
export function spendOfSums(s: SpendSums): CohortSpend {
  const costPerTask = s.costedTasks ? s.costUsd / s.costedTasks : 0;
  const meanOverall = s.costedTasks ? s.costedOverall / s.costedTasks : 0;
  return {
    tokenTasks: s.tokenTasks,
    meanAgentTokens: s.tokenTasks ? Math.round(s.tokens / s.tokenTasks) : null,
    agentCostTasks: s.agentTasks,
    agentCostUsd: s.agentTasks ? round(s.agentCostUsd, 6) : null,
    judgeCostTasks: s.judgeTasks,
    judgeCostUsd: s.judgeTasks ? round(s.judgeCostUsd, 6) : null,
    overallPerDollar: costPerTask > 0 ? round(meanOverall / costPerTask, 1) : null,
  };
}
