import { SCORE_CATEGORIES, type ScoreCategory } from './score-categories.js';
import type { TaskResult } from './task-result.js';
import { spearmanRho } from './validity/spearman-rho.js';

/** Judged results below this say nothing about a judge either way. */
export const MIN_JUDGED_FOR_WARNINGS = 10;
/** One AI score on this share of every category score: the judge is not reading the evidence. */
export const SAME_SCORE_SHARE = 0.9;
/** A result's samples apart by this many points in a category: the judge is guessing. */
export const SPREAD_POINTS = 40;
/** Results diverging (|deterministic − AI| ≥ 40) on this share: the judge and the rubric disagree on most tasks. */
export const DIVERGING_SHARE = 0.5;
/** Spearman's ρ between the AI and deterministic parts of a category under this, over enough tasks: unrelated. */
export const UNRELATED_RHO = 0.1;
export const MIN_FOR_CORRELATION = 20;

/** What a run's judged results say about its judge, kept as they arrive (a few numbers a result). */
export interface JudgeWarningTally {
  add(result: TaskResult): void;
  /** Plain sentences, one per sign that the judge looks broken; empty when none (or too few judged). */
  warnings(): string[];
}

/**
 * Signs that a judge is broken, over a run: the same AI score nearly everywhere, samples far apart, most answers
 * diverging from the rubric, or a category's AI part unrelated to its deterministic part. Pure; bounded memory
 * (two integers a judged result and category, for the correlation).
 */
export function tallyJudgeWarnings(): JudgeWarningTally {
  const scoreCounts = new Map<number, number>();
  let categoryScores = 0;
  let judged = 0;
  let diverging = 0;
  let sampled = 0;
  let spreadWide = 0;
  let widest = 0;
  const pairs: Record<ScoreCategory, { det: number[]; ai: number[] }> = {
    agentPerformance: { det: [], ai: [] },
    taskOutcomeQuality: { det: [], ai: [] },
    processCompliance: { det: [], ai: [] },
  };
  return {
    add(result) {
      if (result.status !== 'scored' || result.mode !== 'hybrid') return;
      judged += 1;
      if (result.divergence.length > 0) diverging += 1;
      for (const c of result.categoryScores) {
        if (c.aiScore === null) continue;
        categoryScores += 1;
        scoreCounts.set(c.aiScore, (scoreCounts.get(c.aiScore) ?? 0) + 1);
        pairs[c.category].det.push(c.deterministicScore);
        pairs[c.category].ai.push(c.aiScore);
      }
      const spread = result.provenance.spread;
      if (spread && result.provenance.samples > 1) {
        sampled += 1;
        const max = Math.max(...Object.values(spread));
        widest = Math.max(widest, max);
        if (max >= SPREAD_POINTS) spreadWide += 1;
      }
    },
    warnings() {
      if (judged < MIN_JUDGED_FOR_WARNINGS) return [];
      const out: string[] = [];
      const pct = (n: number, of: number) => `${Math.round((100 * n) / of)}%`;
      const [common, count] = [...scoreCounts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
      if (categoryScores > 0 && count / categoryScores >= SAME_SCORE_SHARE)
        out.push(
          `the judge gave ${common} to ${pct(count, categoryScores)} of ${categoryScores} category scores: it does not seem to read the evidence (try another model, or check the prompt with \`taskeval prompt\`)`,
        );
      if (spreadWide > 0)
        out.push(
          `the judge's samples were ${SPREAD_POINTS} points or more apart on ${spreadWide} of ${sampled} sampled results (widest ${widest}): its scores there are close to guesses`,
        );
      if (diverging / judged > DIVERGING_SHARE)
        out.push(
          `the judge and the rubric differ by 40 points or more in some category on ${pct(diverging, judged)} of ${judged} judged results`,
        );
      for (const category of SCORE_CATEGORIES) {
        const { det, ai } = pairs[category];
        if (det.length < MIN_FOR_CORRELATION) continue;
        const rho = spearmanRho(det, ai);
        if (rho !== null && Math.abs(rho) < UNRELATED_RHO)
          out.push(
            `the judge's ${category} scores are unrelated to the rubric's (Spearman ρ ${rho.toFixed(2)} over ${det.length} results)`,
          );
      }
      return out;
    },
  };
}
