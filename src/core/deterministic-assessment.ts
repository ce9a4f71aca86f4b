import { z } from 'zod';
import { SCORE_CATEGORIES } from './score-categories.js';

export const ScoreCategorySchema = z.enum(SCORE_CATEGORIES);

/** One rubric rule that moved a category's deterministic score, and the evidence behind it. */
export const ContributionSchema = z.object({
  category: ScoreCategorySchema,
  /** Stable rule id from docs/rubric.md, e.g. `workflow.failed`. */
  rule: z.string(),
  label: z.string(),
  points: z.number().int(),
  evidence: z.array(z.string()).default([]),
});

export type Contribution = z.output<typeof ContributionSchema>;

const CategoryAssessment = z.object({
  score: z.number().int().min(0).max(100),
  contributions: z.array(ContributionSchema),
});

/** The deterministic half of a result: signal values, and per category a score with the contributions that produced it. */
export const DeterministicAssessmentSchema = z.object({
  rubricVersion: z.string(),
  values: z.record(z.string(), z.unknown()),
  categories: z.object({
    agentPerformance: CategoryAssessment,
    taskOutcomeQuality: CategoryAssessment,
    processCompliance: CategoryAssessment,
  }),
});

export type DeterministicAssessment = z.output<typeof DeterministicAssessmentSchema>;
