import { describe, expect, it } from 'vitest';
import { ContractError } from './errors.js';
import { normalizeCategoryScore } from './normalize-category-score.js';

const input = {
  category: 'taskOutcomeQuality',
  deterministicScore: 73,
  aiScore: 89,
  rationale: 'tests pass',
  evidence: ['workflow-test'],
};

describe('normalizeCategoryScore', () => {
  it('computes final, weight and band from the parts', () => {
    expect(normalizeCategoryScore(input)).toEqual({
      category: 'taskOutcomeQuality',
      deterministicScore: 73,
      aiScore: 89,
      finalScore: 78,
      weight: 0.45,
      band: 'strong',
      rationale: 'tests pass',
      evidence: ['workflow-test'],
    });
  });

  it('uses the deterministic score as the final when there is no AI score', () => {
    const score = normalizeCategoryScore({ ...input, aiScore: null });
    expect(score.finalScore).toBe(73);
    expect(score.aiScore).toBeNull();
  });

  it.each([
    [{ category: 'speed' }, 'invalid_category', 'category'],
    [{ deterministicScore: 101 }, 'invalid_score', 'deterministicScore'],
    [{ aiScore: 80.5 }, 'invalid_score', 'aiScore'],
    [{ aiScore: '80' }, 'invalid_score', 'aiScore'],
    [{ rationale: '  ' }, 'invalid_input', 'rationale'],
    [{ evidence: 'x' }, 'invalid_input', 'evidence'],
  ])('rejects %o with %s naming %s', (patch, code, field) => {
    try {
      normalizeCategoryScore({ ...input, ...(patch as object) } as typeof input);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ContractError);
      expect((e as ContractError).code).toBe(code);
      expect((e as ContractError).field).toBe(field);
    }
  });
});
