import { z } from 'zod';
import { SCORE_BAND_NAMES, resolveScoreBand } from '../score-bands.js';
import { sizeDeciles } from '../validity/index.js';
import { bootstrapMean, bootstrapMeanDifference } from './bootstrap-mean.js';
import { cohortPulls, CohortPullsSchema } from './cohort-pulls.js';
import { cohortSpend, CohortSpendSchema } from './cohort-spend.js';
import { holmRejects } from './holm.js';
import { stratifiedDifference } from './stratified-difference.js';
import { COMPARED_SCORES, type ComparedItem, type ComparedScore } from './compared-item.js';

export { COMPARED_SCORES, type ComparedItem, type ComparedScore } from './compared-item.js';

const MeanCiSchema = z.object({ mean: z.number(), ciLow: z.number().nullable(), ciHigh: z.number().nullable() });

export const CohortSummarySchema = z.object({
  key: z.string(),
  n: z.number().int(),
  /** False when the cohort is listed but left out of the differences. */
  compared: z.boolean(),
  reason: z.string().nullable(),
  /** Means with a bootstrap 95% interval; a cohort under --min-n gets no interval. */
  categories: z.record(z.enum(COMPARED_SCORES), MeanCiSchema),
  bands: z.record(z.string(), z.number().int()),
  spend: CohortSpendSchema,
  /** Merge and one-shot rates when the cohort's tasks are pull requests; null otherwise. */
  pulls: CohortPullsSchema.nullable().default(null),
});

const IntervalSchema = z.object({ diff: z.number(), ciLow: z.number(), ciHigh: z.number() });

export const ScoreDifferenceSchema = z.object({
  a: z.string(),
  b: z.string(),
  category: z.enum(COMPARED_SCORES),
  /** mean(b) − mean(a), raw (the same as `raw`). */
  diff: z.number(),
  ciLow: z.number(),
  ciHigh: z.number(),
  paired: z.boolean(),
  n: z.number().int(),
  /** The plain difference of the two cohorts' means. */
  raw: IntervalSchema,
  /** Like with like: within strata of change size (and project), weighted by the pooled strata sizes; null with `reason` when it cannot be made. */
  adjusted: IntervalSchema.extend({ strata: z.number().int(), tasksLeftOut: z.number().int() }).nullable(),
  reason: z.string().nullable(),
  /** Two-sided bootstrap p-value of the estimate the verdict rests on (adjusted, or paired). */
  p: z.number(),
  /** The verdict's estimate excludes zero, after the correction for the number of pairs: only then is one side better. */
  clear: z.boolean(),
  /** `holm over N pairs` when the verdict was corrected; null with one pair. */
  correction: z.string().nullable(),
});

export const CohortComparisonSchema = z.object({
  by: z.string(),
  minN: z.number().int(),
  /** What the adjusted differences stratify by. */
  strata: z.array(z.string()),
  cohorts: z.array(CohortSummarySchema),
  differences: z.array(ScoreDifferenceSchema),
});

export type CohortSummary = z.output<typeof CohortSummarySchema>;
export type ScoreDifference = z.output<typeof ScoreDifferenceSchema>;
export type CohortComparison = z.output<typeof CohortComparisonSchema>;

export interface CompareCohortsOptions {
  by: string;
  minN?: number;
  seed?: number;
  iterations?: number;
  /** Keys that are not a real cohort (no model recorded...): listed, never compared. */
  unknownKey?: string;
  /** Family-wise error rate of the "clear" verdicts; 0.05. */
  alpha?: number;
}

export const DEFAULT_MIN_COHORT = 10;
/** Below this share of the pair's tasks in strata both cohorts have, they are not compared like with like. */
export const MIN_SHARED_SHARE = 0.5;

/**
 * Per cohort the mean of every score with a bootstrap 95% interval (none under --min-n), the band counts
 * and what the work cost; then, for each pair of cohorts large enough, the raw difference of means and the
 * difference adjusted for what each was given (strata of change size and project), with a verdict
 * corrected for the number of pairs (Holm). Most different first.
 */
export function compareCohorts(
  groups: ReadonlyMap<string, readonly ComparedItem[]>,
  options: CompareCohortsOptions,
): CohortComparison {
  const minN = options.minN ?? DEFAULT_MIN_COHORT;
  const seed = options.seed ?? 1;
  const stratumOf = strataFor(groups);
  const scores = cohortScores(stratumOf);
  const cohorts: CohortSummary[] = [...groups]
    .filter(([, items]) => items.length > 0)
    .sort((x, y) => y[1].length - x[1].length || (x[0] < y[0] ? -1 : 1))
    .map(([key, items]) => {
      const reason =
        key === options.unknownKey
          ? `no ${options.by} recorded`
          : items.length < minN
            ? `fewer than ${minN} tasks (--min-n)`
            : null;
      const small = items.length < minN;
      return {
        key,
        n: items.length,
        compared: reason === null,
        reason,
        categories: means((category) => scores(items, category).all, seed, options.iterations, small),
        bands: bandCounts(items),
        spend: cohortSpend(items),
        pulls: cohortPulls(items),
      };
    });
  const compared = cohorts.filter((c) => c.compared);
  const differences: ScoreDifference[] = [];
  for (let i = 0; i < compared.length; i++) {
    for (let j = i + 1; j < compared.length; j++) {
      const a = groups.get(compared[i]!.key)!;
      const b = groups.get(compared[j]!.key)!;
      for (const category of COMPARED_SCORES)
        differences.push(
          difference(
            compared[i]!.key,
            compared[j]!.key,
            scores(a, category),
            scores(b, category),
            category,
            seed,
            options.iterations,
          ),
        );
    }
  }
  const pairs = (compared.length * (compared.length - 1)) / 2;
  correct(differences, pairs, options.alpha ?? 0.05);
  differences.sort(
    (x, y) =>
      Number(y.clear) - Number(x.clear) ||
      Math.abs(verdictDiff(y)) - Math.abs(verdictDiff(x)) ||
      COMPARED_SCORES.indexOf(x.category) - COMPARED_SCORES.indexOf(y.category),
  );
  return { by: options.by, minN, strata: stratumOf.by, cohorts, differences };
}

