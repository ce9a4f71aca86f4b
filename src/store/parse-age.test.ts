import { describe, expect, it } from 'vitest';
import type { TaskevalError } from '../core/index.js';
import { ageCutoff, parseAge } from './parse-age.js';

describe('parseAge', () => {
  it('reads minutes, hours, days and weeks', () => {
    expect(parseAge('90min')).toBe(90 * 60_000);
    expect(parseAge('12h')).toBe(12 * 3_600_000);
    expect(parseAge('30d')).toBe(30 * 86_400_000);
    expect(parseAge(' 2w ')).toBe(14 * 86_400_000);
  });

  it('rejects anything else with invalid_input naming the field', () => {
    for (const bad of ['30', 'd', '0d', '-1d', '1.5d', '30 days', '']) {
      let error: TaskevalError | undefined;
      try {
        parseAge(bad, 'older-than');
      } catch (e) {
        error = e as TaskevalError;
      }
      expect(error?.code, bad).toBe('usage');
      expect(error?.field).toBe('older-than');
    }
  });

  it('refuses a bare m, which could mean minutes or months, and says how to write minutes', () => {
    let error: TaskevalError | undefined;
    try {
      parseAge('1m', '--older-than');
    } catch (e) {
      error = e as TaskevalError;
    }
    expect(error?.code).toBe('usage');
    expect(error?.message).toBe(
      '--older-than: "1m" is ambiguous (minutes or months?); write minutes as 1min, or use d, w or h',
    );
  });

  it('refuses an age too large to give a date (99999999999d) as a usage error', () => {
    expect(() => parseAge('99999999999d', '--older-than')).toThrow(
      expect.objectContaining({
        code: 'usage',
        message: '--older-than: "99999999999d" is more than 1,000 years; give an age up to 365000d',
      }),
    );
    expect(parseAge('365000d')).toBe(365_000 * 86_400_000);
  });

  it('gives the cut-off before now for an age or a number of days', () => {
    expect(ageCutoff('30d', '2026-03-31T00:00:00.000Z')).toBe('2026-03-01T00:00:00.000Z');
    expect(ageCutoff(1, '2026-03-31T05:00:00.000Z')).toBe('2026-03-30T05:00:00.000Z');
  });
});
