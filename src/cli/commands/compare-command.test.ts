import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RUBRIC_VERSION } from '../../core/index.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-compare-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cli(argv: string[]) {
  const io = captureIo(dir);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** n tasks done with a model; `failing(i)` marks the ones whose tests failed. */
async function taskFile(
  name: string,
  prefix: string,
  n: number,
  model: { provider: string; id: string } | null,
  failing: (i: number) => boolean,
) {
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      id: `${prefix}-${i + 1}`,
      title: `Task ${prefix}-${i + 1}`,
      column: 'done',
      executionCompletedAt: `2026-03-${String((i % 8) + 1).padStart(2, '0')}T10:00:00Z`,
      ...(model ? { modelProvider: model.provider, modelId: model.id } : {}),
      workflowStepResults: [
        { workflowStepId: 'tests', workflowStepName: 'Run tests', status: failing(i) ? 'failed' : 'passed' },
      ],
      ...(i % 3 === 0 ? { log: [{ timestamp: '2026-03-01T09:00:00Z', action: 'Spec review: REVISE' }] } : {}),
    }),
  );
  await writeFile(join(dir, name), lines.join('\n'));
}

type Exported = {
  taskId: string;
  overallScore: number;
  cohort: { modelId: string | null; labels: Record<string, string> };
};
const mean = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10;

