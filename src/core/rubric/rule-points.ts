import type { RuleSpec } from './rubric-rules.js';

/** Points for `units` of a per-unit rule, bounded by its limit (a penalty never passes its floor). */
export function perUnitPoints(spec: RuleSpec, units: number): number {
  const each = spec.each ?? 0;
  const raw = each * Math.max(0, units);
  const limit = spec.limit ?? raw;
  return each < 0 ? Math.max(limit, raw) : Math.min(limit, raw);
}

/** Points for a proportional rule: its full points scaled by part/whole, rounded down to an integer. */
export function proportionalPoints(spec: RuleSpec, part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.floor(((spec.points ?? 0) * Math.min(part, whole)) / whole);
}

/** `1 failed step` / `3 failed steps`. */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : pluralForm}`;
}

/** Points of a banded rule for a measured value: the first band whose upper bound holds it. */
export function bandPoints(spec: RuleSpec, value: number): number {
  for (const [upTo, points] of spec.bands ?? []) if (value <= upTo) return points;
  return 0;
}
