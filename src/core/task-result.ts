import { z } from 'zod';
import { DeterministicAssessmentSchema, ScoreCategorySchema } from './deterministic-assessment.js';
import { EvidenceBundleSchema } from './evidence-bundle.js';
import { TaskIdentitySchema } from './identity/agent-identity.js';
import { SCORE_BAND_NAMES } from './score-bands.js';

export const ScoreBandSchema = z.enum(
  SCORE_BAND_NAMES as unknown as ['failing', 'weak', 'acceptable', 'strong', 'excellent'],
);

export const CategoryScoreSchema = z.object({
  category: ScoreCategorySchema,
  deterministicScore: z.number().int().min(0).max(100),
  aiScore: z.number().int().min(0).max(100).nullable(),
  finalScore: z.number().int().min(0).max(100),
  weight: z.number(),
  band: ScoreBandSchema,
  rationale: z.string(),
  evidence: z.array(z.string()),
});

export const TokenUsageTotalsSchema = z.object({
  inputTokens: z.number().int().nonnegative().default(0),
  outputTokens: z.number().int().nonnegative().default(0),
  cachedTokens: z.number().int().nonnegative().default(0),
});

/** Who judged and with what: recorded on every result. */
export const ProvenanceSchema = z.object({
  provider: z.string().nullable(),
  model: z.string().nullable(),
  promptVersion: z.string().nullable(),
  rubricVersion: z.string(),
  bundleDigest: z.string(),
  usage: TokenUsageTotalsSchema.nullable().default(null),
  costUsd: z.number().nonnegative().nullable().default(null),
  cached: z.boolean().default(false),
  samples: z.number().int().positive().default(1),
  /** Per category, max − min of the sampled AI scores when samples > 1. */
  spread: z.record(z.string(), z.number()).nullable().default(null),
  taskevalVersion: z.string().optional(),
  /** What the git history lacked when this result was made (shallow clone, missing objects, unreadable dates); absent when whole. */
  historyGaps: z.array(z.string()).optional(),
  /** The judge prompt's estimated size, the model's context when known, and the evidence left out to fit it. */
  prompt: z
    .object({
      estimatedTokens: z.number().int().nonnegative(),
      contextTokens: z.number().int().positive().nullable(),
      dropped: z.record(z.string(), z.number().int().positive()),
    })
    .optional(),
});

export const CitationIssueSchema = z.object({
  category: z.string(),
  id: z.string(),
  problem: z.literal('unknown_id'),
});

export const FollowUpDraftSchema = z.object({
  title: z.string(),
  description: z.string(),
  reason: z.string(),
  evidenceRefs: z.array(z.string()),
});

export const EvaluationModeSchema = z.enum(['deterministic-only', 'hybrid']);

const base = {
  taskId: z.string(),
  title: z.string().nullable().default(null),
  /** Who did the work, as the task's identity resolved it (cohort keys); absent on results made before identities. */
  agent: z.string().nullable().optional(),
  agentVersion: z.string().nullable().optional(),
  modelId: z.string().nullable().optional(),
  identity: TaskIdentitySchema.nullable().optional(),
  evaluatedAt: z.string().optional(),
};

export const ScoredResultSchema = z.object({
  ...base,
  status: z.literal('scored'),
  mode: EvaluationModeSchema,
  overallScore: z.number().int().min(0).max(100),
  overallBand: ScoreBandSchema,
  categoryScores: z.array(CategoryScoreSchema).length(3),
  overallRationale: z.string().nullable().default(null),
  evidenceBundle: EvidenceBundleSchema,
  signals: DeterministicAssessmentSchema,
  provenance: ProvenanceSchema,
  citationIssues: z.array(CitationIssueSchema).default([]),
  /** Categories where |deterministic − AI| ≥ 40. */
  divergence: z.array(ScoreCategorySchema).default([]),
  followUpDrafts: z.array(FollowUpDraftSchema).default([]),
});

export const ErrorResultSchema = z.object({
  ...base,
  status: z.literal('error'),
  reason: z.string(),
  /** Whether a later batch may try again (judge unreachable, timeout, rate limit). */
  transient: z.boolean().default(false),
  /** The judge's last answer, bounded, kept for diagnosis. */
  rawAnswer: z.string().nullable().default(null),
  evidenceBundle: EvidenceBundleSchema.nullable().default(null),
  signals: DeterministicAssessmentSchema.nullable().default(null),
  provenance: ProvenanceSchema.nullable().default(null),
});

export const SkippedResultSchema = z.object({
  ...base,
  status: z.literal('skipped'),
  reason: z.string(),
});

/** The outcome of evaluating one task: scored, error (with its reason) or skipped. */
export const TaskResultSchema = z.discriminatedUnion('status', [
  ScoredResultSchema,
  ErrorResultSchema,
  SkippedResultSchema,
]);

export type CategoryScoreRecord = z.output<typeof CategoryScoreSchema>;
export type Provenance = z.output<typeof ProvenanceSchema>;
export type CitationIssue = z.output<typeof CitationIssueSchema>;
export type FollowUpDraft = z.output<typeof FollowUpDraftSchema>;
export type EvaluationMode = z.output<typeof EvaluationModeSchema>;
export type ScoredResult = z.output<typeof ScoredResultSchema>;
export type ErrorResult = z.output<typeof ErrorResultSchema>;
export type SkippedResult = z.output<typeof SkippedResultSchema>;
export type TaskResult = z.output<typeof TaskResultSchema>;
export type TokenUsageTotals = z.output<typeof TokenUsageTotalsSchema>;
