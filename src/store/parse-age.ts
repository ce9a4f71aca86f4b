import { StoreError } from '../core/index.js';

const UNIT_MS = { min: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/** Reads an age such as `30d`, `12h`, `2w` or `90min` as milliseconds; a bare `m` (minutes or months?) is refused. */
export function parseAge(spec: string, field = 'olderThan'): number {
  if (/^\s*\d+\s*m\s*$/.test(spec)) {
    throw new StoreError('invalid_input', `${field}: "${spec}" is ambiguous (minutes or months?); write minutes as ${spec.trim().replace(/m$/, 'min')}, or use d, w or h`, { field });
  }
  const match = /^\s*(\d+)\s*(min|h|d|w)\s*$/.exec(spec);
  if (!match || Number(match[1]) <= 0) {
    throw new StoreError('invalid_input', `${field}: "${spec}" is not an age; write a positive number and a unit, e.g. 30d, 12h, 2w, 90min`, { field });
  }
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** The cut-off time for runs older than `age` (an age string or a number of days) at `now`. */
export function ageCutoff(age: string | number, now: string): string {
  const ms = typeof age === 'number' ? age * UNIT_MS.d : parseAge(age);
  return new Date(Date.parse(now) - ms).toISOString();
}
