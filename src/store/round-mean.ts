/** A mean rounded to one decimal, or null when there was nothing to average. */
export function roundMean(value: number | null | undefined): number | null {
  if (value === null || value === undefined || Number.isNaN(value)) return null;
  return Math.round(value * 10) / 10;
}
