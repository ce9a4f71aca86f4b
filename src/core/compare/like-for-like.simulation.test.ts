import { describe, expect, it } from 'vitest';
import { seededRandom } from '../validity/index.js';
import { addMoments, likeForLikeDifference, moments, type Moments } from './like-for-like.js';

/**
 * Two cohorts with no true difference: each task's stratum drawn with falling odds (so most samples have strata
 * of one task), its value from the stratum's own distribution, the same for both cohorts. A 95% interval
 * must cover the true difference (zero) in at least 93% of the repetitions that give one, and a verdict
 * (the interval excluding zero) come out in at most 5% of all repetitions.
 */
function simulate(tasks: number, kind: 'mean' | 'rate', seed: number, repetitions = 1_000) {
  const random = seededRandom(seed);
  let intervals = 0;
  let covered = 0;
  let verdicts = 0;
  const strataCount = Math.max(3, Math.round(tasks / 4));
  // Zipf-like odds of each stratum: the first few are common, the rest rare.
  const weights = Array.from({ length: strataCount }, (_, i) => 1 / (i + 1));
  const norm = weights.reduce((x, y) => x + y, 0);
  const cumulative: number[] = [];
  weights.reduce((acc, w) => (cumulative.push(acc + w / norm), acc + w / norm), 0);
  for (let rep = 0; rep < repetitions; rep++) {
    // Each stratum: a centre and, for scores, a skewed spread (bounded 0-100 like real scores).
    const centres = Array.from({ length: strataCount }, () => 30 + random() * 55);
    const rates = Array.from({ length: strataCount }, () => 0.15 + random() * 0.8);
    const sides = [new Map<string, Moments>(), new Map<string, Moments>()];
    for (let t = 0; t < tasks; t++) {
      const u = random();
      let s = 0;
      while (s < strataCount - 1 && u >= cumulative[s]!) s++;
      const side = t < 2 ? t : random() < 0.5 ? 0 : 1;
      let value: number;
      if (kind === 'rate') value = random() < rates[s]! ? 1 : 0;
      else {
        const noise = random() < 0.8 ? gaussian(random) * 10 : -random() * 40;
        value = Math.max(0, Math.min(100, Math.round(centres[s]! + noise)));
      }
      const key = String(s);
      const map = sides[side]!;
      let m = map.get(key);
      if (!m) map.set(key, (m = { n: 0, sum: 0, sumSq: 0 }));
      addMoments(m, moments([value]));
    }
    const { difference } = likeForLikeDifference(sides[0]!, sides[1]!, kind);
    if (!difference) continue;
    intervals++;
    if (difference.ciLow <= 0 && difference.ciHigh >= 0) covered++;
    else verdicts++;
  }
  return { intervals, coverage: intervals ? covered / intervals : 1, verdictRate: verdicts / repetitions };
}

function gaussian(random: () => number): number {
  const u = Math.max(1e-12, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

describe('like-for-like intervals hold their coverage at every sample size', () => {
  for (const kind of ['mean', 'rate'] as const) {
    for (const tasks of [10, 14, 30, 100, 1_000]) {
      it(`${kind}s over ${tasks} tasks: covers zero in ≥ 93% of 1,000 repetitions, a verdict in ≤ 5%`, () => {
        const { intervals, coverage, verdictRate } = simulate(tasks, kind, tasks * 31 + (kind === 'rate' ? 7 : 0));
        if (process.env.SIMULATION_REPORT)
          process.stdout.write(
            `${kind} ${tasks}: ${intervals} intervals, coverage ${coverage.toFixed(3)}, verdicts ${verdictRate.toFixed(3)}\n`,
          );
        expect(coverage, `${intervals} intervals`).toBeGreaterThanOrEqual(0.93);
        expect(verdictRate).toBeLessThanOrEqual(0.05);
      });
    }
  }
});
