import { describe, expect, it } from 'vitest';
import { computeOverallScore } from './compute-overall-score.js';
import { ContractError } from './errors.js';

const finals = (ap: number, toq: number, pc: number) => [
  { category: 'agentPerformance', finalScore: ap },
  { category: 'taskOutcomeQuality', finalScore: toq },
  { category: 'processCompliance', finalScore: pc },
];

describe('computeOverallScore', () => {
  it.each([
    [80, 90, 70, 82],
    [79, 80, 73, 78],
    [59, 60, 60, 60],
    [89, 90, 90, 90],
    [31, 1, 3, 11], // Fusion's doubles give 10
    [0, 0, 0, 0],
    [100, 100, 100, 100],
  ])('weights finals %i/%i/%i into %i', (ap, toq, pc, expected) => {
    expect(computeOverallScore(finals(ap, toq, pc))).toBe(expected);
  });

  it('accepts a record keyed by category', () => {
    expect(computeOverallScore({ agentPerformance: 80, taskOutcomeQuality: 90, processCompliance: 70 })).toBe(82);
  });

  it('does not depend on the order of the categories', () => {
    expect(computeOverallScore([...finals(80, 90, 70)].reverse())).toBe(82);
  });

  it.each([
    ['missing_category', finals(80, 90, 70).slice(0, 2), 'processCompliance'],
    [
      'duplicate_category',
      [...finals(80, 90, 70), { category: 'agentPerformance', finalScore: 10 }],
      'agentPerformance',
    ],
    ['invalid_category', [...finals(80, 90, 70).slice(0, 2), { category: 'speed', finalScore: 10 }], 'category'],
    ['invalid_score', finals(80, 90.5, 70), 'taskOutcomeQuality.finalScore'],
    ['invalid_score', finals(80, 90, 170), 'processCompliance.finalScore'],
  ])('rejects input with %s, naming %s', (code, input, field) => {
    let caught: unknown;
    try {
      computeOverallScore(input);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ContractError);
    expect((caught as ContractError).code).toBe(code);
    expect((caught as ContractError).field).toBe(field);
    expect((caught as ContractError).message).toContain(field === 'category' ? 'speed' : field);
  });
});
