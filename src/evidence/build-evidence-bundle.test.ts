import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleEntries,
  EVIDENCE_SOURCE_ORDER,
  EvidenceBundleSchema,
  MAX_EXCERPT_LENGTH,
  TRUNCATION_MARKER,
  type EvidenceBundle,
  type EvidenceSource,
  type Task,
} from '../core/index.js';
import { buildEvidenceBundle } from './build-evidence-bundle.js';
import { bundleDigest } from './bundle-digest.js';
import { canonicalJson } from './canonical-json.js';
import { buildCommit, buildTask, copyFusionFixtures, loadFusionTask } from './testing/evidence-builders.js';

const group = (bundle: EvidenceBundle, source: EvidenceSource) => bundle.groups.find((g) => g.source === source)!;
const at = (minute: number) => new Date(Date.UTC(2026, 3, 1, 12, minute)).toISOString();

let fixtures: ReturnType<typeof copyFusionFixtures>;
const tasks: Record<string, Task> = {};

beforeAll(() => {
  fixtures = copyFusionFixtures();
  for (const id of ['KB-341', 'KB-126', 'FN-679']) tasks[id] = loadFusionTask(fixtures.dir, id);
});
afterAll(() => fixtures.remove());

describe('buildEvidenceBundle on the Fusion fixtures', () => {
  it.each(['KB-341', 'KB-126', 'FN-679'])(
    'builds a bundle for %s that validates, in contract group order, with unique ids',
    (id) => {
      const bundle = buildEvidenceBundle(tasks[id]!, { runId: 'run-1' });
      expect(EvidenceBundleSchema.parse(bundle)).toEqual(bundle);
      expect(bundle.groups.map((g) => g.source)).toEqual([...EVIDENCE_SOURCE_ORDER]);
      const ids = bundleEntries(bundle).map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const g of bundle.groups) for (const e of g.entries) expect(e.source).toBe(g.source);
    },
  );

  it('reads KB-341 spec reviews REVISE then APPROVE and three plan reviews of Step 1 with RETHINK', () => {
    const reviews = group(buildEvidenceBundle(tasks['KB-341']!, { runId: 'r' }), 'reviews').entries;
    expect(reviews.map((e) => e.label)).toEqual([
      'spec review: REVISE',
      'spec review: APPROVE',
      'plan review Step 1: RETHINK',
      'plan review Step 1: RETHINK',
      'plan review Step 1: RETHINK',
    ]);
    expect(reviews.map((e) => [e.ref.reviewType, e.ref.step, e.ref.verdict])).toEqual([
      ['spec', null, 'REVISE'],
      ['spec', null, 'APPROVE'],
      ['plan', 1, 'RETHINK'],
      ['plan', 1, 'RETHINK'],
      ['plan', 1, 'RETHINK'],
    ]);
    for (const e of reviews) expect(e.id).toMatch(/^review-[0-9a-f]{12}$/);
    expect(reviews[0]!.excerpt).toContain('critical error');
  });

  it('keeps review requests and rewinds of KB-341 as activity, not as reviews', () => {
    const task = tasks['KB-341']!;
    const bundle = buildEvidenceBundle(task, { runId: 'r' });
    const activity = group(bundle, 'taskActivity');
    const labels = activity.entries.map((e) => e.label);
    expect(labels).toContain(
      'plan review requested for Step 1 (True Consolidation: Merge steeringComments into comments)',
    );
    expect(labels).toContain('RETHINK: Step 1 plan rewound — session checkpoint N/A');
    expect(labels).not.toContain('Spec review: APPROVE');
    expect(activity.total + group(bundle, 'reviews').total).toBe(task.log!.length);
    for (const e of activity.entries) expect(e.ref.activityType).toBe('log');
  });

  it('keeps only the newest 25 of KB-341 log lines as activity and says how many were left out', () => {
    const activity = group(buildEvidenceBundle(tasks['KB-341']!, { runId: 'r' }), 'taskActivity');
    expect(activity.total).toBe(tasks['KB-341']!.log!.length - 5);
    expect(activity.entries).toHaveLength(Math.min(25, activity.total));
    expect(activity.omitted).toBe(activity.total - activity.entries.length);
    expect(activity.entries.at(-1)!.label).toBe('Task marked done by agent');
  });

  it('counts FN-679 two REVISE spec reviews and keeps the "not approved" follow-up as activity', () => {
    const bundle = buildEvidenceBundle(tasks['FN-679']!, { runId: 'r' });
    expect(group(bundle, 'reviews').entries.map((e) => e.ref.verdict)).toEqual(['REVISE', 'REVISE']);
    expect(group(bundle, 'taskActivity').entries.map((e) => e.label)).toContain(
      'Spec review not approved (verdict was REVISE) — specification not approved',
    );
  });

  it('takes the title from the PROMPT.md heading and numbers KB-126 steps from 0', () => {
    const bundle = buildEvidenceBundle(tasks['KB-126']!, { runId: 'r' });
    const meta = group(bundle, 'taskMetadata').entries;
    expect(meta.find((e) => e.id === 'task-spec')!.label).toBe('Make New Task Modal Scrollable');
    const steps = group(bundle, 'workflow').entries;
    expect(steps.map((e) => e.id)).toEqual(['step-0', 'step-1', 'step-2', 'step-3']);
    expect(steps[0]!.ref).toMatchObject({ kind: 'step', step: 0, name: 'Add Scroll CSS', status: 'done' });
  });
});

