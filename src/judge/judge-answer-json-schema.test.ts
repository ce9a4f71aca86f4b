import { describe, expect, it } from 'vitest';
import {
  ANSWER_BOUNDS,
  answerTokenBound,
  DEFAULT_JUDGE_MAX_TOKENS,
  judgeAnswerJsonSchema,
} from './judge-answer-json-schema.js';
import { JUDGE_ANSWER_SCHEMA } from './judge-answer-schema.js';
import { validAnswer } from './testing/index.js';

type Schema = {
  properties: {
    categories: {
      properties: Record<
        string,
        { properties: { evidence: { items: Record<string, unknown> }; rationale: { maxLength: number } } }
      >;
    };
    followUpDrafts: { maxItems: number; items: { properties: { evidenceRefs: { items: Record<string, unknown> } } } };
  };
};

describe('the answer schema sent with each request', () => {
  it("limits every category's citations and every follow-up's references to the bundle's own ids", () => {
    const schema = judgeAnswerJsonSchema(['task-1', 'commit-abc', 'task-1']) as Schema;
    for (const category of Object.values(schema.properties.categories.properties))
      expect(category.properties.evidence.items).toEqual({ type: 'string', enum: ['task-1', 'commit-abc'] });
    expect(schema.properties.followUpDrafts.items.properties.evidenceRefs.items.enum).toEqual(['task-1', 'commit-abc']);
  });

  it('bounds every string, and leaves ids free but bounded when the bundle is not known', () => {
    const schema = judgeAnswerJsonSchema() as Schema;
    const category = schema.properties.categories.properties.agentPerformance!;
    expect(category.properties.rationale.maxLength).toBe(ANSWER_BOUNDS.rationaleChars);
    expect(category.properties.evidence.items).toEqual({
      type: 'string',
      minLength: 1,
      maxLength: ANSWER_BOUNDS.idChars,
    });
    expect(schema.properties.followUpDrafts.maxItems).toBe(ANSWER_BOUNDS.followUps);
  });

  it('accepts only answers the zod schema accepts too: a valid answer is valid under both', () => {
    const answer = validAnswer(['task-1']);
    expect(JUDGE_ANSWER_SCHEMA.safeParse(answer).success).toBe(true);
    const schema = judgeAnswerJsonSchema(['task-1']) as { required: string[]; additionalProperties: boolean };
    expect(Object.keys(answer).every((k) => k in (schema as unknown as { properties: object }).properties)).toBe(true);
    expect(schema.required.every((k) => k in answer)).toBe(true);
    expect(schema.additionalProperties).toBe(false);
  });

  it('sizes the output cap to the largest answer the schema allows, growing with the longest id', () => {
    // Three rationales, the overall one and three follow-ups at their bounds: about 15,600 characters.
    expect(DEFAULT_JUDGE_MAX_TOKENS).toBeGreaterThan(4_000);
    expect(DEFAULT_JUDGE_MAX_TOKENS).toBeLessThan(8_000);
    expect(answerTokenBound(['x'.repeat(200)])).toBeGreaterThan(answerTokenBound(['short']));
  });
});
