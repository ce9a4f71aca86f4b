import { computeOverallScore } from './compute-overall-score.js';
import type { Contribution, DeterministicAssessment } from './deterministic-assessment.js';
import type { EvidenceBundle } from './evidence-bundle.js';
import { normalizeCategoryScore } from './normalize-category-score.js';
import { SCORE_CATEGORIES, type ScoreCategory } from './score-categories.js';
import { resolveScoreBand } from './score-bands.js';
import type { CitationIssue, FollowUpDraft, Provenance, ScoredResult } from './task-result.js';

/** A judge's verified answer for one task: scores, rationale and citations per category. */
export interface JudgedCategories {
  categories: Record<ScoreCategory, { score: number; rationale: string; evidence: string[] }>;
  overallRationale: string;
  followUpDrafts?: FollowUpDraft[];
  citationIssues?: CitationIssue[];
}

export interface BuildScoredResultInput {
  taskId: string;
  title: string | null;
  bundle: EvidenceBundle;
  assessment: DeterministicAssessment;
  provenance: Provenance;
  /** Absent when no judge is configured: the result is then deterministic only. */
  judged?: JudgedCategories;
  evaluatedAt?: string;
}

/** Gap between the deterministic and AI score at which a category is flagged. */
export const DIVERGENCE_THRESHOLD = 40;

/** Blends the deterministic assessment with an optional judged answer; code owns every final and the overall. */
export function buildScoredResult(input: BuildScoredResultInput): ScoredResult {
  const { assessment, judged } = input;
  const categoryScores = SCORE_CATEGORIES.map((category) => {
    const det = assessment.categories[category];
    const ai = judged?.categories[category];
    return normalizeCategoryScore({
      category,
      deterministicScore: det.score,
      aiScore: ai ? ai.score : null,
      rationale: ai ? ai.rationale : deterministicRationale(det.score, det.contributions),
      evidence: ai ? ai.evidence : unique(det.contributions.flatMap((c) => c.evidence)),
    });
  });
  const overallScore = computeOverallScore(categoryScores);
  const divergence = categoryScores
    .filter((c) => c.aiScore !== null && Math.abs(c.deterministicScore - c.aiScore) >= DIVERGENCE_THRESHOLD)
    .map((c) => c.category);
  return {
    taskId: input.taskId,
    title: input.title,
    ...(input.evaluatedAt ? { evaluatedAt: input.evaluatedAt } : {}),
    status: 'scored',
    mode: judged ? 'hybrid' : 'deterministic-only',
    overallScore,
    overallBand: resolveScoreBand(overallScore, 'overallScore'),
    categoryScores,
    overallRationale: judged ? judged.overallRationale : null,
    evidenceBundle: input.bundle,
    signals: assessment,
    provenance: input.provenance,
    citationIssues: judged?.citationIssues ?? [],
    divergence,
    followUpDrafts: judged?.followUpDrafts ?? [],
  };
}

/** A readable rationale made from the rubric's contributions, marked as deterministic only. */
export function deterministicRationale(score: number, contributions: readonly Contribution[]): string {
  const parts = contributions
    .filter((c) => c.points !== 0)
    .map((c) => `${c.points > 0 ? '+' : ''}${c.points} ${c.label}`);
  return `Deterministic only (no judge): ${score} from the rubric${parts.length ? `: ${parts.join('; ')}` : ''}.`;
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}
