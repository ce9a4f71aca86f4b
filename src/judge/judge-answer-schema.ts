import { z } from 'zod';

const CategoryAnswerSchema = z.strictObject({
  score: z.number().int().min(0).max(100),
  rationale: z.string().trim().min(1, 'rationale must not be blank'),
  evidence: z.array(z.string().min(1)).min(1, 'cite at least one evidence id'),
});

const FollowUpDraftAnswerSchema = z.strictObject({
  title: z.string().trim().min(1),
  description: z.string(),
  reason: z.string(),
  evidenceRefs: z.array(z.string().min(1)),
});

/** The judge's answer (contract section 7); anything else is malformed. */
export const JUDGE_ANSWER_SCHEMA = z.strictObject({
  categories: z.strictObject({
    agentPerformance: CategoryAnswerSchema,
    taskOutcomeQuality: CategoryAnswerSchema,
    processCompliance: CategoryAnswerSchema,
  }),
  overallRationale: z.string().trim().min(1, 'overallRationale must not be blank'),
  followUpDrafts: z.array(FollowUpDraftAnswerSchema).optional(),
});

export type JudgeAnswer = z.output<typeof JUDGE_ANSWER_SCHEMA>;

/** The same shape as JSON schema, sent to providers with structured output. */
export const JUDGE_ANSWER_JSON_SCHEMA: Record<string, unknown> = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(JUDGE_ANSWER_SCHEMA, { target: 'draft-7' }) as Record<
    string,
    unknown
  >;
  return schema;
})();
