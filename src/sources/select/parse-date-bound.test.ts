import { describe, expect, it } from 'vitest';
import { isTaskevalError } from '../../core/index.js';
import { parseDateBound } from './parse-date-bound.js';

describe('parseDateBound', () => {
  it('reads a bare date as UTC midnight, and as an end bound through the last millisecond of that day', () => {
    expect(parseDateBound('2026-03-30', '--since', 'start')).toBe(Date.parse('2026-03-30T00:00:00Z'));
    expect(parseDateBound('2026-03-30', '--until', 'end')).toBe(Date.parse('2026-03-31T00:00:00Z') - 1);
    expect(parseDateBound('2028-02-29', '--until', 'end')).toBe(Date.parse('2028-03-01T00:00:00Z') - 1);
  });

  it('reads an ISO-8601 date-time exactly, with its offset', () => {
    expect(parseDateBound('2026-03-30T15:00:00+02:00', '--until', 'end')).toBe(Date.parse('2026-03-30T13:00:00Z'));
    expect(parseDateBound('2026-03-30T15:00:00.250Z', '--since', 'start')).toBe(Date.parse('2026-03-30T15:00:00.250Z'));
  });

  it('rejects impossible days and other text as a usage error naming the flag', () => {
    for (const bad of ['2026-02-29', '2026-13-01', '30/03/2026', 'yesterday', '', '2026-03-30 15:00']) {
      let error: unknown;
      try {
        parseDateBound(bad, '--until', 'end');
      } catch (e) {
        error = e;
      }
      expect(isTaskevalError(error) && [error.code, error.field]).toEqual(['usage', '--until']);
    }
  });
});
