import { z } from 'zod';
import { SCORE_BAND_NAMES, resolveScoreBand } from '../score-bands.js';
import { bootstrapMean, round1, sampleOfCounts, type ScoreSample } from './bootstrap-mean.js';
import { cohortPulls, CohortPullsSchema, type CohortPulls } from './cohort-pulls.js';
import { CohortSpendSchema, spendOfSums, type SpendSums } from './cohort-spend.js';
import {
  cellsOfGroups,
  decilesOfCells,
  emptyCell,
  countsOf,
  mergeCell,
  type CompareCell,
  type ScoreCounts,
} from './compare-cell.js';
import { holmRejects } from './holm.js';
import { likeForLikeDifference, type Moments } from './like-for-like.js';
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
export { MIN_SHARED_SHARE } from './like-for-like.js';

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
  const pulls = new Map([...groups].map(([key, items]) => [key, cohortPulls(items)]));
  return compareCohortCells(cellsOfGroups(groups), { ...options, pulls });
}

/**
 * The same comparison from cells (cohort, project and size with their scores counted): what a store that
 * keeps such sums hands over instead of every result. `pulls` gives each cohort's pull request rates.
 */
export function compareCohortCells(cells: readonly CompareCell[], options: CompareCellsOptions): CohortComparison {
  const steps = compareCohortCellsInSteps(cells, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export type CompareCellsOptions = CompareCohortsOptions & { pulls?: ReadonlyMap<string, CohortPulls | null> };

/**
 * compareCohortCells one bounded step at a time (a cohort's means, one difference): a server drives it and
 * answers other requests between steps, however long the whole comparison takes.
 */
export function* compareCohortCellsInSteps(
  cells: readonly CompareCell[],
  options: CompareCellsOptions,
): Generator<undefined, CohortComparison> {
  const minN = options.minN ?? DEFAULT_MIN_COHORT;
  const seed = options.seed ?? 1;
  const { cohorts: tallies, by } = tallyCohorts(cells);
  const cohorts: CohortSummary[] = [];
  const ordered = [...tallies].filter(([, t]) => t.n > 0).sort((x, y) => y[1].n - x[1].n || (x[0] < y[0] ? -1 : 1));
  for (const [key, t] of ordered) {
    yield;
    const reason =
      key === options.unknownKey
        ? `no ${options.by} recorded`
        : t.n < minN
          ? `fewer than ${minN} tasks (--min-n)`
          : null;
    cohorts.push({
      key,
      n: t.n,
      compared: reason === null,
      reason,
      categories: means(t.all, seed, options.iterations, t.n < minN),
      bands: bandCountsOf(t.overall),
      spend: spendOfSums(t.spend),
      pulls: options.pulls?.get(key) ?? null,
    });
  }
  const compared = cohorts.filter((c) => c.compared);
  const differences: ScoreDifference[] = [];
  for (let i = 0; i < compared.length; i++) {
    for (let j = i + 1; j < compared.length; j++) {
      const a = tallies.get(compared[i]!.key)!;
      const b = tallies.get(compared[j]!.key)!;
      for (const category of COMPARED_SCORES) {
        yield;
        differences.push(
          difference(
            compared[i]!.key,
            compared[j]!.key,
            { all: a.all[category], byStratum: a.byStratum[category] },
            { all: b.all[category], byStratum: b.byStratum[category] },
            category,
          ),
        );
      }
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
  return { by: options.by, minN, strata: by, cohorts, differences };
}

/** The estimate a difference's verdict rests on: the adjusted one where there is one. */
export function verdictDiff(d: ScoreDifference): number {
  return d.adjusted?.diff ?? d.diff;
}

/** One cohort's scores as samples, whole and per stratum, and its overall counts and spend. */
interface CohortTally {
  n: number;
  all: Record<ComparedScore, ScoreSample>;
  byStratum: Record<ComparedScore, Map<string, ScoreSample>>;
  overall: ScoreCounts;
  spend: SpendSums;
}

/**
 * Per cohort its tasks summed, whole and by stratum: size decile over every task compared (unknown sizes
 * their own stratum), and project when there are several.
 */
function tallyCohorts(cells: readonly CompareCell[]): { cohorts: Map<string, CohortTally>; by: string[] } {
  const deciles = decilesOfCells(cells);
  const byProject = new Set(cells.map((c) => c.project)).size > 1;
  const by = ['size decile (code lines added)', ...(byProject ? ['project'] : [])];
  const whole = new Map<string, CompareCell>();
  const strata = new Map<string, Map<string, CompareCell>>();
  for (const cell of cells) {
    const stratum = `${byProject ? `${cell.project}|` : ''}${cell.size === null ? -1 : deciles.get(cell.size)!}`;
    let all = whole.get(cell.cohort);
    if (!all) whole.set(cell.cohort, (all = emptyCell(cell.cohort, '', null)));
    mergeCell(all, cell);
    let mine = strata.get(cell.cohort);
    if (!mine) strata.set(cell.cohort, (mine = new Map()));
    let part = mine.get(stratum);
    if (!part) mine.set(stratum, (part = emptyCell(cell.cohort, cell.project, null)));
    mergeCell(part, cell);
  }
  const cohorts = new Map<string, CohortTally>();
  for (const [key, all] of whole) {
    const samples = {} as CohortTally['all'];
    const byStratum = {} as CohortTally['byStratum'];
    for (const s of COMPARED_SCORES) {
      samples[s] = sampleOfCounts(countsOf(all.counts, s));
      byStratum[s] = new Map(
        [...strata.get(key)!]
          .sort(([x], [y]) => (x < y ? -1 : 1))
          .map(([k, c]) => [k, sampleOfCounts(countsOf(c.counts, s))]),
      );
    }
    cohorts.set(key, { n: all.n, all: samples, byStratum, overall: countsOf(all.counts, 'overall'), spend: all.spend });
  }
  return { cohorts, by };
}

function difference(
  aKey: string,
  bKey: string,
  a: { all: ScoreSample; byStratum: ReadonlyMap<string, ScoreSample> },
  b: { all: ScoreSample; byStratum: ReadonlyMap<string, ScoreSample> },
  category: ComparedScore,
): ScoreDifference {
  const whole = (x: ScoreSample) => new Map([['all', momentsOf(x)]]);
  const byStratum = (m: ReadonlyMap<string, ScoreSample>) => new Map([...m].map(([k, x]) => [k, momentsOf(x)]));
  const raw = likeForLikeDifference(whole(a.all), whole(b.all), 'mean');
  const adjusted = likeForLikeDifference(byStratum(a.byStratum), byStratum(b.byStratum), 'mean');
  const n = a.all.n + b.all.n;
  const rawDiff = round1(b.all.mean - a.all.mean);
  const rawInterval = raw.difference
    ? { diff: rawDiff, ciLow: round1(raw.difference.ciLow), ciHigh: round1(raw.difference.ciHigh) }
    : { diff: rawDiff, ciLow: rawDiff, ciHigh: rawDiff };
  const base = {
    a: aKey,
    b: bKey,
    category,
    diff: rawInterval.diff,
    ciLow: rawInterval.ciLow,
    ciHigh: rawInterval.ciHigh,
    paired: false,
    n,
    raw: rawInterval,
  };
  if (!adjusted.difference) {
    return {
      ...base,
      adjusted: null,
      reason: `cannot be compared fairly: ${adjusted.reason}`,
      p: 1,
      clear: false,
      correction: null,
    };
  }
  const d = adjusted.difference;
  return {
    ...base,
    adjusted: {
      diff: round1(d.diff),
      ciLow: round1(d.ciLow),
      ciHigh: round1(d.ciHigh),
      strata: d.strata,
      tasksLeftOut: d.tasksLeftOut,
    },
    reason: null,
    p: d.p,
    clear: false,
    correction: null,
  };
}

/** A sample's sums: its count, sum and sum of squares (its sd is the population one). */
function momentsOf(x: ScoreSample): Moments {
  return { n: x.n, sum: x.n * x.mean, sumSq: x.n * (x.sd * x.sd + x.mean * x.mean) };
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
  samples: Record<ComparedScore, ScoreSample>,
  seed: number,
  iterations: number | undefined,
  small: boolean,
): CohortSummary['categories'] {
  const out = {} as CohortSummary['categories'];
  for (const category of COMPARED_SCORES) {
    const xs = samples[category];
    out[category] = small
      ? { mean: Math.round(xs.mean * 10) / 10, ciLow: null, ciHigh: null }
      : bootstrapMean(xs, seed, iterations);
  }
  return out;
}

/** Band counts from overall scores counted by value. */
function bandCountsOf(overall: ScoreCounts): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(SCORE_BAND_NAMES.map((b) => [b, 0]));
  for (let v = 0; v < overall.length; v++) if (overall[v]) counts[resolveScoreBand(v)]! += overall[v]!;
  return counts;
}