describe('taskeval compare', () => {
  it('compares two models over 20 tasks each: n, means that match the stored results, intervals, and the difference', async () => {
    await taskFile('sonnet.jsonl', 'S', 20, { provider: 'anthropic', id: 'claude-sonnet-4-5' }, (i) => i % 5 === 0);
    await taskFile('gpt.jsonl', 'G', 20, { provider: 'openai', id: 'gpt-5' }, (i) => i % 4 !== 0);
    await taskFile('other.jsonl', 'O', 3, null, () => false);
    for (const f of ['sonnet.jsonl', 'gpt.jsonl', 'other.jsonl'])
      expect((await cli(['run', '--tasks', f, '--label', 'prompt=v2'])).code).toBe(0);

    const exported: Exported[] = [];
    for (const run of JSON.parse((await cli(['runs', '--json'])).out).items as { id: string }[]) {
      exported.push(...(JSON.parse((await cli(['export', '--run', run.id])).out) as Exported[]));
    }
    const expectedMean = (model: string) =>
      mean(exported.filter((r) => r.cohort.modelId === model).map((r) => r.overallScore));

    const shown = await cli(['compare', '--by', 'model', '--json']);
    expect(shown.code).toBe(0);
    const report = JSON.parse(shown.out);
    expect(report.cohorts.map((c: { key: string; n: number; compared: boolean }) => [c.key, c.n, c.compared])).toEqual([
      ['claude-sonnet-4-5', 20, true],
      ['gpt-5', 20, true],
      ['(unknown)', 3, false],
    ]);
    const sonnet = report.cohorts[0].categories.overall;
    expect(sonnet.mean).toBe(expectedMean('claude-sonnet-4-5'));
    expect(sonnet.ciLow).toBeLessThanOrEqual(sonnet.mean);
    expect(sonnet.ciHigh).toBeGreaterThanOrEqual(sonnet.mean);
    expect(report.cohorts[1].categories.overall.mean).toBe(expectedMean('gpt-5'));
    const overall = report.differences.find((d: { category: string }) => d.category === 'overall');
    expect(overall).toMatchObject({ a: 'claude-sonnet-4-5', b: 'gpt-5', paired: false, n: 40 });
    expect(overall.diff).toBeCloseTo(expectedMean('gpt-5') - expectedMean('claude-sonnet-4-5'), 0);
    expect(overall.raw).toMatchObject({ diff: overall.diff });
    expect(overall.adjusted).toMatchObject({ strata: expect.any(Number), tasksLeftOut: 0 });
    expect(typeof overall.clear).toBe('boolean');
    expect(report.modes).toMatchObject({
      deterministicOnly: 43,
      hybrid: 0,
      used: `deterministic only, ${RUBRIC_VERSION}`,
      leftOut: [],
    });
    expect(JSON.parse((await cli(['compare', '--by', 'model', '--json'])).out)).toEqual(report);

    const table = await cli(['compare', '--by', 'model']);
    expect(table.out).toMatch(/by model: 3 cohort\(s\), 43 task\(s\)/);
    expect(table.out).toMatch(/\(unknown\) \(not compared: no model recorded\)/);
    expect(table.out).toMatch(/claude-sonnet-4-5 higher than gpt-5 by \d+\.\d like for like \(95% CI/);
    expect(table.out).toMatch(/RAW DIFF \(95% CI\)\s+ADJUSTED DIFF \(95% CI\)/);
    const markdown = await cli(['compare', '--by', 'label:prompt', '--format', 'markdown']);
    expect(markdown.out).toMatch(/^### taskeval: by label:prompt: 1 cohort\(s\), 43 task\(s\)/);
    expect(markdown.out).toMatch(/\| v2 \| 43 \|/);

    const filtered = JSON.parse(
      (await cli(['results', '--model', 'gpt-5', '--label', 'prompt=v2', '--json', '--limit', '500'])).out,
    );
    expect(filtered.count).toBe(20);
    const csv = (await cli(['export', '--run', 'latest', '--format', 'csv'])).out.split('\n');
    expect(csv[0]).toMatch(/,agent,model_provider,model_id,labels,history_gaps$/);
  });

  it('pairs two runs over the same 40 tasks, lists the movers, and --fail-on-drop exits 1 on a clear drop', async () => {
    await taskFile('tasks.jsonl', 'T', 40, { provider: 'anthropic', id: 'claude-sonnet-4-5' }, () => false);
    await cli(['run', '--tasks', 'tasks.jsonl']);
    const baseline = JSON.parse((await cli(['runs', '--json'])).out).items[0].id as string;
    await taskFile('tasks.jsonl', 'T', 40, { provider: 'anthropic', id: 'claude-sonnet-4-5' }, (i) => i % 2 === 0);
    await cli(['run', '--tasks', 'tasks.jsonl']);
    const current = JSON.parse((await cli(['runs', '--json'])).out).items[0].id as string;

    const paired = await cli(['compare', '--run', baseline, '--run', current, '--json']);
    expect(paired.code).toBe(0);
    const report = JSON.parse(paired.out);
    expect(report).toMatchObject({ a: baseline, b: current, n: 40, onlyA: 0, onlyB: 0 });
    const overall = report.differences.find((d: { category: string }) => d.category === 'overall');
    expect(overall).toMatchObject({ paired: true, n: 40, clear: true });
    expect(overall.diff).toBeLessThan(0);
    expect(report.bands.worse + report.bands.same).toBe(40);
    expect(report.movers[0]).toMatchObject({ taskId: expect.stringMatching(/^T-\d+$/), delta: expect.any(Number) });

    const gate = await cli(['compare', '--run', baseline, '--run', current, '--fail-on-drop', '1']);
    expect(gate.code).toBe(1);
    expect(gate.err).toMatch(/the overall mean dropped by \d+\.\d .*more than --fail-on-drop 1/);
    expect(gate.out).toMatch(/largest movers:/);
    expect((await cli(['compare', '--run', baseline, '--run', current, '--fail-on-drop', '99'])).code).toBe(0);
    expect((await cli(['compare', '--run', current, '--run', baseline, '--fail-on-drop', '1'])).code).toBe(0);
  });

  it('refuses a missing --by with one run, an unknown key, and an unknown run, naming the flag', async () => {
    await taskFile('tasks.jsonl', 'T', 2, null, () => false);
    await cli(['run', '--tasks', 'tasks.jsonl']);
    const one = await cli(['compare', '--run', 'run_x']);
    expect(one.code).toBe(2);
    expect(one.err).toMatch(/--by KEY, or exactly two --run ids/);
    const bad = await cli(['compare', '--by', 'colour']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(
      /--by must be one of model, provider, agent, project, task-type or label:KEY, got "colour"/,
    );
    expect((await cli(['compare', '--run', 'run_nope', '--run', 'run_nada'])).code).toBe(3);
    expect((await cli(['run', '--tasks', 'tasks.jsonl', '--label', 'oops'])).err).toMatch(
      /--label: "oops" is not key=value/,
    );
  });
});
