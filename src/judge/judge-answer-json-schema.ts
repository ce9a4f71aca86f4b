import { SCORE_CATEGORIES } from '../core/index.js';

/** Bounds sent with the answer schema, so a grammar-constrained model cannot ramble past them. */
export const ANSWER_BOUNDS = Object.freeze({
  rationaleChars: 1_500,
  overallRationaleChars: 2_000,
  citationsPerCategory: 8,
  followUps: 3,
  followUpTitleChars: 200,
  followUpDescriptionChars: 1_000,
  followUpReasonChars: 500,
  /** An id's length when the bundle's ids are not known (the generic schema). */
  idChars: 80,
});

// A documented upper bound, not a tokenizer: JSON text averages over 3 characters a token with every common
// tokenizer, so characters / 3, plus room for the keys and punctuation, is enough for the largest valid answer.
const CHARS_PER_TOKEN = 3;
const STRUCTURE_TOKENS = 300;

/**
 * The answer's JSON Schema (contract section 7) as sent to a provider: every string bounded and, when the bundle's ids
 * are given, `evidence` items limited to them (an enum), so constrained decoding can only cite what exists.
 * The answer is still validated with JUDGE_ANSWER_SCHEMA and the citations checked against the bundle.
 */
export function judgeAnswerJsonSchema(evidenceIds?: readonly string[]): Record<string, unknown> {
  const b = ANSWER_BOUNDS;
  const ids = evidenceIds?.length ? [...new Set(evidenceIds)] : null;
  const idSchema = ids ? { type: 'string', enum: ids } : { type: 'string', minLength: 1, maxLength: b.idChars };
  const text = (maxLength: number, minLength = 1) => ({ type: 'string', minLength, maxLength });
  const category = {
    type: 'object',
    properties: {
      score: { type: 'integer', minimum: 0, maximum: 100 },
      rationale: text(b.rationaleChars),
      evidence: { type: 'array', items: idSchema, minItems: 1, maxItems: b.citationsPerCategory },
    },
    required: ['score', 'rationale', 'evidence'],
    additionalProperties: false,
  };
  return {
    type: 'object',
    properties: {
      categories: {
        type: 'object',
        properties: Object.fromEntries(SCORE_CATEGORIES.map((c) => [c, category])),
        required: [...SCORE_CATEGORIES],
        additionalProperties: false,
      },
      overallRationale: text(b.overallRationaleChars),
      followUpDrafts: {
        type: 'array',
        maxItems: b.followUps,
        items: {
          type: 'object',
          properties: {
            title: text(b.followUpTitleChars),
            description: text(b.followUpDescriptionChars, 0),
            reason: text(b.followUpReasonChars, 0),
            evidenceRefs: { type: 'array', items: idSchema, maxItems: b.citationsPerCategory },
          },
          required: ['title', 'description', 'reason', 'evidenceRefs'],
          additionalProperties: false,
        },
      },
    },
    required: ['categories', 'overallRationale'],
    additionalProperties: false,
  };
}

/**
 * Output tokens the largest answer the schema allows can take (the default `max_tokens`): every string at its bound,
 * every list full, ids at their longest. A model that never closes its JSON stops here instead of running on.
 */
export function answerTokenBound(evidenceIds?: readonly string[]): number {
  const b = ANSWER_BOUNDS;
  const idChars = evidenceIds?.length ? Math.max(...evidenceIds.map((id) => id.length)) + 4 : b.idChars + 4;
  const perCategory = 3 + b.rationaleChars + b.citationsPerCategory * idChars;
  const perFollowUp =
    b.followUpTitleChars + b.followUpDescriptionChars + b.followUpReasonChars + b.citationsPerCategory * idChars;
  const chars = SCORE_CATEGORIES.length * perCategory + b.overallRationaleChars + b.followUps * perFollowUp;
  return Math.ceil(chars / CHARS_PER_TOKEN) + STRUCTURE_TOKENS;
}

/** The default output cap: the generic schema's bound, the same for every task so the judge cache keys stay stable. */
export const DEFAULT_JUDGE_MAX_TOKENS: number = answerTokenBound();
