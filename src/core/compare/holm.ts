/**
 * Holm's step-down correction: which of m hypotheses are rejected at family-wise level `alpha`. The k-th
 * smallest p-value (from 0) must be at most alpha / (m − k), and every smaller one must pass too.
 */
export function holmRejects(pValues: readonly number[], alpha = 0.05): boolean[] {
  const order = pValues.map((p, i) => [p, i] as const).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const out = pValues.map(() => false);
  const m = pValues.length;
  for (let k = 0; k < m; k += 1) {
    const [p, i] = order[k]!;
    if (!(p <= alpha / (m - k))) break;
    out[i] = true;
  }
  return out;
}

/** Two-sided bootstrap p-value of "no difference": twice the smaller share of resampled differences on either side of zero. */
export function bootstrapPValue(samples: readonly number[]): number {
  if (samples.length === 0) return 1;
  let below = 0;
  let above = 0;
  for (const s of samples) {
    if (s <= 0) below += 1;
    if (s >= 0) above += 1;
  }
  return Math.min(1, (2 * Math.min(below, above)) / samples.length);
}
