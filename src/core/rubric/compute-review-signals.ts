import type { EvidenceBundle } from '../evidence-bundle.js';
import type { ReviewVerdict, Task } from '../task.js';
import type { TaskSignals } from './task-signals.js';

interface ReviewFact {
  subject: string;
  verdict: ReviewVerdict;
  at: number;
  order: number;
}

const VERDICTS: ReadonlySet<string> = new Set(['APPROVE', 'REVISE', 'RETHINK']);

/**
 * Review verdicts from task.reviews (all of them) plus those the evidence layer parsed from the log
 * (bundle entries not marked `reviewSource: 'task'`); log verdicts are only as complete as the capped group.
 */
export function computeReviewSignals(task: Task, bundle: EvidenceBundle): TaskSignals['reviews'] {
  const facts: ReviewFact[] = [];
  for (const review of task.reviews ?? []) {
    facts.push({
      subject: reviewSubject(review.type, review.step ?? null),
      verdict: review.verdict,
      at: timeOf(review.timestamp),
      order: facts.length,
    });
  }
  const group = bundle.groups.find((g) => g.source === 'reviews');
  for (const entry of group?.entries ?? []) {
    const { reviewType, step, verdict, reviewSource } = entry.ref;
    if (
      reviewSource === 'task' ||
      typeof reviewType !== 'string' ||
      typeof verdict !== 'string' ||
      !VERDICTS.has(verdict)
    )
      continue;
    facts.push({
      subject: reviewSubject(reviewType, typeof step === 'number' ? step : null),
      verdict: verdict as ReviewVerdict,
      at: timeOf(entry.timestamp),
      order: facts.length,
    });
  }
  // Untimed facts are -Infinity, so compare rather than subtract (-Infinity - -Infinity is NaN).
  facts.sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? -1 : 1) || a.order - b.order);
  const lastVerdictByType: Record<string, ReviewVerdict> = {};
  for (const fact of facts) lastVerdictByType[fact.subject] = fact.verdict;
  const count = (v: ReviewVerdict) => facts.filter((f) => f.verdict === v).length;
  return {
    approve: count('APPROVE'),
    revise: count('REVISE'),
    rethink: count('RETHINK'),
    total: facts.length,
    lastVerdictByType,
    unresolved: Object.values(lastVerdictByType).filter((v) => v !== 'APPROVE').length,
    logVerdictsCapped: (group?.omitted ?? 0) > 0,
  };
}

/** `spec` for a whole-task review, `plan:2` for a review of step 2; types compare lowercased. */
export function reviewSubject(type: string, step: number | null): string {
  const t = type.toLowerCase();
  return step === null ? t : `${t}:${step}`;
}

function timeOf(timestamp: string | null | undefined): number {
  const at = Date.parse(timestamp ?? '');
  return Number.isNaN(at) ? Number.NEGATIVE_INFINITY : at;
}
