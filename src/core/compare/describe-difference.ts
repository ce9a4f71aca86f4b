import type { ScoreDifference } from './compare-cohorts.js';

const num = (x: number) => x.toFixed(1);
const signed = (x: number) => (x > 0 ? `+${num(x)}` : x < 0 ? `−${num(-x)}` : num(0));

/** A difference in words: who is higher and by how much, or "no clear difference" when the interval spans zero. */
export function describeDifference(d: ScoreDifference): string {
  const interval = `95% CI ${signed(d.ciLow)} to ${signed(d.ciHigh)}`;
  if (!d.clear) return `no clear difference (${signed(d.diff)}, ${interval})`;
  const [higher, lower] = d.diff > 0 ? [d.b, d.a] : [d.a, d.b];
  return `${higher} higher than ${lower} by ${num(Math.abs(d.diff))} (${interval})`;
}
