import { describe, expect, it } from 'vitest';
import { JUDGE_ANSWER_JSON_SCHEMA } from './judge-answer-schema.js';
import { MAX_CITATIONS_PER_CATEGORY, MAX_RATIONALE_CHARS } from './bound-judge-answer.js';
import { parseJudgeAnswer } from './parse-judge-answer.js';
import { validAnswer } from './testing/index.js';

const good = validAnswer(['commit-1']);

function withScore(score: unknown) {
  return {
    ...good,
    categories: { ...good.categories, agentPerformance: { ...good.categories.agentPerformance, score } },
  };
}

describe('parseJudgeAnswer', () => {
  it('accepts a valid object and a valid JSON text', () => {
    expect(parseJudgeAnswer(good)).toEqual({ ok: true, answer: good });
    expect(parseJudgeAnswer(JSON.stringify(good))).toEqual({ ok: true, answer: good });
  });

  it('takes the JSON from a fenced block among prose', () => {
    const text = `Sure. Here is my assessment:\n\n\`\`\`json\n${JSON.stringify(good, null, 2)}\n\`\`\`\nHope it helps.`;
    expect(parseJudgeAnswer(text)).toEqual({ ok: true, answer: good });
  });

  it('takes the outermost object when there is no fence', () => {
    expect(parseJudgeAnswer(`My answer: ${JSON.stringify(good)} -- end`)).toEqual({ ok: true, answer: good });
  });

  it('rejects text with no JSON', () => {
    expect(parseJudgeAnswer('I think it went well, 80/100.')).toEqual({
      ok: false,
      error: 'the answer holds no JSON object',
    });
  });

  it('rejects truncated JSON', () => {
    const result = parseJudgeAnswer(JSON.stringify(good).slice(0, 80));
    expect(result.ok).toBe(false);
  });

  it.each([
    [80.5, /categories\.agentPerformance\.score/],
    ['80', /categories\.agentPerformance\.score/],
    [101, /categories\.agentPerformance\.score/],
    [-1, /categories\.agentPerformance\.score/],
  ])('rejects the score %j naming the field', (score, field) => {
    const result = parseJudgeAnswer(withScore(score));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(field);
  });

  it('rejects a blank rationale', () => {
    const bad = {
      ...good,
      categories: { ...good.categories, processCompliance: { ...good.categories.processCompliance, rationale: '   ' } },
    };
    const result = parseJudgeAnswer(bad);
    expect(result).toEqual({ ok: false, error: expect.stringContaining('categories.processCompliance.rationale') });
  });

  it('rejects a missing category', () => {
    const { taskOutcomeQuality: _dropped, ...rest } = good.categories;
    const result = parseJudgeAnswer({ ...good, categories: rest });
    expect(result).toEqual({ ok: false, error: expect.stringContaining('categories.taskOutcomeQuality') });
  });

  it('rejects an empty citation list and unknown keys', () => {
    const noCites = {
      ...good,
      categories: { ...good.categories, agentPerformance: { ...good.categories.agentPerformance, evidence: [] } },
    };
    expect(parseJudgeAnswer(noCites).ok).toBe(false);
    expect(parseJudgeAnswer({ ...good, overallScore: 99 }).ok).toBe(false);
  });

  it('accepts optional follow-up drafts', () => {
    const answer = {
      ...good,
      followUpDrafts: [
        { title: 'Add tests', description: 'Cover the login form', reason: 'no tests ran', evidenceRefs: ['commit-1'] },
      ],
    };
    expect(parseJudgeAnswer(answer)).toEqual({ ok: true, answer });
  });

  it('sends the same shape as JSON schema: integer scores 0..100 and three required categories', () => {
    const categories = (
      JUDGE_ANSWER_JSON_SCHEMA.properties as Record<
        string,
        { required: string[]; properties: Record<string, { properties: Record<string, unknown> }> }
      >
    ).categories!;
    expect(categories.required).toEqual(['agentPerformance', 'taskOutcomeQuality', 'processCompliance']);
    expect(categories.properties.agentPerformance!.properties.score).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: 100,
    });
    expect(JUDGE_ANSWER_JSON_SCHEMA.required).toEqual(['categories', 'overallRationale']);
  });

  it('bounds rationales and citation lists, marking what it cut, and leaves a normal answer as it was', () => {
    const huge = {
      ...good,
      overallRationale: 'o'.repeat(5_000_000),
      categories: {
        ...good.categories,
        processCompliance: {
          ...good.categories.processCompliance,
          rationale: 'p'.repeat(MAX_RATIONALE_CHARS + 1),
          evidence: Array.from({ length: 500 }, () => 'commit-1'),
        },
      },
    };
    const parsed = parseJudgeAnswer(huge);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.answer.overallRationale).toHaveLength(MAX_RATIONALE_CHARS);
    expect(parsed.answer.overallRationale.endsWith('… [truncated]')).toBe(true);
    expect(parsed.answer.categories.processCompliance.rationale).toHaveLength(MAX_RATIONALE_CHARS);
    expect(parsed.answer.categories.processCompliance.evidence).toHaveLength(MAX_CITATIONS_PER_CATEGORY);
    expect(parsed.answer.categories.agentPerformance).toEqual(good.categories.agentPerformance);
  });
});
