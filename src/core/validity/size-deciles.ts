/**
 * Decile (0..9) of each size by rank: sizes sorted and cut into ten groups of about equal count, equal
 * sizes always in one group (that of their first rank). Null sizes get -1 and are left out.
 */
export function sizeDeciles(sizes: readonly (number | null)[]): number[] {
  const known = sizes.filter((s): s is number => s !== null).sort((a, b) => a - b);
  const firstRank = new Map<number, number>();
  known.forEach((s, rank) => {
    if (!firstRank.has(s)) firstRank.set(s, rank);
  });
  return sizes.map((s) => (s === null ? -1 : Math.min(9, Math.floor((firstRank.get(s)! * 10) / known.length))));
}
