import type { z } from 'zod';
import type { TaskReviewSchema } from '../../core/index.js';

/** A review as a task record gives it, before TaskSchema parses it. */
type ReviewInput = z.input<typeof TaskReviewSchema>;

/** One review as a forge reports it: its state (APPROVED, CHANGES_REQUESTED, COMMENTED, …), who and when. */
export interface ForgeReview {
  state: string;
  body: string | null;
  reviewer: string | null;
  submittedAt: string | null;
}

/**
 * A pull request's reviews as task reviews: APPROVED → APPROVE, CHANGES_REQUESTED → REVISE; comments and
 * dismissals are no verdict. `known` says which existed at evaluation time.
 */
export function pullReviews(reviews: readonly ForgeReview[], known: (at: string | null) => boolean): ReviewInput[] {
  return reviews.flatMap((r, step) => {
    const verdict = r.state === 'APPROVED' ? 'APPROVE' : r.state === 'CHANGES_REQUESTED' ? 'REVISE' : null;
    return verdict && known(r.submittedAt)
      ? [
          {
            type: 'code review',
            step,
            verdict,
            summary: r.body || null,
            reviewer: r.reviewer,
            timestamp: r.submittedAt,
          },
        ]
      : [];
  });
}
