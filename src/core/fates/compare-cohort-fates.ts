import { z } from 'zod';
import { RateSchema, wilson } from '../compare/cohort-pulls.js';
import { holmRejects } from '../compare/holm.js';
import { likeForLikeDifference, type Moments } from '../compare/like-for-like.js';
import type { TaskFate } from './task-fate.js';

/** The rates a cohort's fates give, in the order they are shown. */
export const FATE_RATES = ['merged', 'reverted', 'fixed', 'oneShot'] as const;
export type FateRate = (typeof FATE_RATES)[number];

/** Whether a rate going up is good news. */
export const HIGHER_IS_BETTER: Record<FateRate, boolean> = {
  merged: true,
  reverted: false,
  fixed: false,
  oneShot: true,
};

export const CohortFatesSchema = z.object({
  key: z.string(),
  /** Tasks compared, and how many of them have a fate kept. */
  n: z.number().int(),
  fatesKnown: z.number().int(),
  pulls: z.object({
    merged: z.number().int(),
    closed: z.number().int(),
    open: z.number().int(),
    unmerged: z.number().int(),
  }),
  /** Each rate over the tasks whose answer is known, with a Wilson 95% interval; null when none is. */
  rates: z.record(z.enum(FATE_RATES), RateSchema.nullable()),
  medianHoursToMerge: z.number().nullable(),
  /** Agent cost: how many tasks have one, its mean, and its sum over the merged pull requests. */
  cost: z.object({
    known: z.number().int(),
    perTaskUsd: z.number().nullable(),
    perMergedUsd: z.number().nullable(),
  }),
});

const IntervalSchema = z.object({ diff: z.number(), ciLow: z.number(), ciHigh: z.number() });

export const FateDifferenceSchema = z.object({
  a: z.string(),
  b: z.string(),
  rate: z.enum(FATE_RATES),
  /** rate(b) − rate(a) in points (percent), with its 95% interval. */
  raw: IntervalSchema.nullable(),
  /** Like for like: within strata both cohorts have; null with `reason` when it cannot be made. */
  adjusted: IntervalSchema.extend({ strata: z.number().int(), tasksLeftOut: z.number().int() }).nullable(),
  reason: z.string().nullable(),
  p: z.number(),
  /** The adjusted interval excludes zero after Holm's correction over the pairs. */
  clear: z.boolean(),
});

export const FateComparisonSchema = z.object({
  by: z.string(),
  /** What the adjusted differences stratify by. */
  strata: z.array(z.string()),
  cohorts: z.array(CohortFatesSchema),
  differences: z.array(FateDifferenceSchema),
});

export type CohortFates = z.output<typeof CohortFatesSchema>;
export type FateDifference = z.output<typeof FateDifferenceSchema>;
export type FateComparison = z.output<typeof FateComparisonSchema>;

/** One compared task: its cohort, its stratum (what it was given), its kept fate and its agent cost. */
export interface FateItem {
  cohort: string;
  stratum: string;
  fate: TaskFate | null;
  agentCostUsd: number | null;
}

