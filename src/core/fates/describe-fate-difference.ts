import {
  FATE_RATES,
  type CohortFates,
  type FateComparison,
  type FateDifference,
  type FateRate,
} from './compare-cohort-fates.js';

const WHAT: Record<FateRate, string> = {
  merged: 'pull requests were merged',
  reverted: 'changes were reverted',
  fixed: 'changes were fixed later',
  oneShot: 'pull requests were merged in one shot',
};

const pct = (x: number) => `${Math.round(x * 100)}%`;
const pts = (x: number) => (x > 0 ? `+${x.toFixed(1)}` : x < 0 ? `−${(-x).toFixed(1)}` : '0.0');

/**
 * A pair's difference in a rate as one sentence a lead can act on: both rates, then the like-for-like difference
 * with its interval, or why there is none. `strataWords` says what "like for like" held equal.
 */
export function describeFateDifference(
  d: FateDifference,
  cohorts: readonly CohortFates[],
  strataWords: string,
  /** Pairs compared for this rate: an interval clear of zero that Holm's correction over them keeps unclear says so. */
  pairs = 1,
): string {
  const rateOf = (key: string) => cohorts.find((c) => c.key === key)?.rates[d.rate] ?? null;
  const a = rateOf(d.a);
  const b = rateOf(d.b);
  // The higher rate first: "b's ... 95% vs a's 32%".
  const [first, second, r1, r2] = (b?.rate ?? 0) >= (a?.rate ?? 0) ? [d.b, d.a, b, a] : [d.a, d.b, a, b];
  const head = `${first}'s ${WHAT[d.rate]} ${r1 ? pct(r1.rate) : '?'} (${r1?.n ?? 0}) vs ${second}'s ${r2 ? pct(r2.rate) : '?'} (${r2?.n ?? 0})`;
  if (!d.adjusted) return `${head}; not compared like for like: ${d.reason ?? 'no fate known'}`;
  const sign = first === d.b ? 1 : -1;
  const diff = sign * d.adjusted.diff;
  const [lo, hi] = sign === 1 ? [d.adjusted.ciLow, d.adjusted.ciHigh] : [-d.adjusted.ciHigh, -d.adjusted.ciLow];
  const interval = `${pts(diff)} points, 95% CI ${pts(lo)} to ${pts(hi)}`;
  const corrected = pairs > 1 && (lo > 0 || hi < 0) ? ` after Holm over ${pairs} pairs` : '';
  return d.clear
    ? `${head}; like for like (${strataWords}) ${interval}`
    : `${head}; like for like (${strataWords}) no clear difference${corrected} (${interval})`;
}

/** Sentences a comparison's reader sees at most: every verdict first, then the merge rates. */
export const MAX_FATE_SENTENCES = 12;

/**
 * A comparison's pairs in the order they are told, verdicts first, then by rate (merged first), then those compared
 * like for like; the first `most` as sentences, and how many more there are.
 */
export function fateSentences(
  report: FateComparison,
  most = MAX_FATE_SENTENCES,
): { sentences: { difference: FateDifference; text: string }[]; more: number } {
  const strataWords = `same ${report.strata.join(' and ')}`;
  const pairs = (rate: FateRate) => report.differences.filter((d) => d.rate === rate).length;
  const ordered = [...report.differences].sort(
    (x, y) =>
      Number(y.clear) - Number(x.clear) ||
      FATE_RATES.indexOf(x.rate) - FATE_RATES.indexOf(y.rate) ||
      Number(y.adjusted !== null) - Number(x.adjusted !== null),
  );
  return {
    sentences: ordered.slice(0, most).map((difference) => ({
      difference,
      text: describeFateDifference(difference, report.cohorts, strataWords, pairs(difference.rate)),
    })),
    more: Math.max(0, ordered.length - most),
  };
}
