import { fileURLToPath } from 'node:url';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// A test may reach up a layer: the real evidence builder shows the rubric reads its bundles as built.
import { buildEvidenceBundle } from '../../evidence/index.js';
import { TaskSchema, type Task } from '../task.js';
import { assessTask } from './assess-task.js';

/** The real Fusion task records kept in this repository (fixtures/README.md says where they come from). */
const FUSION_FIXTURES = fileURLToPath(new URL('../../../fixtures/fusion', import.meta.url));

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'taskeval-rubric-'));
  for (const name of readdirSync(FUSION_FIXTURES)) copyFileSync(join(FUSION_FIXTURES, name), join(dir, name));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function assessFixture(id: string) {
  const task: Task = TaskSchema.parse({
    ...JSON.parse(readFileSync(join(dir, `${id}.task.json`), 'utf8')),
    prompt: readFileSync(join(dir, `${id}.PROMPT.md`), 'utf8'),
  });
  const bundle = buildEvidenceBundle(task, { runId: 'run-fixture' });
  return { bundle, assessment: assessTask({ task, bundle }) };
}

describe('assessTask on the Fusion fixtures', () => {
  it('scores FN-679 (triage, spec never approved) below KB-126 (done, spec approved) on processCompliance', () => {
    const fn679 = assessFixture('FN-679').assessment;
    const kb126 = assessFixture('KB-126').assessment;
    expect(fn679.categories.processCompliance.score).toBeLessThan(kb126.categories.processCompliance.score);
    expect(fn679.categories.processCompliance.contributions.map((c) => c.rule)).toContain('reviews.unresolved');
    expect(kb126.categories.processCompliance.contributions.map((c) => c.rule)).toContain('reviews.approved');
    expect(fn679.values).toMatchObject({
      reviews: { revise: 2, approve: 0, lastVerdictByType: { spec: 'REVISE' } },
      outcome: { column: 'triage', done: false },
    });
  });

  it("reads KB-341's three plan RETHINKs from the log verdicts in the bundle", () => {
    const { assessment } = assessFixture('KB-341');
    expect(assessment.values).toMatchObject({
      reviews: { rethink: 3, revise: 1, approve: 1, lastVerdictByType: { spec: 'APPROVE', 'plan:1': 'RETHINK' } },
      steps: { total: 8, done: 8 },
    });
    expect(
      assessment.categories.agentPerformance.contributions.find((c) => c.rule === 'reviews.rethink'),
    ).toMatchObject({ points: -18 });
  });

  it('cites only ids the real bundle holds, and stays neutral about the unknown repository', () => {
    for (const id of ['FN-679', 'KB-126', 'KB-341']) {
      const { bundle, assessment } = assessFixture(id);
      const held = new Set(bundle.groups.flatMap((g) => g.entries.map((e) => e.id)));
      for (const category of Object.values(assessment.categories)) {
        for (const c of category.contributions)
          for (const e of c.evidence) expect(held.has(e), `${id} ${c.rule} cites ${e}`).toBe(true);
        expect(category.contributions.filter((c) => c.rule.startsWith('commits.') && c.points !== 0)).toEqual([]);
      }
    }
  });
});