/** A task's 0/1 answer for a rate; null when not known. */
export function fateValue(fate: TaskFate | null, rate: FateRate): 0 | 1 | null {
  if (!fate) return null;
  const pull = fate.pull;
  const yes = (b: boolean | null) => (b === null ? null : b ? 1 : 0);
  switch (rate) {
    case 'merged':
      return !pull || pull.state === 'open' ? null : pull.state === 'merged' ? 1 : 0;
    case 'reverted':
      return pull && pull.state !== 'merged' ? null : yes(fate.reverted);
    case 'fixed':
      return pull && pull.state !== 'merged' ? null : yes(fate.fixed);
    case 'oneShot':
      return !pull || pull.state === 'open' || pull.iterations === null
        ? null
        : pull.state === 'merged' && pull.iterations === 0 && (pull.reviewRounds ?? 0) <= 1
          ? 1
          : 0;
  }
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const r1 = (x: number) => Math.round(x * 10) / 10;

/**
 * What happened to each cohort's work, first: merge, revert, later-fix and one-shot rates with intervals, time to
 * merge and cost; then for every pair of cohorts with at least `minN` tasks, each rate's difference raw and like
 * for like (within the strata given), with verdicts corrected for the number of pairs (Holm).
 */
export function compareCohortFates(
  items: readonly FateItem[],
  options: { by: string; strata: string[]; minN: number; unknownKey?: string; alpha?: number },
): FateComparison {
  const groups = new Map<string, FateItem[]>();
  for (const item of items) {
    const list = groups.get(item.cohort);
    if (list) list.push(item);
    else groups.set(item.cohort, [item]);
  }
  const ordered = [...groups].sort((x, y) => y[1].length - x[1].length || (x[0] < y[0] ? -1 : 1));
  const cohorts = ordered.map(([key, list]) => summarize(key, list));
  const compared = ordered.filter(([key, list]) => key !== options.unknownKey && list.length >= options.minN);
  const differences: FateDifference[] = [];
  for (const rate of FATE_RATES) {
    const these: FateDifference[] = [];
    for (let i = 0; i < compared.length; i++)
      for (let j = i + 1; j < compared.length; j++)
        these.push(difference(compared[i]![0], compared[j]![0], compared[i]![1], compared[j]![1], rate));
    const rejects = holmRejects(
      these.map((d) => (d.adjusted ? d.p : 1)),
      options.alpha ?? 0.05,
    );
    these.forEach(
      (d, i) => (d.clear = d.adjusted !== null && rejects[i]! && (d.adjusted.ciLow > 0 || d.adjusted.ciHigh < 0)),
    );
    differences.push(...these.filter((d) => d.raw !== null));
  }
  return { by: options.by, strata: options.strata, cohorts, differences };
}

function summarize(key: string, list: readonly FateItem[]): CohortFates {
  const fates = list.flatMap((i) => (i.fate ? [i.fate] : []));
  const pulls = { merged: 0, closed: 0, open: 0, unmerged: 0 };
  for (const f of fates) if (f.pull) pulls[f.pull.state]++;
  const rates = {} as CohortFates['rates'];
  for (const rate of FATE_RATES) {
    const values = list.flatMap((i) => {
      const v = fateValue(i.fate, rate);
      return v === null ? [] : [v];
    });
    const k = values.filter((v) => v === 1).length;
    rates[rate] = values.length ? { n: values.length, k, ...wilson(k, values.length) } : null;
  }
  const hours = fates
    .flatMap((f) => (f.pull?.state === 'merged' && f.pull.hoursToMerge !== null ? [f.pull.hoursToMerge] : []))
    .sort((a, b) => a - b);
  const costs = list.filter((i) => i.agentCostUsd !== null);
  // What a merged change cost: every decided pull request's cost (the closed ones too) over those merged.
  const decided = costs.filter((i) => i.fate?.pull && i.fate.pull.state !== 'open');
  const mergedCount = decided.filter((i) => i.fate!.pull!.state === 'merged').length;
  const sum = (xs: readonly FateItem[]) => xs.reduce((s, i) => s + i.agentCostUsd!, 0);
  return {
    key,
    n: list.length,
    fatesKnown: fates.length,
    pulls,
    rates,
    medianHoursToMerge: hours.length ? r1(median(hours)) : null,
    cost: {
      known: costs.length,
      perTaskUsd: costs.length ? r3(sum(costs) / costs.length) : null,
      // Every pull request's cost over those merged: what a merged change cost, failures included.
      perMergedUsd: mergedCount ? r3(sum(decided) / mergedCount) : null,
    },
  };
}

function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function difference(
  aKey: string,
  bKey: string,
  a: readonly FateItem[],
  b: readonly FateItem[],
  rate: FateRate,
): FateDifference {
  const strataOf = (list: readonly FateItem[], whole: boolean) => {
    const out = new Map<string, Moments>();
    for (const item of list) {
      const v = fateValue(item.fate, rate);
      if (v === null) continue;
      const key = whole ? 'all' : item.stratum;
      const m = out.get(key) ?? { n: 0, sum: 0, sumSq: 0 };
      m.n += 1;
      m.sum += v;
      m.sumSq += v;
      out.set(key, m);
    }
    return out;
  };
  const wholeA = strataOf(a, true);
  const wholeB = strataOf(b, true);
  const base = { a: aKey, b: bKey, rate };
  if (!wholeA.size || !wholeB.size)
    return { ...base, raw: null, adjusted: null, reason: 'no fate known on one side', p: 1, clear: false };
  const raw = likeForLikeDifference(wholeA, wholeB, 'rate').difference!;
  const adjusted = likeForLikeDifference(strataOf(a, false), strataOf(b, false), 'rate');
  const points = (x: number) => r1(x * 100);
  return {
    ...base,
    raw: { diff: points(raw.diff), ciLow: points(raw.ciLow), ciHigh: points(raw.ciHigh) },
    adjusted: adjusted.difference
      ? {
          diff: points(adjusted.difference.diff),
          ciLow: points(adjusted.difference.ciLow),
          ciHigh: points(adjusted.difference.ciHigh),
          strata: adjusted.difference.strata,
          tasksLeftOut: adjusted.difference.tasksLeftOut,
        }
      : null,
    reason: adjusted.reason,
    p: adjusted.difference?.p ?? 1,
    clear: false,
  };
}
