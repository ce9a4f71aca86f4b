/**
 * Krippendorff's alpha: how far raters agree beyond chance across units, each unit the values its raters gave
 * (any number, missing ones simply absent). Nominal treats values as names; interval as numbers (squared
 * difference). Units with fewer than two values pair nothing and are left out, as the measure prescribes.
 * Null when no unit has two values or every value is the same.
 */
export function krippendorffAlpha(
  units: readonly (readonly number[])[],
  metric: 'nominal' | 'interval',
): number | null {
  const delta =
    metric === 'nominal' ? (a: number, b: number) => (a === b ? 0 : 1) : (a: number, b: number) => (a - b) ** 2;
  const pairable = units.filter((u) => u.length >= 2);
  const values = pairable.flat();
  const n = values.length;
  if (n < 2) return null;
  let observed = 0;
  for (const unit of pairable) {
    let sum = 0;
    for (let i = 0; i < unit.length; i++)
      for (let j = 0; j < unit.length; j++) if (i !== j) sum += delta(unit[i]!, unit[j]!);
    observed += sum / (unit.length - 1);
  }
  observed /= n;
  // Expected disagreement from every pairable value against every other, grouped by value to stay O(levels²).
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let expected = 0;
  for (const [a, na] of counts) for (const [b, nb] of counts) if (a !== b) expected += na * nb * delta(a, b);
  expected /= n * (n - 1);
  if (expected === 0) return null;
  return 1 - observed / expected;
}
