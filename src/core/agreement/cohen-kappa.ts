/** Pairs of ratings of the same things by two raters (a person and a score put on the person's scale). */
export type RatingPair = readonly [number, number];

/**
 * Cohen's kappa over `levels` (the scale's values, lowest first): agreement beyond chance, 1 perfect, 0 chance.
 * Quadratic weights make it the weighted kappa of an ordered scale, where 4 against 5 disagrees less than 1
 * against 5. Null when chance alone explains every pair (one level used by both), or with no pairs.
 */
export function cohenKappa(
  pairs: readonly RatingPair[],
  levels: readonly number[],
  weights: 'none' | 'quadratic' = 'none',
): number | null {
  const k = levels.length;
  if (pairs.length === 0 || k < 2) return null;
  const index = new Map(levels.map((v, i) => [v, i]));
  const observed = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const rowTotals = new Array<number>(k).fill(0);
  const colTotals = new Array<number>(k).fill(0);
  for (const [a, b] of pairs) {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined)
      throw new RangeError(`rating ${i === undefined ? a : b} is not on the scale`);
    observed[i]![j]! += 1;
    rowTotals[i]! += 1;
    colTotals[j]! += 1;
  }
  const n = pairs.length;
  // Disagreement weight: 0 on the diagonal, 1 off it, or the squared distance scaled to 1.
  const w = (i: number, j: number) => (weights === 'none' ? (i === j ? 0 : 1) : ((i - j) / (k - 1)) ** 2);
  let disagreeObserved = 0;
  let disagreeExpected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      disagreeObserved += w(i, j) * observed[i]![j]!;
      disagreeExpected += (w(i, j) * rowTotals[i]! * colTotals[j]!) / n;
    }
  }
  if (disagreeExpected === 0) return null;
  return 1 - disagreeObserved / disagreeExpected;
}