/** The estimate a difference's verdict rests on: the adjusted one where there is one. */
export function verdictDiff(d: ScoreDifference): number {
  return d.adjusted?.diff ?? d.diff;
}

/**
 * Strata by size decile over every task compared (unknown sizes their own stratum), and by project when there
 * are several: each task's stratum key, computed once, aligned with its cohort's items.
 */
function strataFor(groups: ReadonlyMap<string, readonly ComparedItem[]>): {
  keysOf: Map<readonly ComparedItem[], string[]>;
  by: string[];
} {
  const items = [...groups.values()].flat();
  const deciles = sizeDeciles(items.map((i) => i.size ?? null));
  const projects = new Set(items.map((i) => i.project ?? ''));
  const byProject = projects.size > 1;
  const by = ['size decile (code lines added)', ...(byProject ? ['project'] : [])];
  const keysOf = new Map<readonly ComparedItem[], string[]>();
  let at = 0;
  for (const group of groups.values()) {
    keysOf.set(
      group,
      group.map((item, k) => `${byProject ? `${item.project ?? ''}|` : ''}${deciles[at + k]}`),
    );
    at += group.length;
  }
  return { keysOf, by };
}

/** A cohort's scores of one kind, whole and split by stratum, made once however many pairs it is in. */
function cohortScores(strata: ReturnType<typeof strataFor>) {
  const cache = new Map<
    readonly ComparedItem[],
    Map<ComparedScore, { all: number[]; byStratum: Map<string, number[]> }>
  >();
  return (items: readonly ComparedItem[], category: ComparedScore) => {
    let perCategory = cache.get(items);
    if (!perCategory) cache.set(items, (perCategory = new Map()));
    let made = perCategory.get(category);
    if (!made) {
      const keys = strata.keysOf.get(items)!;
      const all = new Array<number>(items.length);
      const byStratum = new Map<string, number[]>();
      for (let k = 0; k < items.length; k++) {
        const x = items[k]!.scores[category];
        all[k] = x;
        const list = byStratum.get(keys[k]!);
        if (list) list.push(x);
        else byStratum.set(keys[k]!, [x]);
      }
      perCategory.set(category, (made = { all, byStratum }));
    }
    return made;
  };
}

function difference(
  aKey: string,
  bKey: string,
  a: { all: readonly number[]; byStratum: ReadonlyMap<string, readonly number[]> },
  b: { all: readonly number[]; byStratum: ReadonlyMap<string, readonly number[]> },
  category: ComparedScore,
  seed: number,
  iterations?: number,
): ScoreDifference {
  const raw = bootstrapMeanDifference(a.all, b.all, seed, iterations);
  const adjusted = stratifiedDifference(a.byStratum, b.byStratum, seed, iterations);
  const n = a.all.length + b.all.length;
  const fair = adjusted !== null && n - adjusted.tasksLeftOut >= MIN_SHARED_SHARE * n;
  const base = {
    a: aKey,
    b: bKey,
    category,
    diff: raw.mean,
    ciLow: raw.ciLow,
    ciHigh: raw.ciHigh,
    paired: false,
    n,
    raw: { diff: raw.mean, ciLow: raw.ciLow, ciHigh: raw.ciHigh },
  };
  if (!fair) {
    const shared = adjusted ? n - adjusted.tasksLeftOut : 0;
    return {
      ...base,
      adjusted: null,
      reason: `cannot be compared fairly: only ${shared} of ${n} tasks fall in size strata both cohorts have`,
      p: 1,
      clear: false,
      correction: null,
    };
  }
  const { p, ...interval } = adjusted;
  return { ...base, adjusted: interval, reason: null, p, clear: false, correction: null };
}

/** Sets each difference's verdict: per score, Holm's correction over the pairs compared. */
function correct(differences: ScoreDifference[], pairs: number, alpha: number): void {
  for (const category of COMPARED_SCORES) {
    const these = differences.filter((d) => d.category === category);
    const rejects = holmRejects(
      these.map((d) => (d.adjusted ? d.p : 1)),
      alpha,
    );
    these.forEach((d, i) => {
      const interval = d.adjusted;
      d.clear = interval !== null && rejects[i]! && (interval.ciLow > 0 || interval.ciHigh < 0);
      d.correction = pairs > 1 ? `holm over ${pairs} pairs` : null;
    });
  }
}

function means(
  scoresOf: (category: ComparedScore) => readonly number[],
  seed: number,
  iterations: number | undefined,
  small: boolean,
): CohortSummary['categories'] {
  const out = {} as CohortSummary['categories'];
  for (const category of COMPARED_SCORES) {
    const xs = scoresOf(category);
    out[category] = small
      ? { mean: Math.round((xs.reduce((s, x) => s + x, 0) / xs.length) * 10) / 10, ciLow: null, ciHigh: null }
      : bootstrapMean(xs, seed, iterations);
  }
  return out;
}

export function bandCounts(items: readonly ComparedItem[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(SCORE_BAND_NAMES.map((b) => [b, 0]));
  for (const item of items) counts[resolveScoreBand(item.scores.overall)]! += 1;
  return counts;
}
