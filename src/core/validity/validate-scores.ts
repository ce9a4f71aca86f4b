import { z } from 'zod';
import { SCORE_BAND_NAMES, resolveScoreBand } from '../score-bands.js';
import { SCORE_CATEGORIES } from '../score-categories.js';
import { computeAuc, computeGroupedAuc } from './compute-auc.js';
import { seededRandom } from './seeded-random.js';
import { sizeDeciles } from './size-deciles.js';
import { spearmanRho } from './spearman-rho.js';

export const VALIDATED_SCORES = [...SCORE_CATEGORIES, 'overall'] as const;
export type ValidatedScore = (typeof VALIDATED_SCORES)[number];

/** One task as validate sees it: its scores, the points of each rule that applied, its label and size. */
export interface ValidationItem {
  taskId: string;
  /** Integer 0..100 per category and overall. */
  scores: Record<ValidatedScore, number>;
  /** Points per `category:rule` (summed); a rule that did not apply is absent. */
  rulePoints: Record<string, number>;
  /** true = bad (binary label), or a rating where higher is better (ordinal label). */
  label: boolean | number;
  /** Code lines the task added, or null when unknown. */
  size: number | null;
  /** The repository it belongs to, when items come from several: AUC is then also taken within each. */
  project?: string | null;
}

const nullableNumber = z.number().nullable();

export const ScoreValiditySchema = z.object({
  /** P(a bad task scores lower than a good one), ties half; null for ordinal labels. */
  auc: nullableNumber,
  /** Spearman's rho between score and rating; null for binary labels. */
  rho: nullableNumber,
  /** Seeded bootstrap 95% interval of auc (binary) or rho (ordinal). */
  ciLow: nullableNumber,
  ciHigh: nullableNumber,
  /** The same statistic with pairs (or ranks) taken within size deciles only. */
  withinSizeAuc: nullableNumber,
  /** AUC with pairs taken within one project only; null with a single project (older reports lack it). */
  withinProjectAuc: nullableNumber.default(null),
  distinct: z.number().int(),
  /** Share of tasks on the most common value. */
  topShare: z.number(),
  /** Per band, lowest first: tasks scored in it and, for a binary label, how many were bad and their share (null with none). */
  bands: z.array(
    z.object({
      band: z.enum(SCORE_BAND_NAMES as [string, ...string[]]),
      n: z.number().int(),
      bad: z.number().int().nullable(),
      rate: nullableNumber,
    }),
  ),
});

export const ValidationReportSchema = z.object({
  label: z.string(),
  kind: z.enum(['binary', 'ordinal']),
  n: z.number().int(),
  /** Bad and good counts for a binary label; null for ordinal. */
  bad: z.number().int().nullable(),
  good: z.number().int().nullable(),
  /** Tasks with a known size (the within-size figures use only these). */
  sized: z.number().int(),
  /** Projects the items come from; with more than one the bootstrap resamples whole projects. */
  projects: z.number().int().default(1),
  categories: z.object(
    Object.fromEntries(VALIDATED_SCORES.map((c) => [c, ScoreValiditySchema])) as Record<
      ValidatedScore,
      typeof ScoreValiditySchema
    >,
  ),
  rules: z.array(z.object({ rule: z.string(), fired: z.number().int(), auc: nullableNumber, rho: nullableNumber })),
  bootstrap: z.object({
    iterations: z.number().int(),
    seed: z.number().int(),
    /** What was resampled: tasks; whole projects (five or more); or tasks within each project (two to four, too few to resample). */
    by: z.enum(['task', 'project', 'task within project']).default('task'),
  }),
  /** In words: each score that ranks the wrong way (AUC under 0.5, or a negative rho). */
  warnings: z.array(z.string()),
});

export type ScoreValidity = z.output<typeof ScoreValiditySchema>;

/** Below this many projects, drawing whole projects gives a handful of distinct resamples: tasks are drawn within each instead. */
export const MIN_RESAMPLED_PROJECTS = 5;
export type ValidationReport = z.output<typeof ValidationReportSchema>;

export interface ValidateScoresOptions {
  label: string;
  iterations?: number;
  seed?: number;
}

/**
 * How well each score predicts the label: AUC (binary) or Spearman's rho (ordinal) with a seeded bootstrap
 * 95% interval, the same within size deciles, how spread the scores are, and each rubric rule's own
 * figure. Same items and seed, same report.
 */
