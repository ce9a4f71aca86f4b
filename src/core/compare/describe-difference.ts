import type { ScoreDifference } from './compare-cohorts.js';

const num = (x: number) => x.toFixed(1);
const signed = (x: number) => (x > 0 ? `+${num(x)}` : x < 0 ? `−${num(-x)}` : num(0));

/**
 * A difference in words: who is higher and by how much, by the adjusted estimate where there is one, or
 * "no clear difference" when its interval spans zero (or the correction for several pairs says so), or
 * why the cohorts cannot be compared fairly.
 */
export function describeDifference(d: ScoreDifference): string {
  const shown = d.adjusted ?? d.raw ?? { diff: d.diff, ciLow: d.ciLow, ciHigh: d.ciHigh };
  const like = d.adjusted ? ' like for like' : '';
  const interval = `95% CI ${signed(shown.ciLow)} to ${signed(shown.ciHigh)}`;
  const corrected = d.correction ? `, ${d.correction}` : '';
  if (!d.paired && !d.adjusted && d.reason)
    return `not compared like for like: ${d.reason.replace(/^cannot be compared fairly: /, '')}`;
  if (!d.clear) return `no clear difference${like} (${signed(shown.diff)}, ${interval}${corrected})`;
  const [higher, lower] = shown.diff > 0 ? [d.b, d.a] : [d.a, d.b];
  return `${higher} higher than ${lower} by ${num(Math.abs(shown.diff))}${like} (${interval}${corrected})`;
}
