import { describe, expect, it } from 'vitest';
import type { CategoryScoreRecord } from '../core/index.js';
import {
  divergentCategories,
  evidenceAnchor,
  formatScore,
  formatTime,
  hrefWith,
  modeLabel,
  shortId,
} from './format.js';

const cat = (category: CategoryScoreRecord['category'], det: number, ai: number | null): CategoryScoreRecord => ({
  category,
  deterministicScore: det,
  aiScore: ai,
  finalScore: det,
  weight: 0.3,
  band: 'weak',
  rationale: 'r',
  evidence: [],
});

describe('web formatting', () => {
  it('shows a missing score as an em dash, never 0', () => {
    expect(formatScore(null)).toBe('—');
    expect(formatScore(undefined)).toBe('—');
    expect(formatScore(0)).toBe('0');
  });

  it('names the modes as every page shows them', () => {
    expect(modeLabel('deterministic-only')).toBe('deterministic only');
    expect(modeLabel('hybrid')).toBe('hybrid');
    expect(modeLabel(null)).toBe('—');
  });

  it('flags categories whose parts are 40 or more apart, ignoring those without an AI part', () => {
    expect(
      divergentCategories([
        cat('agentPerformance', 20, 60),
        cat('taskOutcomeQuality', 20, 59),
        cat('processCompliance', 90, null),
      ]),
    ).toEqual(['agentPerformance']);
    expect(divergentCategories(null)).toEqual([]);
  });

  it('builds query strings from the non-empty values only', () => {
    expect(hrefWith('/results', { q: 'a b', band: undefined, min: 0, run: '' })).toBe('/results?q=a+b&min=0');
    expect(hrefWith('/results', {})).toBe('/results');
  });

  it('makes element ids without whitespace from evidence ids', () => {
    expect(evidenceAnchor('commit-abc')).toBe('ev-commit-abc');
    expect(evidenceAnchor('a b\tc')).toBe('ev-a_b_c');
  });

  it('formats times in UTC and shortens long ids', () => {
    expect(formatTime('2026-03-02T10:05:59.000Z')).toBe('2026-03-02 10:05 UTC');
    expect(formatTime(null)).toBe('—');
    expect(shortId('run_0123456789abcdef')).toBe('run_01234567…');
    expect(shortId('run_1')).toBe('run_1');
  });
});