export function validateScores(items: readonly ValidationItem[], options: ValidateScoresOptions): ValidationReport {
  const iterations = options.iterations ?? 1000;
  const seed = options.seed ?? 1;
  const ordinal = items.some((i) => typeof i.label === 'number');
  const deciles = sizeDeciles(items.map((i) => i.size));
  const projectNames = [...new Set(items.map((i) => i.project ?? ''))];
  // A pull request's repository explains much of its fate: with several, resample and pair within projects.
  const projects = projectNames.length > 1 ? items.map((i) => projectNames.indexOf(i.project ?? '')) : null;
  const by = !projects ? 'task' : projectNames.length >= MIN_RESAMPLED_PROJECTS ? 'project' : 'task within project';
  const categories = Object.fromEntries(
    VALIDATED_SCORES.map((c) => {
      const scores = items.map((i) => i.scores[c]);
      return [c, scoreValidity(scores, items, deciles, projects, by, ordinal, iterations, seed)];
    }),
  ) as Record<ValidatedScore, ScoreValidity>;
  const ruleIds = [...new Set(items.flatMap((i) => Object.keys(i.rulePoints)))].sort();
  const rules = ruleIds.map((rule) => {
    const points = items.map((i) => i.rulePoints[rule] ?? 0);
    const fired = points.filter((p) => p !== 0).length;
    return ordinal
      ? {
          rule,
          fired,
          auc: null,
          rho: round(
            spearmanRho(
              points,
              items.map((i) => i.label as number),
            ),
          ),
        }
      : { rule, fired, auc: round(binaryAuc(points, items)), rho: null };
  });
  const badCount = ordinal ? null : items.filter((i) => i.label === true).length;
  return {
    label: options.label,
    kind: ordinal ? 'ordinal' : 'binary',
    n: items.length,
    bad: badCount,
    good: badCount === null ? null : items.length - badCount,
    sized: deciles.filter((d) => d >= 0).length,
    projects: Math.max(1, projectNames.length),
    categories,
    rules,
    bootstrap: { iterations, seed, by },
    warnings: wrongWay(categories, ordinal),
  };
}

function wrongWay(categories: Record<ValidatedScore, ScoreValidity>, ordinal: boolean): string[] {
  return VALIDATED_SCORES.flatMap((c) => {
    const v = categories[c];
    if (ordinal)
      return v.rho !== null && v.rho < 0
        ? [`${c} ranks the wrong way (rho ${v.rho.toFixed(3)} < 0): higher scores went with lower ratings`]
        : [];
    return v.auc !== null && v.auc < 0.5
      ? [
          `${c} ranks the wrong way (AUC ${v.auc.toFixed(3)} < 0.5): bad tasks scored higher than good ones more often than not`,
        ]
      : [];
  });
}

function scoreValidity(
  scores: number[],
  items: readonly ValidationItem[],
  deciles: number[],
  projects: readonly number[] | null,
  by: ValidationReport['bootstrap']['by'],
  ordinal: boolean,
  iterations: number,
  seed: number,
): ScoreValidity {
  const resample =
    projects && by === 'project'
      ? clusterBootstrap(projects)
      : projects
        ? stratifiedBootstrap(projects)
        : bootstrap(items.length);
  const spread = distribution(scores);
  if (ordinal) {
    const ratings = items.map((i) => i.label as number);
    const [ciLow, ciHigh] = resample(iterations, seed, (idx) =>
      spearmanRho(
        idx.map((k) => scores[k]!),
        idx.map((k) => ratings[k]!),
      ),
    );
    return {
      auc: null,
      rho: round(spearmanRho(scores, ratings)),
      ciLow,
      ciHigh,
      withinSizeAuc: null,
      withinProjectAuc: null,
      ...spread,
      bands: bandRates(scores, null),
    };
  }
  const bad = items.map((i) => i.label === true);
  const [ciLow, ciHigh] = resample(iterations, seed, (idx) => histogramAuc(idx, scores, bad));
  const withinSizeAuc = computeGroupedAuc(
    items.map((_, k) => ({ score: scores[k]!, bad: bad[k]!, group: deciles[k]! })).filter((x) => x.group >= 0),
  );
  return {
    auc: round(binaryAuc(scores, items)),
    rho: null,
    ciLow,
    ciHigh,
    withinSizeAuc: round(withinSizeAuc),
    withinProjectAuc: projects
      ? round(computeGroupedAuc(items.map((_, k) => ({ score: scores[k]!, bad: bad[k]!, group: projects[k]! }))))
      : null,
    ...spread,
    bands: bandRates(scores, bad),
  };
}

