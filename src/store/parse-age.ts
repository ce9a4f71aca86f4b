import { ConfigError } from '../core/index.js';

const UNIT_MS = { min: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const MAX_AGE_MS = 365_000 * UNIT_MS.d;

/** Reads an age such as `30d`, `12h`, `2w` or `90min` as milliseconds; a bare `m` (minutes or months?) is refused. */
export function parseAge(spec: string, field = 'olderThan'): number {
  if (/^\s*\d+\s*m\s*$/.test(spec)) {
    throw new ConfigError(
      'usage',
      `${field}: "${spec}" is ambiguous (minutes or months?); write minutes as ${spec.trim().replace(/m$/, 'min')}, or use d, w or h`,
      { field },
    );
  }
  const match = /^\s*(\d+)\s*(min|h|d|w)\s*$/.exec(spec);
  if (!match || Number(match[1]) <= 0) {
    throw new ConfigError(
      'usage',
      `${field}: "${spec}" is not an age; write a positive number and a unit, e.g. 30d, 12h, 2w, 90min`,
      { field },
    );
  }
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  // Past this a cut-off date is not representable; nothing stored is that old anyway.
  if (ms > MAX_AGE_MS)
    throw new ConfigError('usage', `${field}: "${spec.trim()}" is more than 1,000 years; give an age up to 365000d`, {
      field,
    });
  return ms;
}

/** The cut-off time for runs older than `age` (an age string or a number of days) at `now`. */
export function ageCutoff(age: string | number, now: string): string {
  const ms = typeof age === 'number' ? age * UNIT_MS.d : parseAge(age);
  return new Date(Date.parse(now) - ms).toISOString();
}
