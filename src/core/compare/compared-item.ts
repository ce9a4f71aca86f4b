import { SCORE_CATEGORIES } from '../score-categories.js';

/** The scores compared: the three categories and the overall score. */
export const COMPARED_SCORES = [...SCORE_CATEGORIES, 'overall'] as const;
export type ComparedScore = (typeof COMPARED_SCORES)[number];

/** One scored task of a cohort. */
export interface ComparedItem {
  taskId: string;
  resultId: string;
  scores: Record<ComparedScore, number>;
  /** Code lines the task's change added (validate's size); null or absent when unknown. */
  size?: number | null;
  /** The project the task belongs to; results over several projects are compared within each. */
  project?: string | null;
  /**
   * For a pull request: merged (null while open or when scored at evaluation time, which reads no state) and
   * whether it merged in one shot (null when its iterations are unknown).
   */
  pull?: { merged: boolean | null; oneShot: boolean | null } | null;
  /** What the agent and the judge spent on the task, where known. */
  spend?: { agentTokens: number | null; agentCostUsd: number | null; judgeCostUsd: number | null };
}
