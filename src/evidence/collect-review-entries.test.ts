import { describe, expect, it } from 'vitest';
import { buildEvidenceBundle } from './build-evidence-bundle.js';
import { collectReviewEntries } from './collect-review-entries.js';
import { buildTask } from './testing/evidence-builders.js';

describe('collectReviewEntries', () => {
  it('takes structured reviews as given, with the type lowercased', () => {
    const task = buildTask({
      reviews: [
        {
          type: 'Code',
          step: 3,
          verdict: 'REVISE',
          summary: 'Missing test',
          reviewer: 'reviewer',
          timestamp: '2026-04-01T12:00:00.000Z',
        },
      ],
    });
    const [draft] = collectReviewEntries(task);
    expect(draft!.entry).toMatchObject({
      label: 'code review Step 3: REVISE',
      excerpt: 'Missing test',
      timestamp: '2026-04-01T12:00:00.000Z',
    });
    expect(draft!.entry.ref).toEqual({
      taskId: 'FN-1',
      reviewType: 'code',
      step: 3,
      verdict: 'REVISE',
      reviewer: 'reviewer',
      reviewSource: 'task',
    });
  });

  it('reads verdicts from the log with the outcome as excerpt and ignores requests', () => {
    const task = buildTask({
      log: [
        { timestamp: '2026-04-01T12:00:00.000Z', action: 'plan review requested for Step 2 (Build)' },
        { timestamp: '2026-04-01T12:01:00.000Z', action: 'plan review Step 2: RETHINK', outcome: 'Wrong premise' },
      ],
    });
    const entries = collectReviewEntries(task).map((d) => d.entry);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ label: 'plan review Step 2: RETHINK', excerpt: 'Wrong premise' });
    expect(entries[0]!.ref).toMatchObject({ reviewType: 'plan', step: 2, verdict: 'RETHINK', reviewSource: 'log' });
  });

  it('lists a review once when the record gives it and its log repeats it', () => {
    const timestamp = '2026-04-01T12:01:00.000Z';
    const task = buildTask({
      reviews: [{ type: 'spec', verdict: 'APPROVE', summary: 'Clear', timestamp }],
      log: [{ timestamp, action: 'Spec review: APPROVE', outcome: 'Clear' }],
    });
    const reviews = buildEvidenceBundle(task, { runId: 'r' }).groups.find((g) => g.source === 'reviews')!;
    expect(reviews.total).toBe(1);
    expect(reviews.entries[0]!.ref.reviewSource).toBe('task');
  });
});
