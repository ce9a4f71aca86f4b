import { describe, expect, it } from 'vitest';
import { computeCategoryFinalScore } from './compute-category-final-score.js';
import { ContractError } from './errors.js';

describe('computeCategoryFinalScore', () => {
  it.each([
    [0, 100, 30],
    [100, 0, 70],
    [73, 89, 78],
    [1, 36, 12], // Fusion's doubles give 11
    [0, 0, 0],
    [100, 100, 100],
    [50, 51, 50], // 50.3
    [1, 0, 1], // 0.7 rounds up
    [5, 0, 4], // 3.5 half-up
  ])('blends det %i and ai %i into %i, half-up in integers', (det, ai, expected) => {
    expect(computeCategoryFinalScore(det, ai)).toBe(expected);
  });

  it.each([
    ['deterministicScore', 80.5, 50],
    ['deterministicScore', -1, 50],
    ['deterministicScore', 101, 50],
    ['deterministicScore', '80', 50],
    ['deterministicScore', Number.NaN, 50],
    ['aiScore', 50, 100.1],
    ['aiScore', 50, -5],
    ['aiScore', 50, null],
  ])('rejects a bad %s with a typed error naming the field', (field, det, ai) => {
    let caught: unknown;
    try {
      computeCategoryFinalScore(det as number, ai as number);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ContractError);
    expect((caught as ContractError).code).toBe('invalid_score');
    expect((caught as ContractError).field).toBe(field);
    expect((caught as ContractError).message).toContain(field);
  });
});
