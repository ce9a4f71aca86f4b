/** The one sha in a sorted list that starts with prefix, or undefined when none or several do. */
export function resolveShaPrefix(sorted: readonly string[], prefix: string): string | undefined {
  const p = prefix.toLowerCase();
  if (p.length < 4 || !/^[0-9a-f]+$/.test(p)) return undefined;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < p) lo = mid + 1;
    else hi = mid;
  }
  const first = sorted[lo];
  if (first === undefined || !first.startsWith(p)) return undefined;
  const second = sorted[lo + 1];
  return second !== undefined && second.startsWith(p) ? undefined : first;
}
