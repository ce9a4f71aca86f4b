import { z } from 'zod';
import { SCORE_BAND_NAMES, resolveScoreBand } from '../score-bands.js';
import type { ScoreCategory } from '../score-categories.js';
import { computeAuc, computeGroupedAuc } from './compute-auc.js';
import { seededRandom } from './seeded-random.js';
import { sizeDeciles } from './size-deciles.js';
import { spearmanRho } from './spearman-rho.js';

export type ValidatedScore = ScoreCategory | 'overall';

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
  /** A judged result's parts per category: the rubric's deterministic score and the judge's AI score. */
  parts?: Record<ScoreCategory, { deterministic: number; ai: number }>;
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

export type ScoreValidity = z.output<typeof ScoreValiditySchema>;

/** Below this many projects, drawing whole projects gives a handful of distinct resamples: tasks are drawn within each instead. */
export const MIN_RESAMPLED_PROJECTS = 5;
/** How items are resampled for the intervals. */
export type BootstrapBy = 'task' | 'project' | 'task within project';

/**
 * How one set of items turns any score into its validity: the same size deciles, projects and bootstrap for every
 * score, so figures over the same items compare (the rubric's part, the judge's and the blend).
 */
export function validityOver(
  items: readonly ValidationItem[],
  ordinal: boolean,
  iterations: number,
  seed: number,
  /** Called after each score's figures, so a caller can let go of what they left behind. */
  between: () => void = () => undefined,
): { validity: (scores: number[]) => ScoreValidity; by: BootstrapBy; projectCount: number } {
  const deciles = sizeDeciles(items.map((i) => i.size));
  const projectNames = [...new Set(items.map((i) => i.project ?? ''))];
  // A pull request's repository explains much of its fate: with several, resample and pair within projects.
  const projects = projectNames.length > 1 ? items.map((i) => projectNames.indexOf(i.project ?? '')) : null;
  const by = !projects ? 'task' : projectNames.length >= MIN_RESAMPLED_PROJECTS ? 'project' : 'task within project';
  return {
    validity: (scores) => {
      const validity = scoreValidity(scores, items, deciles, projects, by, ordinal, iterations, seed);
      between();
      return validity;
    },
    by,
    projectCount: Math.max(1, projectNames.length),
  };
}

function scoreValidity(
  scores: number[],
  items: readonly ValidationItem[],
  deciles: number[],
  projects: readonly number[] | null,
  by: BootstrapBy,
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

/** What share of each band's tasks were bad: a score read as risk. Counted in one pass, no list per band. */
function bandRates(scores: readonly number[], bad: readonly boolean[] | null): ScoreValidity['bands'] {
  const n = new Map<string, number>(SCORE_BAND_NAMES.map((band) => [band, 0]));
  const badIn = new Map<string, number>(SCORE_BAND_NAMES.map((band) => [band, 0]));
  scores.forEach((s, k) => {
    const band = resolveScoreBand(Math.max(0, Math.min(100, Math.round(s))));
    n.set(band, n.get(band)! + 1);
    if (bad?.[k]) badIn.set(band, badIn.get(band)! + 1);
  });
  return SCORE_BAND_NAMES.map((band) => {
    const inBand = n.get(band)!;
    const badCount = bad ? badIn.get(band)! : null;
    return {
      band,
      n: inBand,
      bad: badCount,
      rate: badCount === null || inBand === 0 ? null : round(badCount / inBand),
    };
  });
}

export function binaryAuc(values: readonly number[], items: readonly ValidationItem[]): number | null {
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

export function round(value: number | null): number | null {
  return value === null ? null : Math.round(value * 10_000) / 10_000;
}
