/** Average ranks (1-based) of values, ties sharing the mean of their ranks. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j += 1;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k += 1) ranks[order[k]![1]] = rank;
    i = j + 1;
  }
  return ranks;
}

/**
 * The probability that a bad task scores lower than a good one, ties counting half (the Mann-Whitney U of
 * the good scores over n_bad × n_good). 0.5 is chance, 1 a perfect ranking; null without both kinds.
 */
export function computeAuc(bad: readonly number[], good: readonly number[]): number | null {
  if (bad.length === 0 || good.length === 0) return null;
  const ranks = averageRanks([...good, ...bad]);
  let goodRankSum = 0;
  for (let i = 0; i < good.length; i += 1) goodRankSum += ranks[i]!;
  const u = goodRankSum - (good.length * (good.length + 1)) / 2;
  return u / (good.length * bad.length);
}

/** Pairs of (bad, good) within the same group only: the AUC with the grouping variable held still. */
export function computeGroupedAuc(items: readonly { score: number; bad: boolean; group: number }[]): number | null {
  const groups = new Map<number, { bad: number[]; good: number[] }>();
  for (const item of items) {
    const g = groups.get(item.group) ?? { bad: [], good: [] };
    (item.bad ? g.bad : g.good).push(item.score);
    groups.set(item.group, g);
  }
  let concordant = 0;
  let pairs = 0;
  for (const g of groups.values()) {
    const auc = computeAuc(g.bad, g.good);
    if (auc === null) continue;
    const n = g.bad.length * g.good.length;
    concordant += auc * n;
    pairs += n;
  }
  return pairs === 0 ? null : concordant / pairs;
}
