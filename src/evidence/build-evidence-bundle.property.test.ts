import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bundleEntries,
  EVIDENCE_LIMITS,
  EvidenceBundleSchema,
  MAX_COMMIT_SUBJECT_LENGTH,
  MAX_EXCERPT_LENGTH,
} from '../core/index.js';
import { buildEvidenceBundle } from './build-evidence-bundle.js';
import { compareEvidenceEntries } from './compare-evidence-entries.js';
import { buildCommit, buildTask } from './testing/evidence-builders.js';

const timestamp = fc
  .integer({ min: 0, max: 10_000 })
  .map((m) => new Date(Date.UTC(2026, 0, 1) + m * 60_000).toISOString());
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 400, maxLength: 900 }),
  fc.constantFrom(
    'Spec review: APPROVE',
    'plan review Step 2: RETHINK',
    'code review Step 3: REVISE',
    'Spec review requested',
  ),
);

const taskArb = fc.record({
  log: fc.array(fc.record({ timestamp, action: text, outcome: fc.option(text, { nil: undefined }) }), {
    maxLength: 40,
  }),
  steps: fc.array(fc.record({ name: text, status: fc.constantFrom('done', 'pending', 'in-progress') }), {
    maxLength: 30,
  }),
  workflowStepResults: fc.array(
    fc.record({
      workflowStepId: fc.constantFrom('lint', 'test', 'build', 'review'),
      status: fc.constantFrom('passed', 'failed', 'skipped', 'pending'),
      output: text,
      completedAt: fc.option(timestamp, { nil: undefined }),
    }),
    { maxLength: 8 },
  ),
  agentLogs: fc.array(
    fc.record({
      timestamp,
      type: fc.constantFrom('text', 'tool', 'thinking', 'tool_result', 'tool_error'),
      text,
      agent: fc.constantFrom('executor', 'reviewer'),
    }),
    { maxLength: 60 },
  ),
  documents: fc.array(
    fc.record({ key: fc.constantFrom('plan', 'notes'), revision: fc.integer({ min: 0, max: 3 }), content: text }),
    { maxLength: 6 },
  ),
  runAudit: fc.array(
    fc.record({
      id: fc.integer({ min: 0, max: 50 }),
      timestamp,
      domain: fc.constantFrom('git', 'fs'),
      mutationType: text,
      metadata: fc.jsonValue(),
    }),
    { maxLength: 30 },
  ),
  commits: fc.array(fc.record({ n: fc.integer({ min: 0, max: 200 }), subject: text, body: text }), { maxLength: 30 }),
});

describe('buildEvidenceBundle on generated records', () => {
  it('always gives a valid, bounded, ordered bundle with unique ids that ignores the run id', () => {
    fc.assert(
      fc.property(taskArb, fc.string({ minLength: 1 }), ({ commits, ...fields }, runId) => {
        const task = buildTask(fields);
        const records = commits.map(({ n, subject, body }) => buildCommit(n, { subject, body }));
        const bundle = buildEvidenceBundle(task, { runId, commits: records });
        EvidenceBundleSchema.parse(bundle);
        const ids = bundleEntries(bundle).map((e) => e.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const group of bundle.groups) {
          expect(group.entries.length).toBeLessThanOrEqual(EVIDENCE_LIMITS[group.source]);
          expect(group.omitted).toBe(group.total - group.entries.length);
          for (let i = 1; i < group.entries.length; i++)
            expect(compareEvidenceEntries(group.entries[i - 1]!, group.entries[i]!)).toBeLessThan(0);
          for (const e of group.entries) {
            expect(e.label.length).toBeLessThanOrEqual(MAX_COMMIT_SUBJECT_LENGTH);
            if (e.excerpt !== undefined) expect(e.excerpt.length).toBeLessThanOrEqual(MAX_EXCERPT_LENGTH);
          }
        }
        const again = buildEvidenceBundle(task, { runId: `${runId}-other`, commits: records });
        expect(again.digest).toBe(bundle.digest);
        expect(again.groups).toEqual(bundle.groups);
      }),
      { numRuns: 60, seed: 4242 },
    );
  });
});