describe('buildEvidenceBundle ids and digest', () => {
  it('gives the same bundle from two builds, and the same groups and digest under another run id', () => {
    const task = tasks['KB-341']!;
    const a = buildEvidenceBundle(task, { runId: 'run-a' });
    expect(buildEvidenceBundle(task, { runId: 'run-a' })).toEqual(a);
    const b = buildEvidenceBundle(task, { runId: 'run-b' });
    expect(b.runId).toBe('run-b');
    expect(b.groups).toEqual(a.groups);
    expect(b.digest).toBe(a.digest);
  });

  it('computes the digest as sha256 of the canonical JSON of taskId and groups', () => {
    const bundle = buildEvidenceBundle(tasks['KB-126']!, { runId: 'r' });
    const expected = createHash('sha256')
      .update(canonicalJson({ taskId: bundle.taskId, groups: bundle.groups }))
      .digest('hex');
    expect(bundle.digest).toBe(expected);
    expect(bundleDigest(bundle)).toBe(expected);
  });

  it('changes the digest when any one excerpt changes', () => {
    const task = tasks['KB-341']!;
    const base = buildEvidenceBundle(task, { runId: 'r' }).digest;
    const log = task.log!.map((l, i) => (i === task.log!.length - 1 ? { ...l, outcome: 'one more word' } : l));
    expect(buildEvidenceBundle({ ...task, log }, { runId: 'r' }).digest).not.toBe(base);
    expect(buildEvidenceBundle({ ...task, summary: `In short: ${task.summary}` }, { runId: 'r' }).digest).not.toBe(
      base,
    );
    const steps = task.steps!.map((s, i) => (i === 3 ? { ...s, status: 'in-progress' } : s));
    expect(buildEvidenceBundle({ ...task, steps }, { runId: 'r' }).digest).not.toBe(base);
  });

  it('derives ids from content, so the order records arrive in does not change the bundle', () => {
    const task = buildTask({
      log: [0, 1, 2].map((m) => ({ timestamp: at(m), action: `did ${m}` })),
      workflowStepResults: ['lint', 'test'].map((id, m) => ({
        workflowStepId: id,
        status: 'passed',
        completedAt: at(m),
      })),
      documents: [
        { key: 'plan', content: 'x', revision: 1 },
        { key: 'notes', content: 'y', revision: 2 },
      ],
      runAudit: [
        { id: 7, timestamp: at(1), domain: 'git', mutationType: 'commit' },
        { id: 'e8', timestamp: at(2), domain: 'task', mutationType: 'move' },
      ],
    });
    const commits = [buildCommit(1), buildCommit(2), buildCommit(3)];
    const reversed: Task = {
      ...task,
      log: [...task.log!].reverse(),
      workflowStepResults: [...task.workflowStepResults!].reverse(),
      documents: [...task.documents!].reverse(),
      runAudit: [...task.runAudit!].reverse(),
    };
    const a = buildEvidenceBundle(task, { runId: 'r', commits });
    const b = buildEvidenceBundle(reversed, { runId: 'r', commits: [...commits].reverse() });
    expect(b).toEqual(a);
    expect(bundleEntries(a).map((e) => e.id)).toEqual(
      expect.arrayContaining([
        'workflow-lint',
        'workflow-test',
        'document-plan-r1',
        'document-notes-r2',
        'audit-7',
        'audit-e8',
        `commit-${commits[0]!.sha}`,
      ]),
    );
  });

  it('puts the task id in every ref and no run id anywhere in the groups, with scalar ref values only', () => {
    const bundle = buildEvidenceBundle(tasks['KB-341']!, {
      runId: 'run-marker-xyz',
      commits: [buildCommit(1)],
      history: { reverted: false, revertShas: [], laterFixShas: [], firstCommitAt: null, lastCommitAt: null },
    });
    for (const e of bundleEntries(bundle)) {
      expect(e.ref.taskId).toBe('KB-341');
      for (const v of Object.values(e.ref))
        expect(v === null || ['string', 'number', 'boolean'].includes(typeof v)).toBe(true);
    }
    expect(canonicalJson(bundle.groups)).not.toContain('run-marker-xyz');
  });
});

