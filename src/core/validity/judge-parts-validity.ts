import { z } from 'zod';
import { SCORE_CATEGORIES, type ScoreCategory } from '../score-categories.js';
import { ScoreValiditySchema, validityOver, type ScoreValidity, type ValidationItem } from './score-validity.js';

const PartsSchema = z.object({
  deterministic: ScoreValiditySchema,
  ai: ScoreValiditySchema,
  final: ScoreValiditySchema,
});

/** On the judged results only: per category, how the rubric's part, the judge's part and their blend predict the label. */
export const JudgePartsSchema = z.object({
  n: z.number().int(),
  categories: z.object(
    Object.fromEntries(SCORE_CATEGORIES.map((c) => [c, PartsSchema])) as Record<ScoreCategory, typeof PartsSchema>,
  ),
});

export type JudgeParts = z.output<typeof JudgePartsSchema>;

/**
 * The judge's contribution, measured: over the judged items, each category's deterministic score, AI score and final
 * score with the same intervals (same items, deciles, projects and seed), so a user sees whether the 30% the judge
 * weighs adds to the rubric's ranking or takes from it. Null with fewer than two judged items.
 */
export function judgePartsValidity(
  items: readonly ValidationItem[],
  ordinal: boolean,
  iterations: number,
  seed: number,
  between?: () => void,
): JudgeParts | null {
  const judged = items.filter((i): i is ValidationItem & { parts: NonNullable<ValidationItem['parts']> } =>
    Boolean(i.parts),
  );
  if (judged.length < 2) return null;
  const { validity } = validityOver(judged, ordinal, iterations, seed, between);
  const categories = Object.fromEntries(
    SCORE_CATEGORIES.map((c) => {
      const parts: Record<'deterministic' | 'ai' | 'final', ScoreValidity> = {
        deterministic: validity(judged.map((i) => i.parts[c].deterministic)),
        ai: validity(judged.map((i) => i.parts[c].ai)),
        final: validity(judged.map((i) => i.scores[c])),
      };
      return [c, parts];
    }),
  ) as JudgeParts['categories'];
  return { n: judged.length, categories };
}