/** What share of each band's tasks were bad: a score read as risk. */
function bandRates(scores: readonly number[], bad: readonly boolean[] | null): ScoreValidity['bands'] {
  return SCORE_BAND_NAMES.map((band) => {
    const inBand = scores.flatMap((s, k) =>
      resolveScoreBand(Math.max(0, Math.min(100, Math.round(s)))) === band ? [k] : [],
    );
    const badCount = bad ? inBand.filter((k) => bad[k]).length : null;
    return {
      band,
      n: inBand.length,
      bad: badCount,
      rate: badCount === null || inBand.length === 0 ? null : round(badCount / inBand.length),
    };
  });
}

function binaryAuc(values: readonly number[], items: readonly ValidationItem[]): number | null {
  const bad: number[] = [];
  const good: number[] = [];
  items.forEach((item, k) => (item.label === true ? bad : good).push(values[k]!));
  return computeAuc(bad, good);
}

/** AUC of integer scores 0..100 over a resample, by counting: O(n) per bootstrap iteration. */
function histogramAuc(idx: readonly number[], scores: readonly number[], bad: readonly boolean[]): number | null {
  const badHist = new Float64Array(101);
  const goodHist = new Float64Array(101);
  let nb = 0;
  let ng = 0;
  for (const k of idx) {
    const s = Math.max(0, Math.min(100, Math.round(scores[k]!)));
    if (bad[k]) {
      badHist[s]! += 1;
      nb += 1;
    } else {
      goodHist[s]! += 1;
      ng += 1;
    }
  }
  if (nb === 0 || ng === 0) return null;
  let below = 0;
  let u = 0;
  for (let s = 0; s <= 100; s += 1) {
    u += goodHist[s]! * (below + badHist[s]! / 2);
    below += badHist[s]!;
  }
  return u / (nb * ng);
}

type Resample = (
  iterations: number,
  seed: number,
  statistic: (idx: number[]) => number | null,
) => [number | null, number | null];

/** Percentile 95% interval of a statistic over resamples of the n items with replacement. */
function bootstrap(n: number): Resample {
  return (iterations, seed, statistic) => {
    if (n === 0 || iterations === 0) return [null, null];
    const random = seededRandom(seed);
    const idx = new Array<number>(n);
    return percentiles(iterations, () => {
      for (let k = 0; k < n; k += 1) idx[k] = Math.floor(random() * n);
      return statistic(idx);
    });
  };
}

/** The same, resampling whole projects (clusters) with replacement and taking every item of each drawn. */
function clusterBootstrap(projects: readonly number[]): Resample {
  const members = membersOf(projects);
  return (iterations, seed, statistic) => {
    if (members.length === 0 || iterations === 0) return [null, null];
    const random = seededRandom(seed);
    return percentiles(iterations, () => {
      const idx: number[] = [];
      for (let c = 0; c < members.length; c += 1) idx.push(...members[Math.floor(random() * members.length)]!);
      return statistic(idx);
    });
  };
}

/** Tasks resampled within each project, so every resample keeps the projects' sizes (too few projects to draw). */
function stratifiedBootstrap(projects: readonly number[]): Resample {
  const members = membersOf(projects);
  return (iterations, seed, statistic) => {
    if (projects.length === 0 || iterations === 0) return [null, null];
    const random = seededRandom(seed);
    return percentiles(iterations, () => {
      const idx: number[] = [];
      for (const m of members) for (let k = 0; k < m.length; k += 1) idx.push(m[Math.floor(random() * m.length)]!);
      return statistic(idx);
    });
  };
}

/** The items of each project, by project index. */
function membersOf(projects: readonly number[]): number[][] {
  const members: number[][] = [];
  projects.forEach((p, k) => (members[p] ??= []).push(k));
  return members;
}

function percentiles(iterations: number, draw: () => number | null): [number | null, number | null] {
  const values: number[] = [];
  for (let it = 0; it < iterations; it += 1) {
    const v = draw();
    if (v !== null) values.push(v);
  }
  if (values.length === 0) return [null, null];
  values.sort((a, b) => a - b);
  const at = (q: number) =>
    values[Math.min(values.length - 1, Math.max(0, Math.floor(q * (values.length - 1) + 0.5)))]!;
  return [round(at(0.025)), round(at(0.975))];
}

function distribution(scores: readonly number[]): { distinct: number; topShare: number } {
  const counts = new Map<number, number>();
  for (const s of scores) counts.set(s, (counts.get(s) ?? 0) + 1);
  const top = Math.max(0, ...counts.values());
  return { distinct: counts.size, topShare: scores.length === 0 ? 0 : round(top / scores.length)! };
}

function round(value: number | null): number | null {
  return value === null ? null : Math.round(value * 10_000) / 10_000;
}
