import { z } from 'zod';
import { SCORE_CATEGORIES } from '../score-categories.js';
import { judgePartsValidity, JudgePartsSchema } from './judge-parts-validity.js';
import {
  binaryAuc,
  round,
  ScoreValiditySchema,
  validityOver,
  type ScoreValidity,
  type ValidatedScore,
  type ValidationItem,
} from './score-validity.js';
import { spearmanRho } from './spearman-rho.js';
import { AgreementReportSchema } from '../agreement/agreement-report.js';

export {
  MIN_RESAMPLED_PROJECTS,
  ScoreValiditySchema,
  type ScoreValidity,
  type ValidatedScore,
  type ValidationItem,
} from './score-validity.js';

const nullableNumber = z.number().nullable();

export const VALIDATED_SCORES = [...SCORE_CATEGORIES, 'overall'] as const satisfies readonly ValidatedScore[];

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
  /** On the judged results only: each category's deterministic part, AI part and final blend side by side; null without any. */
  judgeParts: JudgePartsSchema.nullable().default(null),
  /** With people's ratings as the labels: how far rubric, judge and final score agree with them, and they with each other. */
  agreement: AgreementReportSchema.nullable().default(null),
});

export type ValidationReport = z.output<typeof ValidationReportSchema>;

export interface ValidateScoresOptions {
  label: string;
  iterations?: number;
  seed?: number;
  /**
   * Called between one score's or rule's figures and the next: each leaves arrays the size of the items
   * behind, and over 200,000 items a caller that collects them (the CLI's heap pacer) keeps the peak down.
   */
  between?: () => void;
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
  const between = options.between ?? (() => undefined);
  const { validity, by, projectCount } = validityOver(items, ordinal, iterations, seed, between);
  const categories = Object.fromEntries(
    VALIDATED_SCORES.map((c) => [c, validity(items.map((i) => i.scores[c]))]),
  ) as Record<ValidatedScore, ScoreValidity>;
  const ruleSet = new Set<string>();
  for (const item of items) for (const rule in item.rulePoints) ruleSet.add(rule);
  const ruleIds = [...ruleSet].sort();
  const rules = ruleIds.map((rule) => {
    between();
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
    sized: items.filter((i) => i.size !== null).length,
    projects: projectCount,
    categories,
    rules,
    bootstrap: { iterations, seed, by },
    warnings: wrongWay(categories, ordinal),
    judgeParts: judgePartsValidity(items, ordinal, iterations, seed, between),
    agreement: null,
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
