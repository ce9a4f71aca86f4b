import { z } from 'zod';
import { EVIDENCE_SOURCE_ORDER } from './evidence-limits.js';
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
  /** True when the rule rests on what happened after the task completed (reverts, later fixes). */
  hindsight: z.boolean().optional(),
});

export type Contribution = z.output<typeof ContributionSchema>;

const CategoryAssessment = z.object({
  score: z.number().int().min(0).max(100),
  contributions: z.array(ContributionSchema),
});

/** The deterministic half of a result: signal values, and per category a score with the contributions that produced it. */
export const DeterministicAssessmentSchema = z.object({
  rubricVersion: z.string(),
  /** Whether later history (reverts, fixes after the task) was read; absent on results made before it was recorded. */
  hindsight: z.boolean().optional(),
  /** Per category, the evidence groups that informed its score; an empty list means no evidence (the score is the base). */
  coverage: z
    .object({
      agentPerformance: z.array(z.enum(EVIDENCE_SOURCE_ORDER)),
      taskOutcomeQuality: z.array(z.enum(EVIDENCE_SOURCE_ORDER)),
      processCompliance: z.array(z.enum(EVIDENCE_SOURCE_ORDER)),
    })
    .optional(),
  values: z.record(z.string(), z.unknown()),
  categories: z.object({
    agentPerformance: CategoryAssessment,
    taskOutcomeQuality: CategoryAssessment,
    processCompliance: CategoryAssessment,
  }),
});

export type DeterministicAssessment = z.output<typeof DeterministicAssessmentSchema>;
