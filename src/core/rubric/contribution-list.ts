import type { Contribution } from '../deterministic-assessment.js';
import type { ScoreCategory } from '../score-categories.js';
import { RUBRIC_RULES, type RuleId, type RuleSpec } from './rubric-rules.js';

/** Collects one category's contributions; each rule is looked up in RUBRIC_RULES so an unknown id cannot slip in. */
export class ContributionList<C extends ScoreCategory> {
  readonly items: Contribution[] = [];

  constructor(readonly category: C) {}

  spec(rule: RuleId<C>): RuleSpec {
    return (RUBRIC_RULES[this.category] as Record<string, RuleSpec>)[rule]!;
  }

  add(
    rule: RuleId<C>,
    label: string,
    points: number,
    evidence: readonly string[] = [],
    options: { hindsight?: boolean } = {},
  ): void {
    this.items.push({
      category: this.category,
      rule,
      label,
      points,
      evidence: [...new Set(evidence)],
      ...(options.hindsight ? { hindsight: true } : {}),
    });
  }
}
