import { truncateExcerpt } from '../core/index.js';
import type { JudgeAnswer } from './judge-answer-schema.js';

export const MAX_RATIONALE_CHARS = 4_000;
export const MAX_CITATIONS_PER_CATEGORY = 50;
const MAX_CITATION_CHARS = 200;
const MAX_FOLLOW_UPS = 10;
const MAX_FOLLOW_UP_TITLE_CHARS = 200;

const cut = (text: string, max: number): string => truncateExcerpt(text, max).excerpt;

/**
 * Bounds the judge's free text before it is stored or shown: a model that rambles (or a command
 * judge that prints megabytes) must not grow the store; cut text ends with the truncation marker.
 */
export function boundJudgeAnswer(answer: JudgeAnswer): JudgeAnswer {
  const categories = {} as JudgeAnswer['categories'];
  for (const [name, c] of Object.entries(answer.categories) as [
    keyof JudgeAnswer['categories'],
    JudgeAnswer['categories'][keyof JudgeAnswer['categories']],
  ][]) {
    categories[name] = {
      score: c.score,
      rationale: cut(c.rationale, MAX_RATIONALE_CHARS),
      evidence: c.evidence.slice(0, MAX_CITATIONS_PER_CATEGORY).map((id) => cut(id, MAX_CITATION_CHARS)),
    };
  }
  return {
    categories,
    overallRationale: cut(answer.overallRationale, MAX_RATIONALE_CHARS),
    ...(answer.followUpDrafts
      ? {
          followUpDrafts: answer.followUpDrafts.slice(0, MAX_FOLLOW_UPS).map((d) => ({
            title: cut(d.title, MAX_FOLLOW_UP_TITLE_CHARS),
            description: cut(d.description, MAX_RATIONALE_CHARS),
            reason: cut(d.reason, MAX_RATIONALE_CHARS),
            evidenceRefs: d.evidenceRefs.slice(0, MAX_CITATIONS_PER_CATEGORY).map((id) => cut(id, MAX_CITATION_CHARS)),
          })),
        }
      : {}),
  };
}
