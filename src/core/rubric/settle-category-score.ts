import type { Contribution } from '../deterministic-assessment.js';
import type { ScoreCategory } from '../score-categories.js';
import type { ContributionList } from './contribution-list.js';
import { CLAMP_RULE, RUBRIC_BASE, type RuleId } from './rubric-rules.js';

/** A ceiling a rule puts on the category score; it shows as a contribution only when it bites. */
export interface CategoryCap<C extends ScoreCategory> {
  rule: RuleId<C>;
  /** Sentence the cap value completes: `A reverted task scores at most` → `... at most 39`. */
  label: string;
  evidence: readonly string[];
  /** The cap rests on what happened after the task. */
  hindsight?: boolean;
}

/** A category's rule results before settling: its contributions and the caps that may apply. */
export interface CategoryRules<C extends ScoreCategory> {
  list: ContributionList<C>;
  caps: CategoryCap<C>[];
}

/**
 * base + Σ points, then each cap that bites, then the clamp to 0..100; caps and the clamp are written as
 * contributions too, so the score is always exactly base + the sum of its contributions.
 */
export function settleCategoryScore<C extends ScoreCategory>({
  list,
  caps,
}: CategoryRules<C>): { score: number; contributions: Contribution[] } {
  const contributions = [...list.items];
  let score = RUBRIC_BASE[list.category] + contributions.reduce((sum, c) => sum + c.points, 0);
  for (const cap of caps) {
    const ceiling = list.spec(cap.rule).cap!;
    if (score > ceiling) {
      contributions.push({
        category: list.category,
        rule: cap.rule,
        label: `${cap.label} ${ceiling}`,
        points: ceiling - score,
        evidence: [...new Set(cap.evidence)],
        ...(cap.hindsight ? { hindsight: true } : {}),
      });
      score = ceiling;
    }
  }
  const clamped = Math.min(100, Math.max(0, score));
  if (clamped !== score) {
    contributions.push({
      category: list.category,
      rule: CLAMP_RULE,
      label: `Sum ${score} clamped to ${clamped}`,
      points: clamped - score,
      evidence: [],
    });
  }
  return { score: clamped, contributions };
}
