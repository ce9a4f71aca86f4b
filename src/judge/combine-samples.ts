import { SCORE_CATEGORIES, type CitationIssue, type JudgedCategories, type ScoreCategory } from '../core/index.js';
import type { JudgeAnswer } from './judge-answer-schema.js';
import { medianScore } from './median-score.js';

export interface VerifiedSample {
  answer: JudgeAnswer;
  citationIssues: CitationIssue[];
}

/**
 * Joins samples: per category the median score, with the rationale and citations of the sample
 * closest to it (the earliest on ties); overall rationale and follow-ups from the first sample.
 */
export function combineSamples(samples: readonly VerifiedSample[]): {
  judged: JudgedCategories;
  spread: Record<ScoreCategory, number> | null;
} {
  const first = samples[0];
  if (!first) throw new RangeError('combineSamples needs at least one sample');
  const categories = {} as JudgedCategories['categories'];
  const spread = {} as Record<ScoreCategory, number>;
  for (const category of SCORE_CATEGORIES) {
    const scores = samples.map((s) => s.answer.categories[category].score);
    const median = medianScore(scores);
    let closest = first.answer.categories[category];
    for (const s of samples) {
      const c = s.answer.categories[category];
      if (Math.abs(c.score - median) < Math.abs(closest.score - median)) closest = c;
    }
    categories[category] = { score: median, rationale: closest.rationale, evidence: closest.evidence };
    spread[category] = Math.max(...scores) - Math.min(...scores);
  }
  const seen = new Set<string>();
  const citationIssues = samples
    .flatMap((s) => s.citationIssues)
    .filter((i) => {
      const key = `${i.category}\u0000${i.id}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
  return {
    judged: {
      categories,
      overallRationale: first.answer.overallRationale,
      ...(first.answer.followUpDrafts ? { followUpDrafts: first.answer.followUpDrafts } : {}),
      citationIssues,
    },
    spread: samples.length > 1 ? spread : null,
  };
}
