import { z } from 'zod';
import { SCORE_CATEGORIES, type ScoreCategory } from '../score-categories.js';
import { spearmanRho } from '../validity/spearman-rho.js';

/** One task's parts per category as one run scored it: the rubric's, the judge's (null without one) and the blend. */
export interface JudgedParts {
  taskId: string;
  parts: Record<ScoreCategory, { deterministic: number; ai: number | null; final: number }>;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const round3 = (x: number | null) => (x === null ? null : Math.round(x * 1000) / 1000);

const PartMeansSchema = z.object({
  deterministic: z.number(),
  ai: z.number().nullable(),
  final: z.number(),
  /** Spearman's rho of the judge's part against the rubric's over the tasks: near 0, the judge ranks on something else. */
  aiVsRubric: z.number().nullable(),
});

export const JudgeSideSchema = z.object({
  runId: z.string(),
  /** The judge that made the run's AI parts; null for a deterministic-only run. */
  judge: z.object({ provider: z.string(), model: z.string(), promptVersion: z.string().nullable() }).nullable(),
  /** Shared tasks this run judged (with an AI part in every category). */
  judged: z.number().int(),
  categories: z.record(z.string(), PartMeansSchema),
});

export const JudgeComparisonSchema = z.object({
  /** Tasks both runs scored: every figure is over these. */
  n: z.number().int(),
  sides: z.tuple([JudgeSideSchema, JudgeSideSchema]),
  /** Per category, Spearman's rho between the two runs' AI parts over tasks both judged: do the judges rank alike? */
  judgesAgree: z.record(z.string(), z.number().nullable()),
});

export type JudgeSide = z.output<typeof JudgeSideSchema>;
export type JudgeComparison = z.output<typeof JudgeComparisonSchema>;

/**
 * Two runs over the same evidence with different judges (a rescore): per run, the mean rubric, AI and final
 * part of every category over the tasks both scored, how the judge's part follows the rubric's, and how the
 * two judges' parts follow each other. What each part predicts is validate's (kept reports are shown beside).
 */
export function compareJudges(
  a: { runId: string; judge: JudgeSide['judge']; items: readonly JudgedParts[] },
  b: { runId: string; judge: JudgeSide['judge']; items: readonly JudgedParts[] },
): JudgeComparison {
  const inB = new Map(b.items.map((i) => [i.taskId, i]));
  const pairs = a.items.flatMap((i) => {
    const j = inB.get(i.taskId);
    return j ? [[i, j] as const] : [];
  });
  const side = (run: typeof a, items: readonly JudgedParts[]): JudgeSide => {
    const judgedItems = items.filter((i) => SCORE_CATEGORIES.every((c) => i.parts[c].ai !== null));
    const mean = (xs: readonly number[]) => (xs.length ? round1(xs.reduce((s, x) => s + x, 0) / xs.length) : 0);
    const categories = Object.fromEntries(
      SCORE_CATEGORIES.map((c) => [
        c,
        {
          deterministic: mean(items.map((i) => i.parts[c].deterministic)),
          ai: judgedItems.length ? mean(judgedItems.map((i) => i.parts[c].ai!)) : null,
          final: mean(items.map((i) => i.parts[c].final)),
          aiVsRubric: round3(
            spearmanRho(
              judgedItems.map((i) => i.parts[c].ai!),
              judgedItems.map((i) => i.parts[c].deterministic),
            ),
          ),
        },
      ]),
    );
    return { runId: run.runId, judge: run.judge, judged: judgedItems.length, categories };
  };
  const bothJudged = pairs.filter(([i, j]) =>
    SCORE_CATEGORIES.every((c) => i.parts[c].ai !== null && j.parts[c].ai !== null),
  );
  return {
    n: pairs.length,
    sides: [
      side(
        a,
        pairs.map(([i]) => i),
      ),
      side(
        b,
        pairs.map(([, j]) => j),
      ),
    ],
    judgesAgree: Object.fromEntries(
      SCORE_CATEGORIES.map((c) => [
        c,
        round3(
          spearmanRho(
            bothJudged.map(([i]) => i.parts[c].ai!),
            bothJudged.map(([, j]) => j.parts[c].ai!),
          ),
        ),
      ]),
    ),
  };
}
