import { describe, expect, it } from 'vitest';
import { assessScenario } from './testing/assess-scenario.js';
import { buildCommit } from './testing/task-builders.js';

const at = (m: number) => new Date(Date.UTC(2026, 3, 1, 9, m)).toISOString();
const pc = 'processCompliance' as const;
const sha = (n: number) => `commit-${buildCommit(n).sha}`;

describe('processCompliance rules', () => {
  it('reviews.approved: +10 when every review subject ended APPROVE, even after a REVISE', () => {
    const s = assessScenario(
      { reviews: [{ type: 'code', step: 2, verdict: 'APPROVE', timestamp: at(5) }] },
      {
        logReviews: [
          { type: 'spec', verdict: 'REVISE', timestamp: at(1) },
          { type: 'spec', verdict: 'APPROVE', timestamp: at(2) },
        ],
      },
    );
    expect(s.rule(pc, 'reviews.approved')).toMatchObject({ points: 10, evidence: ['review-l1', 'review-t0'] });
    expect(s.rule(pc, 'reviews.approved')!.label).toContain('spec, code:2');
  });

  it('reviews.unresolved: -8 per subject whose last verdict is not APPROVE, citing its verdicts, at most -16', () => {
    const s = assessScenario(
      {},
      {
        logReviews: [
          { type: 'spec', verdict: 'APPROVE', timestamp: at(1) },
          { type: 'plan', step: 1, verdict: 'RETHINK', timestamp: at(2) },
          { type: 'plan', step: 2, verdict: 'REVISE', timestamp: at(3) },
          { type: 'plan', step: 2, verdict: 'APPROVE', timestamp: at(4) },
        ],
      },
    );
    expect(s.rule(pc, 'reviews.unresolved')).toMatchObject({ points: -8, evidence: ['review-l1'] });
    expect(s.rule(pc, 'reviews.unresolved')!.label).toContain('plan:1 RETHINK');
    expect(s.rule(pc, 'reviews.approved')).toBeUndefined();
    const three = assessScenario({
      reviews: ['spec', 'plan', 'code'].map((type) => ({ type, verdict: 'REVISE' as const })),
    });
    expect(three.rule(pc, 'reviews.unresolved')!.points).toBe(-16);
  });

  it('reviews.none: 0 points when no verdict was recorded', () => {
    expect(assessScenario({}).rule(pc, 'reviews.none')).toMatchObject({ points: 0 });
  });

  it('commits.trailer: up to +8 by the share of commits with a Fusion-Task-Id or Task-Id trailer naming the task', () => {
    const commits = [
      buildCommit(1),
      buildCommit(2, { trailers: { 'task-id': ['FN-1'] } }),
      // Attributed by subject or branch range, not by a trailer naming FN-1.
      buildCommit(3, { trailers: { 'Fusion-Task-Id': ['FN-2'] }, attribution: 'subject' }),
      buildCommit(4, { trailers: {}, attribution: 'range' }),
    ];
    const s = assessScenario({}, { commits });
    expect(s.rule(pc, 'commits.trailer')).toMatchObject({
      points: 4,
      evidence: [sha(1), sha(2)],
      label: '2 of 4 commits carry a task-id trailer naming FN-1',
    });
  });

  it('commits.conventional: recorded with the conventional commits cited, but worth no points', () => {
    const commits = [
      buildCommit(1),
      buildCommit(2, { subject: 'fix!: drop the old flag' }),
      buildCommit(3, { subject: 'Fixed the error handling' }),
    ];
    const s = assessScenario({}, { commits });
    expect(s.rule(pc, 'commits.conventional')).toMatchObject({
      points: 0,
      evidence: [sha(1), sha(2)],
      label: '2 of 3 commits have a conventional subject (recorded, not scored)',
    });
  });

  it('commits.wideSubject: up to -2 by the share of subjects over 50 characters and within 72', () => {
    const wide = `feat: ${'a'.repeat(50)}`;
    const commits = [
      buildCommit(1),
      buildCommit(2, { subject: wide }),
      buildCommit(3, { subject: `feat: ${'a'.repeat(70)}` }),
    ];
    const s = assessScenario({}, { commits });
    expect(s.rule(pc, 'commits.wideSubject')).toMatchObject({
      points: -1,
      evidence: [sha(2)],
      label: '1 of 3 commits have a subject over 50 characters (within 72)',
    });
    expect(
      assessScenario({}, { commits: [buildCommit(1, { subject: wide })] }).rule(pc, 'commits.wideSubject'),
    ).toMatchObject({ points: -2 });
    expect(
      assessScenario({}, { commits: [buildCommit(1, { subject: `feat: ${'a'.repeat(44)}` })] }).rule(
        pc,
        'commits.wideSubject',
      ),
    ).toBeUndefined();
  });

  it('commits.longSubject: up to -4 by the share of subjects over 72 characters; absent when every subject fits', () => {
    const long = `feat: ${'a'.repeat(67)}`;
    const commits = [buildCommit(1), buildCommit(2, { subject: long })];
    const s = assessScenario({}, { commits });
    expect(s.rule(pc, 'commits.longSubject')).toMatchObject({
      points: -2,
      evidence: [sha(2)],
      label: '1 of 2 commits have a subject over 72 characters',
    });
    expect(
      assessScenario({}, { commits: [buildCommit(1), buildCommit(2, { subject: `feat: ${'a'.repeat(66)}` })] }).rule(
        pc,
        'commits.longSubject',
      ),
    ).toBeUndefined();
  });

  it('commits.docs: +3 when docs were touched alongside code; 0 with a note when not', () => {
    const s = assessScenario({}, { commits: [buildCommit(1), buildCommit(2, { touchesDocs: true })] });
    expect(s.rule(pc, 'commits.docs')).toMatchObject({ points: 3, evidence: [sha(2)] });
    expect(assessScenario({}, { commits: [buildCommit(1)] }).rule(pc, 'commits.docs')).toMatchObject({
      points: 0,
      evidence: [sha(1)],
    });
  });

  it('commits.testsMissing: -8 when code changed and no commit touched tests, citing the code commits', () => {
    const s = assessScenario({}, { commits: [buildCommit(1), buildCommit(2, { configOnly: true })] });
    expect(s.rule(pc, 'commits.testsMissing')).toMatchObject({ points: -8, evidence: [sha(1)] });
    expect(
      assessScenario({}, { commits: [buildCommit(1, { touchesTests: true })] }).rule(pc, 'commits.testsMissing'),
    ).toBeUndefined();
  });

  it('a docs-only task is not penalised for missing tests and gets no docs-with-code bonus', () => {
    const docsOnly = buildCommit(1, {
      subject: 'docs(FN-1): explain the options',
      files: [{ path: 'docs/options.md', insertions: 4, deletions: 0 }],
      touchesDocs: true,
      touchesCode: false,
    });
    const s = assessScenario({}, { commits: [docsOnly] });
    expect(s.rule(pc, 'commits.testsMissing')).toBeUndefined();
    expect(s.rule(pc, 'commits.docs')).toBeUndefined();
    expect(s.rule('taskOutcomeQuality', 'commits.tests')).toBeUndefined();
  });

  it('commits.testsMissing still applies when one commit changed code untested, citing only the code commit', () => {
    const docsOnly = buildCommit(2, {
      files: [{ path: 'README.md', insertions: 1, deletions: 0 }],
      touchesDocs: true,
      touchesCode: false,
    });
    const s = assessScenario({}, { commits: [buildCommit(1), docsOnly] });
    expect(s.rule(pc, 'commits.testsMissing')).toMatchObject({ points: -8, evidence: [sha(1)] });
    expect(s.rule(pc, 'commits.docs')).toMatchObject({ points: 3, evidence: [sha(2)] });
  });

  it('config-only commits carry no docs or tests expectation', () => {
    const s = assessScenario(
      {},
      {
        commits: [buildCommit(1, { configOnly: true, files: [{ path: 'package.json', insertions: 1, deletions: 1 }] })],
      },
    );
    expect(s.rule(pc, 'commits.testsMissing')).toBeUndefined();
    expect(s.rule(pc, 'commits.docs')).toBeUndefined();
  });

  it('commits.none: -6 when a done task in a known repository has no attributed commit', () => {
    expect(assessScenario({ column: 'done' }, { commits: [] }).rule(pc, 'commits.none')).toMatchObject({
      points: -6,
      evidence: ['task-outcome', 'task-branch'],
    });
    expect(assessScenario({ column: 'triage' }, { commits: [] }).rule(pc, 'commits.none')).toBeUndefined();
  });

  it('commits.unknown: 0 points and no commit rule when no repository is known', () => {
    const s = assessScenario({ column: 'done' });
    expect(s.rule(pc, 'commits.unknown')).toMatchObject({ points: 0 });
    for (const rule of [
      'commits.trailer',
      'commits.conventional',
      'commits.docs',
      'commits.testsMissing',
      'commits.none',
    ])
      expect(s.rule(pc, rule)).toBeUndefined();
  });

  it('counters.mergeBounce: -5 per conflict or audit bounce, citing counters and merge, at most -15', () => {
    const s = assessScenario({
      mergeConflictBounceCount: 1,
      mergeAuditBounceCount: 1,
      mergeDetails: { commitSha: 'abc' },
    });
    expect(s.rule(pc, 'counters.mergeBounce')).toMatchObject({
      points: -10,
      evidence: ['task-counters', 'task-merge'],
    });
    expect(assessScenario({ mergeAuditBounceCount: 9 }).rule(pc, 'counters.mergeBounce')!.points).toBe(-15);
  });

  it('counters.mergeRetry: -3 per merge retry, at most -9; transient merge retries are not scored', () => {
    expect(assessScenario({ mergeRetries: 2, prInfo: { number: 7 } }).rule(pc, 'counters.mergeRetry')).toMatchObject({
      points: -6,
      evidence: ['task-counters', 'task-pr'],
    });
    expect(assessScenario({ mergeRetries: 5 }).rule(pc, 'counters.mergeRetry')!.points).toBe(-9);
    expect(assessScenario({ mergeTransientRetryCount: 5 }).score(pc)).toBe(70);
  });
});