describe('buildEvidenceBundle bounds', () => {
  it('keeps the newest 25 of 40 log lines, ordered by time, with total and omitted', () => {
    const task = buildTask({ log: Array.from({ length: 40 }, (_, m) => ({ timestamp: at(m), action: `step ${m}` })) });
    const activity = group(buildEvidenceBundle(task, { runId: 'r' }), 'taskActivity');
    expect(activity).toMatchObject({ total: 40, omitted: 15 });
    expect(activity.entries.map((e) => e.label)).toEqual(Array.from({ length: 25 }, (_, i) => `step ${i + 15}`));
  });

  it('keeps the newest 20 of 30 commits', () => {
    const commits = Array.from({ length: 30 }, (_, n) => buildCommit(n));
    const g = group(buildEvidenceBundle(buildTask(), { runId: 'r', commits }), 'commits');
    expect(g).toMatchObject({ total: 30, omitted: 10 });
    expect(g.entries.map((e) => e.id)).toEqual(commits.slice(10).map((c) => `commit-${c.sha}`));
  });

  it('cuts a long excerpt to 500 characters ending with the marker and marks it truncated', () => {
    const outcome = 'o'.repeat(2000);
    const [entry] = group(
      buildEvidenceBundle(buildTask({ log: [{ timestamp: at(0), action: 'ran tests', outcome }] }), { runId: 'r' }),
      'taskActivity',
    ).entries;
    expect(entry!.excerpt).toHaveLength(MAX_EXCERPT_LENGTH);
    expect(entry!.excerpt).toBe('o'.repeat(487) + TRUNCATION_MARKER);
    expect(entry!.truncated).toBe(true);
  });

  it('leaves a short excerpt whole and unmarked', () => {
    const [entry] = group(
      buildEvidenceBundle(buildTask({ log: [{ timestamp: at(0), action: 'ran tests', outcome: 'all green' }] }), {
        runId: 'r',
      }),
      'taskActivity',
    ).entries;
    expect(entry).toMatchObject({ label: 'ran tests', excerpt: 'all green' });
    expect(entry!.truncated).toBeUndefined();
  });

  it('cuts a commit subject to 160 characters', () => {
    const subject = `feat(FN-1): ${'s'.repeat(400)}`;
    const [entry] = group(
      buildEvidenceBundle(buildTask(), { runId: 'r', commits: [buildCommit(1, { subject })] }),
      'commits',
    ).entries;
    expect(entry!.label).toHaveLength(160);
    expect(entry!.label.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(entry!.label.startsWith('feat(FN-1): sss')).toBe(true);
  });

  it('orders entries without a timestamp first, then by time, then by id', () => {
    const task = buildTask({
      steps: Array.from({ length: 12 }, (_, i) => ({ name: `s${i}`, status: 'done' })),
      workflowStepResults: [
        { workflowStepId: 'b', status: 'passed', completedAt: at(5) },
        { workflowStepId: 'a', status: 'failed', completedAt: at(5) },
        { workflowStepId: 'c', status: 'passed', startedAt: at(1) },
      ],
    });
    const ids = group(buildEvidenceBundle(task, { runId: 'r' }), 'workflow').entries.map((e) => e.id);
    expect(ids).toEqual(
      [...Array.from({ length: 12 }, (_, i) => `step-${i}`), 'workflow-c', 'workflow-a', 'workflow-b'].slice(-25),
    );
  });
});

describe('buildEvidenceBundle duplicates', () => {
  it('drops a log line repeated exactly and keeps the first', () => {
    const line = { timestamp: at(0), action: 'Task created' };
    const activity = group(
      buildEvidenceBundle(buildTask({ log: [line, { ...line }] }), { runId: 'r' }),
      'taskActivity',
    );
    expect(activity).toMatchObject({ total: 1, omitted: 0 });
  });

  it('keeps two log lines that share a time but differ in outcome', () => {
    const log = [
      { timestamp: at(0), action: 'ran tests', outcome: 'red' },
      { timestamp: at(0), action: 'ran tests', outcome: 'green' },
    ];
    expect(group(buildEvidenceBundle(buildTask({ log }), { runId: 'r' }), 'taskActivity').total).toBe(2);
  });

  it('keeps a workflow step recorded twice with different results under distinct content-derived ids', () => {
    const task = buildTask({
      workflowStepResults: [
        { workflowStepId: 'test', status: 'failed', output: '1 failing', completedAt: at(1) },
        { workflowStepId: 'test', status: 'passed', output: 'all passing', completedAt: at(2) },
        { workflowStepId: 'test', status: 'passed', output: 'all passing', completedAt: at(2) },
      ],
    });
    const entries = group(buildEvidenceBundle(task, { runId: 'r' }), 'workflow').entries;
    expect(entries.map((e) => e.ref.status)).toEqual(['failed', 'passed']);
    expect(entries[0]!.id).toBe('workflow-test');
    expect(entries[1]!.id).toMatch(/^workflow-test-[0-9a-f]{12}$/);
  });

  it('lists a commit given twice once', () => {
    const g = group(
      buildEvidenceBundle(buildTask(), { runId: 'r', commits: [buildCommit(1), buildCommit(1)] }),
      'commits',
    );
    expect(g.total).toBe(1);
  });
});
