import { z } from 'zod';
import { seededRandom } from '../validity/seeded-random.js';
import { cohenKappa, type RatingPair } from './cohen-kappa.js';
import { krippendorffAlpha } from './krippendorff-alpha.js';
import {
  RATED_ASPECTS,
  RatedAspectSchema,
  RatingScaleSchema,
  scaleValues,
  scoreOnScale,
  type RatedAspect,
  type RatingScale,
} from './rating-scale.js';

/** One person's rating of one aspect of a task, beside the scores the task's result gave that aspect. */
export interface RatedItem {
  /** The task, unique across projects (a project's tasks keyed apart from another's). */
  taskKey: string;
  rater: string;
  aspect: RatedAspect;
  value: number;
  /** The result's scores for the aspect: the rubric's, the judge's (null without one) and the blend. */
  deterministic: number;
  ai: number | null;
  final: number;
  promptVersion: string | null;
  rubricVersion: string;
}

const FigureSchema = z.object({
  value: z.number().nullable(),
  ciLow: z.number().nullable(),
  ciHigh: z.number().nullable(),
  /** Rating pairs (kappa) or units rated by two or more people (alpha). */
  n: z.number().int(),
});
export type AgreementFigure = z.output<typeof FigureSchema>;

const AspectAgreementSchema = z.object({
  rubric: FigureSchema,
  judge: FigureSchema.nullable(),
  final: FigureSchema,
});

export const AgreementReportSchema = z.object({
  scale: RatingScaleSchema,
  statistic: z.enum(["Cohen's kappa", 'weighted kappa (quadratic)']),
  raters: z.array(z.string()),
  tasks: z.number().int(),
  ratings: z.number().int(),
  /** Machine–human agreement per prompt and rubric version of the results rated. */
  versions: z.array(
    z.object({
      promptVersion: z.string().nullable(),
      rubricVersion: z.string(),
      tasks: z.number().int(),
      aspects: z.partialRecord(RatedAspectSchema, AspectAgreementSchema),
    }),
  ),
  /** People among themselves: Krippendorff's alpha per aspect over tasks two or more rated. */
  humans: z.object({
    metric: z.enum(['nominal', 'interval']),
    aspects: z.partialRecord(RatedAspectSchema, FigureSchema),
  }),
  bootstrap: z.object({ iterations: z.number().int(), seed: z.number().int(), by: z.literal('task') }),
});
export type AgreementReport = z.output<typeof AgreementReportSchema>;

const round3 = (x: number | null) => (x === null ? null : Math.round(x * 1000) / 1000);

/**
 * How far people and the scores agree, on the people's scale: per prompt and rubric version, Cohen's kappa
 * (weighted on 1–5) of the rubric's part, the judge's part and the final score against every rating; and
 * Krippendorff's alpha among the people. Intervals resample whole tasks (a task's ratings move together), seeded.
 */
export function agreementReport(
  items: readonly RatedItem[],
  options: { scale: RatingScale; iterations?: number; seed?: number },
): AgreementReport {
  const { scale } = options;
  const iterations = options.iterations ?? 1000;
  const seed = options.seed ?? 1;
  const levels = scaleValues(scale);
  const weights = scale === '1-5' ? 'quadratic' : 'none';
  const kappaOf = (rows: readonly RatedItem[], part: (i: RatedItem) => number | null) => {
    const pairs: RatingPair[] = [];
    for (const r of rows) {
      const score = part(r);
      if (score !== null) pairs.push([r.value, scoreOnScale(score, scale)]);
    }
    return pairs.length ? { value: cohenKappa(pairs, levels, weights), n: pairs.length } : null;
  };
  const versionKey = (i: RatedItem) => JSON.stringify([i.promptVersion, i.rubricVersion]);
  const versions = [...groupBy(items, versionKey).entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, rows]) => {
      const aspects: Partial<Record<RatedAspect, z.output<typeof AspectAgreementSchema>>> = {};
      for (const aspect of RATED_ASPECTS) {
        const rated = rows.filter((r) => r.aspect === aspect);
        if (!rated.length) continue;
        const figure = (part: (i: RatedItem) => number | null) =>
          withInterval(rated, (sample) => kappaOf(sample, part), iterations, seed);
        const judged = rated.some((r) => r.ai !== null);
        aspects[aspect] = {
          rubric: figure((i) => i.deterministic)!,
          judge: judged ? figure((i) => i.ai) : null,
          final: figure((i) => i.final)!,
        };
      }
      return {
        promptVersion: rows[0]!.promptVersion,
        rubricVersion: rows[0]!.rubricVersion,
        tasks: new Set(rows.map((r) => r.taskKey)).size,
        aspects,
      };
    });
  const metric = scale === '1-5' ? 'interval' : 'nominal';
  const humans: Partial<Record<RatedAspect, AgreementFigure>> = {};
  for (const aspect of RATED_ASPECTS) {
    // One value per person per task: a task rated under two versions is still one unit.
    const rated = dedupe(items.filter((r) => r.aspect === aspect));
    if (!rated.length) continue;
    humans[aspect] = withInterval(
      rated,
      (sample) => {
        const units = [...groupBy(sample, (r) => r.taskKey).values()].map((rows) => rows.map((r) => r.value));
        const pairable = units.filter((u) => u.length >= 2).length;
        return pairable ? { value: krippendorffAlpha(units, metric), n: pairable } : null;
      },
      iterations,
      seed,
    ) ?? { value: null, ciLow: null, ciHigh: null, n: 0 };
  }
  return {
    scale,
    statistic: weights === 'quadratic' ? 'weighted kappa (quadratic)' : "Cohen's kappa",
    raters: [...new Set(items.map((i) => i.rater))].sort(),
    tasks: new Set(items.map((i) => i.taskKey)).size,
    ratings: dedupe(items).length,
    versions,
    humans: { metric, aspects: humans },
    bootstrap: { iterations, seed, by: 'task' },
  };
}

/** The figure on all rows, and its 2.5–97.5% interval over resamples of whole tasks. */
function withInterval(
  rows: readonly RatedItem[],
  measure: (rows: readonly RatedItem[]) => { value: number | null; n: number } | null,
  iterations: number,
  seed: number,
): AgreementFigure | null {
  const whole = measure(rows);
  if (!whole) return null;
  const tasks = [...groupBy(rows, (r) => r.taskKey).values()];
  const random = seededRandom(seed);
  const samples: number[] = [];
  for (let k = 0; k < iterations && whole.value !== null; k++) {
    const sample: RatedItem[] = [];
    for (let t = 0; t < tasks.length; t++) sample.push(...tasks[Math.floor(random() * tasks.length)]!);
    const value = measure(sample)?.value;
    if (value !== null && value !== undefined) samples.push(value);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    samples.length ? samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]! : null;
  return { value: round3(whole.value), ciLow: round3(at(0.025)), ciHigh: round3(at(0.975)), n: whole.n };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

function dedupe(rows: readonly RatedItem[]): RatedItem[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const k = JSON.stringify([r.taskKey, r.rater, r.aspect]);
    return seen.has(k) ? false : (seen.add(k), true);
  });
}
