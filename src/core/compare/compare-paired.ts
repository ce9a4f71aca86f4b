import { z } from 'zod';
import { SCORE_BAND_NAMES, resolveScoreBand } from '../score-bands.js';
import { seededRandom } from '../validity/index.js';
import {
  COMPARED_SCORES,
  ScoreDifferenceSchema,
  type ComparedItem,
  type ComparedScore,
  type ScoreDifference,
} from './compare-cohorts.js';
import { BOOTSTRAP_ITERATIONS, resampledMean } from './bootstrap-mean.js';
import { bootstrapPValue } from './holm.js';

export const TaskMoveSchema = z.object({
  taskId: z.string(),
  a: z.object({ resultId: z.string(), overall: z.number(), band: z.string() }),
  b: z.object({ resultId: z.string(), overall: z.number(), band: z.string() }),
  /** b − a, overall. */
  delta: z.number(),
});

export const PairedComparisonSchema = z.object({
  a: z.string(),
  b: z.string(),
  /** Tasks scored in both; tasks only one side scored are counted, not compared. */
  n: z.number().int(),
  onlyA: z.number().int(),
  onlyB: z.number().int(),
  differences: z.array(ScoreDifferenceSchema),
  /** Tasks whose overall band rose, fell or stayed. */
  bands: z.object({ better: z.number().int(), worse: z.number().int(), same: z.number().int() }),
  movers: z.array(TaskMoveSchema),
});

export type PairedComparison = z.output<typeof PairedComparisonSchema>;
export type TaskMove = z.output<typeof TaskMoveSchema>;

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The same tasks scored twice (two runs, two agents on one backlog): per score the mean of b − a over
 * the tasks both scored, with a paired bootstrap interval, band moves, and the largest movers.
 */
export function comparePaired(
  a: { key: string; items: readonly ComparedItem[] },
  b: { key: string; items: readonly ComparedItem[] },
  options: { seed?: number; iterations?: number; movers?: number } = {},
): PairedComparison {
  const byTask = new Map(a.items.map((i) => [i.taskId, i]));
  const pairs = b.items.flatMap((j) => {
    const i = byTask.get(j.taskId);
    return i ? [{ a: i, b: j }] : [];
  });
  pairs.sort((x, y) => (x.a.taskId < y.a.taskId ? -1 : 1));
  const shared = new Set(pairs.map((p) => p.a.taskId));
  const differences: ScoreDifference[] = pairs.length
    ? COMPARED_SCORES.map((category) =>
        pairedDifference(
          a.key,
          b.key,
          category,
          pairs.map((p) => p.b.scores[category] - p.a.scores[category]),
          options,
        ),
      )
    : [];
  const rank = (score: number) => SCORE_BAND_NAMES.indexOf(resolveScoreBand(score));
  const bands = { better: 0, worse: 0, same: 0 };
  for (const p of pairs) {
    const move = rank(p.b.scores.overall) - rank(p.a.scores.overall);
    if (move > 0) bands.better += 1;
    else if (move < 0) bands.worse += 1;
    else bands.same += 1;
  }
  const movers = pairs
    .map((p) => ({
      taskId: p.a.taskId,
      a: { resultId: p.a.resultId, overall: p.a.scores.overall, band: resolveScoreBand(p.a.scores.overall) },
      b: { resultId: p.b.resultId, overall: p.b.scores.overall, band: resolveScoreBand(p.b.scores.overall) },
      delta: p.b.scores.overall - p.a.scores.overall,
    }))
    .filter((m) => m.delta !== 0)
    .sort((x, y) => Math.abs(y.delta) - Math.abs(x.delta) || (x.taskId < y.taskId ? -1 : 1))
    .slice(0, options.movers ?? 10);
  return {
    a: a.key,
    b: b.key,
    n: pairs.length,
    onlyA: a.items.filter((i) => !shared.has(i.taskId)).length,
    onlyB: b.items.filter((i) => !shared.has(i.taskId)).length,
    differences,
    bands,
    movers,
  };
}

function pairedDifference(
  a: string,
  b: string,
  category: ComparedScore,
  deltas: number[],
  options: { seed?: number; iterations?: number },
): ScoreDifference {
  const random = seededRandom(options.seed ?? 1);
  const iterations = options.iterations ?? BOOTSTRAP_ITERATIONS;
  const samples: number[] = [];
  for (let k = 0; k < iterations; k++) samples.push(resampledMean(deltas, random));
  const p = bootstrapPValue(samples);
  samples.sort((x, y) => x - y);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  const ciLow = round1(at(0.025));
  const ciHigh = round1(at(0.975));
  const diff = round1(deltas.reduce((s, d) => s + d, 0) / deltas.length);
  return {
    a,
    b,
    category,
    diff,
    ciLow,
    ciHigh,
    paired: true,
    n: deltas.length,
    raw: { diff, ciLow, ciHigh },
    // The same tasks on both sides: each pair is its own stratum, so nothing is left to adjust for.
    adjusted: null,
    reason: 'paired by task: the same tasks on both sides',
    p,
    clear: ciLow > 0 || ciHigh < 0,
    correction: null,
  };
}
