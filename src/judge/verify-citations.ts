import {
  bundleEntries,
  SCORE_CATEGORIES,
  type CitationIssue,
  type EvidenceBundle,
  type ScoreCategory,
} from '../core/index.js';
import type { JudgeAnswer } from './judge-answer-schema.js';

export interface VerifiedCitations {
  /** The answer with every unknown id removed (and duplicates folded). */
  answer: JudgeAnswer;
  citationIssues: CitationIssue[];
  /** Categories left without one valid citation: the answer is then malformed. */
  emptyCategories: ScoreCategory[];
}

/** Checks every cited id against the bundle; code, not the model, decides what counts as evidence. */
export function verifyCitations(answer: JudgeAnswer, bundle: Pick<EvidenceBundle, 'groups'>): VerifiedCitations {
  const known = new Set(bundleEntries(bundle).map((e) => e.id));
  const citationIssues: CitationIssue[] = [];
  const keep = (where: string, ids: readonly string[]): string[] => {
    const kept: string[] = [];
    for (const id of ids) {
      if (!known.has(id)) citationIssues.push({ category: where, id, problem: 'unknown_id' });
      else if (!kept.includes(id)) kept.push(id);
    }
    return kept;
  };
  const categories = { ...answer.categories };
  const emptyCategories: ScoreCategory[] = [];
  for (const category of SCORE_CATEGORIES) {
    const evidence = keep(category, answer.categories[category].evidence);
    if (evidence.length === 0) emptyCategories.push(category);
    categories[category] = { ...answer.categories[category], evidence };
  }
  const followUpDrafts = answer.followUpDrafts?.map((d) => ({
    ...d,
    evidenceRefs: keep('followUpDrafts', d.evidenceRefs),
  }));
  return {
    answer: { ...answer, categories, ...(followUpDrafts ? { followUpDrafts } : {}) },
    citationIssues,
    emptyCategories,
  };
}
