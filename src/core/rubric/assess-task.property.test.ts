import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CommitHistorySignals, CommitRecord } from '../commit-record.js';
import type { DeterministicAssessment } from '../deterministic-assessment.js';
import type { EvidenceBundle } from '../evidence-bundle.js';
import { SCORE_CATEGORIES } from '../score-categories.js';
import { TASK_COUNTER_FIELDS, type TaskInput } from '../task.js';
import { assessTask } from './assess-task.js';
import { RUBRIC_BASE } from './rubric-rules.js';
import { buildTestBundle, type LogReview } from './testing/bundle-builder.js';
import { buildCommit, buildTask } from './testing/task-builders.js';

const timestamp = fc
  .integer({ min: 0, max: 5_000 })
  .map((m) => new Date(Date.UTC(2026, 0, 1) + m * 60_000).toISOString());
const verdict = fc.constantFrom('APPROVE' as const, 'REVISE' as const, 'RETHINK' as const);
const reviewType = fc.constantFrom('spec', 'plan', 'code');
const step = fc.option(fc.integer({ min: 0, max: 3 }), { nil: null });
const workflowResult = (status: fc.Arbitrary<'passed' | 'failed' | 'skipped' | 'pending'>) =>
  fc.record({
    workflowStepId: fc.constantFrom('tests', 'lint', 'build', 'review', 'e2e'),
    status,
    completedAt: fc.option(timestamp, { nil: undefined }),
  });
const review = (v: fc.Arbitrary<'APPROVE' | 'REVISE' | 'RETHINK'>) =>
  fc.record({ type: reviewType, step, verdict: v, timestamp: fc.option(timestamp, { nil: undefined }) });
const logReview = (v: fc.Arbitrary<'APPROVE' | 'REVISE' | 'RETHINK'>): fc.Arbitrary<LogReview> =>
  fc.record({ type: reviewType, step, verdict: v, timestamp });

/** A generated scenario; reviews stay under the group cap so log verdicts are all in the bundle. */
const scenarioArb = fc.record({
  column: fc.constantFrom('triage', 'todo', 'in-progress', 'in-review', 'done', 'archived'),
  status: fc.option(fc.constantFrom('failed', 'merging', 'done'), { nil: undefined }),
  error: fc.option(fc.constant('boom'), { nil: undefined }),
  steps: fc.array(
    fc.record({ name: fc.constant('s'), status: fc.constantFrom('done', 'pending', 'skipped', 'in-progress') }),
    { maxLength: 6 },
  ),
  workflowStepResults: fc.array(workflowResult(fc.constantFrom('passed', 'failed', 'skipped', 'pending')), {
    maxLength: 8,
  }),
  reviews: fc.array(review(verdict), { maxLength: 5 }),
  logReviews: fc.array(logReview(verdict), { maxLength: 5 }),
  counters: fc.dictionary(fc.constantFrom(...TASK_COUNTER_FIELDS), fc.integer({ min: 0, max: 6 })),
  agentLogs: fc.array(
    fc.record({ timestamp, type: fc.constantFrom('text', 'tool', 'tool_error'), text: fc.constant('x') }),
    { maxLength: 12 },
  ),
  commits: fc.option(
    fc.array(
      fc.record({
        n: fc.integer({ min: 1, max: 500 }),
        touchesTests: fc.boolean(),
        touchesDocs: fc.boolean(),
        configOnly: fc.boolean(),
        touchesCode: fc.boolean(),
        trailer: fc.boolean(),
        subject: fc.constantFrom('feat: a', 'fix(FN-1): b', 'did stuff'),
      }),
      { maxLength: 5 },
    ),
    { nil: null },
  ),
  history: fc.option(fc.record({ reverted: fc.boolean(), laterFixes: fc.integer({ min: 0, max: 4 }) }), { nil: null }),
});

