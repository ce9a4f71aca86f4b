import type { ReviewVerdict, Task } from '../core/index.js';
import { canonicalJson } from './canonical-json.js';
import { contentHash } from './content-hash.js';
import { makeEntry, type DraftEntry } from './make-entry.js';
import { parseReviewVerdict } from './parse-review-verdict.js';

interface ReviewFacts {
  type: string;
  step: number | null;
  verdict: ReviewVerdict;
  summary: string | null;
  reviewer: string | null;
  timestamp: string | null;
  /** 'task' when the record gave the review directly, 'log' when it was parsed from a log verdict. */
  reviewSource: 'task' | 'log';
}

/** The reviews group's drafts: structured reviews from task.reviews and verdicts parsed from the log. */
export function collectReviewEntries(task: Task): DraftEntry[] {
  const facts: ReviewFacts[] = [];
  for (const review of task.reviews ?? []) {
    facts.push({
      type: review.type.toLowerCase(),
      step: review.step ?? null,
      verdict: review.verdict,
      summary: review.summary ?? null,
      reviewer: review.reviewer ?? null,
      timestamp: review.timestamp ?? null,
      reviewSource: 'task',
    });
  }
  for (const line of task.log ?? []) {
    const parsed = parseReviewVerdict(line.action);
    if (!parsed) continue;
    facts.push({
      ...parsed,
      summary: line.outcome ?? null,
      reviewer: null,
      timestamp: line.timestamp,
      reviewSource: 'log',
    });
  }
  return facts.map((review) => {
    const label = `${review.type} review${review.step === null ? '' : ` Step ${review.step}`}: ${review.verdict}`;
    const text = canonicalJson([review.type, review.step, review.verdict, review.summary, review.reviewer]);
    return makeEntry(task.id, {
      id: `review-${contentHash('reviews', review.timestamp, text)}`,
      source: 'reviews',
      label,
      timestamp: review.timestamp,
      text: review.summary,
      ref: {
        reviewType: review.type,
        step: review.step,
        verdict: review.verdict,
        reviewer: review.reviewer,
        reviewSource: review.reviewSource,
      },
      fingerprint: `${review.timestamp ?? ''}\0${text}`,
    });
  });
}
