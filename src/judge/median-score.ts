/**
 * Median of integer scores, itself an integer: the middle value, or for an even count the mean
 * of the two middle values rounded half up (80 and 85 give 83).
 */
export function medianScore(scores: readonly number[]): number {
  if (scores.length === 0) throw new RangeError('medianScore needs at least one score');
  const sorted = [...scores].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid]!;
  return Math.floor((sorted[mid - 1]! + sorted[mid]! + 1) / 2);
}