type ScenarioInput = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function scores(input: ScenarioInput, check = false): Record<string, number> {
  const { counters, logReviews, commits: commitSpecs, history: historySpec, ...fields } = input;
  const task = buildTask({ ...(fields as Partial<TaskInput>), ...counters });
  const commits: CommitRecord[] | null = commitSpecs
    ? [...new Map(commitSpecs.map((c) => [c.n, c])).values()].map((c) =>
        buildCommit(c.n, {
          touchesTests: c.touchesTests,
          touchesDocs: c.touchesDocs,
          configOnly: c.configOnly,
          touchesCode: c.touchesCode && !c.configOnly,
          subject: c.subject,
          trailers: c.trailer ? { 'Fusion-Task-Id': ['FN-1'] } : {},
        }),
      )
    : null;
  const history: CommitHistorySignals | null = historySpec
    ? {
        reverted: historySpec.reverted,
        revertShas: [],
        laterFixShas: Array.from({ length: historySpec.laterFixes }, (_, i) => String(i).repeat(40)),
        firstCommitAt: null,
        lastCommitAt: null,
      }
    : null;
  const bundle = buildTestBundle(task, { commits, history, logReviews });
  const assessment = assessTask({ task, bundle, commits, history });
  if (check) expectExplained(assessment, bundle);
  return Object.fromEntries(SCORE_CATEGORIES.map((c) => [c, assessment.categories[c].score]));
}

function expectExplained(assessment: DeterministicAssessment, bundle: EvidenceBundle): void {
  const held = new Set(bundle.groups.flatMap((g) => g.entries.map((e) => e.id)));
  for (const category of SCORE_CATEGORIES) {
    const { score, contributions } = assessment.categories[category];
    expect(Number.isInteger(score) && score >= 0 && score <= 100).toBe(true);
    expect(score).toBe(RUBRIC_BASE[category] + contributions.reduce((sum, c) => sum + c.points, 0));
    for (const c of contributions) for (const id of c.evidence) expect(held.has(id)).toBe(true);
  }
}

// A plain comparison inside the property (expect per run is slow); the message names the category.
function expectNoHigher(after: Record<string, number>, before: Record<string, number>): void {
  const raised = SCORE_CATEGORIES.filter((c) => after[c]! > before[c]!);
  if (raised.length) throw new Error(`raised ${raised.map((c) => `${c} ${before[c]} → ${after[c]}`).join(', ')}`);
}

describe('assessTask on generated tasks', () => {
  it('always gives integer scores in 0..100 that equal base plus contributions, citing only ids in the bundle', () => {
    fc.assert(
      fc.property(scenarioArb, (input) => void scores(input, true)),
      { numRuns: 300 },
    );
  });

  it('never raises a score when failed workflow step results are added', () => {
    fc.assert(
      fc.property(
        scenarioArb,
        fc.array(workflowResult(fc.constant('failed' as const)), { minLength: 1, maxLength: 5 }),
        (input, failed) => {
          expectNoHigher(
            scores({ ...input, workflowStepResults: [...input.workflowStepResults, ...failed] }),
            scores(input),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never raises a score when REVISE or RETHINK rounds are added, in task.reviews or in the log', () => {
    const bad = fc.constantFrom('REVISE' as const, 'RETHINK' as const);
    fc.assert(
      fc.property(
        scenarioArb,
        fc.array(review(bad), { maxLength: 5 }),
        fc.array(logReview(bad), { maxLength: 5 }),
        (input, reviews, logReviews) => {
          const after = scores({
            ...input,
            reviews: [...input.reviews, ...reviews],
            logReviews: [...input.logReviews, ...logReviews],
          });
          expectNoHigher(after, scores(input));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never raises a score when a retry or recovery counter goes up', () => {
    fc.assert(
      fc.property(
        scenarioArb,
        fc.constantFrom(...TASK_COUNTER_FIELDS),
        fc.integer({ min: 1, max: 10 }),
        (input, field, by) => {
          const raised = { ...input.counters, [field]: (input.counters[field] ?? 0) + by };
          expectNoHigher(scores({ ...input, counters: raised }), scores(input));
        },
      ),
      { numRuns: 300 },
    );
  });
});
