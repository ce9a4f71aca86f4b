import { z } from 'zod';
import { SCORE_BAND_NAMES, resolveScoreBand } from '../score-bands.js';
import { SCORE_CATEGORIES } from '../score-categories.js';
import { bootstrapMean, bootstrapMeanDifference, type MeanCi } from './bootstrap-mean.js';

/** The scores compared: the three categories and the overall score. */
export const COMPARED_SCORES = [...SCORE_CATEGORIES, 'overall'] as const;
export type ComparedScore = (typeof COMPARED_SCORES)[number];

/** One scored task of a cohort. */
export interface ComparedItem {
  taskId: string;
  resultId: string;
  scores: Record<ComparedScore, number>;
}

const MeanCiSchema = z.object({ mean: z.number(), ciLow: z.number(), ciHigh: z.number() });

export const CohortSummarySchema = z.object({
  key: z.string(),
  n: z.number().int(),
  /** False when the cohort is listed but left out of the differences. */
  compared: z.boolean(),
  reason: z.string().nullable(),
  categories: z.record(z.enum(COMPARED_SCORES), MeanCiSchema),
  bands: z.record(z.string(), z.number().int()),
});

export const ScoreDifferenceSchema = z.object({
  a: z.string(),
  b: z.string(),
  category: z.enum(COMPARED_SCORES),
  /** mean(b) − mean(a). */
  diff: z.number(),
  ciLow: z.number(),
  ciHigh: z.number(),
  paired: z.boolean(),
  n: z.number().int(),
  /** The interval excludes zero: only then is one side better. */
  clear: z.boolean(),
});

export const CohortComparisonSchema = z.object({
  by: z.string(),
  minN: z.number().int(),
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
}

export const DEFAULT_MIN_COHORT = 10;

/**
 * Per cohort the mean of every score with a bootstrap 95% interval and the band counts; then, for each
 * pair of cohorts large enough, the difference of means with its interval, most different first.
 */
export function compareCohorts(groups: ReadonlyMap<string, readonly ComparedItem[]>, options: CompareCohortsOptions): CohortComparison {
  const minN = options.minN ?? DEFAULT_MIN_COHORT;
  const seed = options.seed ?? 1;
  const cohorts: CohortSummary[] = [...groups]
    .filter(([, items]) => items.length > 0)
    .sort((x, y) => y[1].length - x[1].length || (x[0] < y[0] ? -1 : 1))
    .map(([key, items]) => {
      const reason = key === options.unknownKey ? `no ${options.by} recorded` : items.length < minN ? `fewer than ${minN} tasks (--min-n)` : null;
      return { key, n: items.length, compared: reason === null, reason, categories: means(items, seed, options.iterations), bands: bandCounts(items) };
    });
  const compared = cohorts.filter((c) => c.compared);
  const differences: ScoreDifference[] = [];
  for (let i = 0; i < compared.length; i++) {
    for (let j = i + 1; j < compared.length; j++) {
      const a = compared[i]!;
      const b = compared[j]!;
      for (const category of COMPARED_SCORES) {
        const d = bootstrapMeanDifference(scoresOf(groups.get(a.key)!, category), scoresOf(groups.get(b.key)!, category), seed, options.iterations);
        differences.push({ a: a.key, b: b.key, category, diff: d.mean, ciLow: d.ciLow, ciHigh: d.ciHigh, paired: false, n: a.n + b.n, clear: d.ciLow > 0 || d.ciHigh < 0 });
      }
    }
  }
  differences.sort((x, y) => Number(y.clear) - Number(x.clear) || Math.abs(y.diff) - Math.abs(x.diff) || COMPARED_SCORES.indexOf(x.category) - COMPARED_SCORES.indexOf(y.category));
  return { by: options.by, minN, cohorts, differences };
}

export function scoresOf(items: readonly ComparedItem[], category: ComparedScore): number[] {
  return items.map((i) => i.scores[category]);
}

function means(items: readonly ComparedItem[], seed: number, iterations?: number): Record<ComparedScore, MeanCi> {
  const out = {} as Record<ComparedScore, MeanCi>;
  for (const category of COMPARED_SCORES) out[category] = bootstrapMean(scoresOf(items, category), seed, iterations);
  return out;
}

export function bandCounts(items: readonly ComparedItem[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(SCORE_BAND_NAMES.map((b) => [b, 0]));
  for (const item of items) counts[resolveScoreBand(item.scores.overall)]! += 1;
  return counts;
}
