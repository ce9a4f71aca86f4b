import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scoreOnScale } from '../../core/index.js';
import { startFakeOpenAIServer, type FakeLlmServer } from '../../judge/testing/index.js';
import { openSqliteStore } from '../../store/index.js';
import { buildDemoProject } from '../demo/build-demo-project.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let dir: string;
let db: string;
let server: FakeLlmServer;

interface Scored {
  taskId: string;
  overallScore: number;
  overallBand: string;
  categoryScores: { category: string; finalScore: number; rationale: string }[];
}

async function cli(argv: string[], input?: string) {
  const io = captureIo(dir, input === undefined ? {} : { stdin: Readable.from([input]) });
  const code = await runCli([...argv, '--db', db], io);
  return { code, out: io.out(), err: io.err(), json: () => JSON.parse(io.out()) };
}

beforeAll(async () => {
  server = await startFakeOpenAIServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-label-'));
  db = join(dir, 'store.db');
  const project = join(dir, 'demo');
  await mkdir(project);
  await buildDemoProject(project);
  const run = await cli(['run', '--tasks', join(project, 'tasks.jsonl'), '--json']);
  expect(run.code, run.err).toBe(0);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function ratings() {
  const store = openSqliteStore({ path: db });
  try {
    return await store.listRatings();
  } finally {
    await store.close();
  }
}

async function latestResults(): Promise<Scored[]> {
  const store = openSqliteStore({ path: db });
  try {
    const run = (await store.listRuns({ limit: 1 })).items[0]!;
    return (await store.listResults({ runId: run.id, full: true })).items as unknown as Scored[];
  } finally {
    await store.close();
  }
}

describe('taskeval label', () => {
  it('shows a task blind, asks again on a bad answer, keeps each finished task at once and never shows a rated task again', async () => {
    const results = await latestResults();
    // Task 1: three categories, a typo re-asked, the overall; task 2 skipped.
    const first = await cli(['label', '--rater', 'ana', '--sample', '2'], '4\n3\nseven\n5\n4\ns\n');
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('"seven" is not a rating here');
    expect(first.out).toContain('[1/2]');
    expect(first.out).toMatch(/commits/);
    // Blind: none of what the machine made of the task.
    for (const r of results) for (const c of r.categoryScores) expect(first.out).not.toContain(c.rationale);
    for (const r of results) expect(first.out).not.toContain(`${r.overallScore} ${r.overallBand}`);
    expect(first.out).not.toMatch(/det \d+|ai \d+/);
    expect(first.err).toContain('kept 4 rating(s) of 1 task(s) by ana');
    const kept = await ratings();
    expect(kept.map((r) => [r.rater, r.aspect, r.value])).toEqual([
      ['ana', 'agentPerformance', 4],
      ['ana', 'overall', 4],
      ['ana', 'processCompliance', 5],
      ['ana', 'taskOutcomeQuality', 3],
    ]);
    const ratedTask = kept[0]!.taskId;

    // Next time: only the two tasks not rated yet; end of input stops after one, keeping it.
    const second = await cli(['label', '--rater', 'ana', '--sample', '5', '--overall-only'], '2\n');
    expect(second.code, second.err).toBe(0);
    expect(second.err).toContain('2 task(s) of run');
    expect(second.err).toContain('1 rated by you before');
    expect(second.out).not.toContain(`] ${ratedTask}`);
    expect(second.err).toContain('kept 1 rating(s) of 1 task(s)');
    expect((await ratings()).length).toBe(5);
  });

  it('q in the middle of a task keeps nothing of that task', async () => {
    const quit = await cli(['label', '--rater', 'ben', '--sample', '3'], '4\nq\n');
    expect(quit.code, quit.err).toBe(0);
    expect(await ratings()).toEqual([]);
  });

  it('needs a rater, and refuses a scale it does not know', async () => {
    const nameless = await cli(['label', '--sample', '1'], '');
    expect(nameless.code).toBe(2);
    expect(nameless.err).toContain('--rater');
    const bad = await cli(['label', '--rater', 'x', '--scale', '1-10'], '');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--scale');
  });

  it('validate --labels store measures rubric, judge and final against people, per prompt version, and people against each other', async () => {
    const results = await latestResults();
    // Ana rates every aspect at the band the rubric gave, in the order the seeded sample shows; Ben says 3 for all.
    const categoryOrder = ['agentPerformance', 'taskOutcomeQuality', 'processCompliance'];
    const anaInput = (await sampleOrder(results))
      .map((r) => {
        const byCategory = new Map(r.categoryScores.map((c) => [c.category, scoreOnScale(c.finalScore, '1-5')]));
        return [...categoryOrder.map((c) => byCategory.get(c)), scoreOnScale(r.overallScore, '1-5')].join('\n');
      })
      .join('\n');
    expect((await cli(['label', '--rater', 'ana', '--sample', '3'], `${anaInput}\n`)).code).toBe(0);
    expect((await cli(['label', '--rater', 'ben', '--sample', '3'], '3\n'.repeat(12))).code).toBe(0);
    expect((await ratings()).length).toBe(24);

    const plain = await cli([
      'validate',
      '--run',
      'latest',
      '--labels',
      'store',
      '--rater',
      'ana',
      '--json',
      '--no-save',
    ]);
    expect(plain.code, plain.err).toBe(0);
    const report = plain.json();
    expect(report.agreement.versions).toHaveLength(1);
    expect(report.agreement.versions[0]).toMatchObject({ promptVersion: null, tasks: 3 });
    expect(report.agreement.versions[0].aspects.overall.judge).toBeNull();
    // Deterministic only, the final is the rubric's: ana, who rated at its bands, agrees fully.
    for (const aspect of ['overall', 'agentPerformance', 'taskOutcomeQuality', 'processCompliance'])
      expect(report.agreement.versions[0].aspects[aspect].rubric).toMatchObject({ value: 1, n: 3 });
    expect(report.kind).toBe('ordinal');

    // A judge re-scores the same evidence: its part is measured under its prompt version.
    const rescored = await cli([
      'rescore',
      '--run',
      'latest',
      '--judge',
      'openai-compatible',
      '--judge-base-url',
      server.baseUrl,
      '--judge-model',
      'judge-m',
      '--no-probe',
    ]);
    expect(rescored.code, rescored.err).toBe(0);
    const text = await cli(['validate', '--run', 'latest', '--labels', 'store']);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toMatch(/agreement with people: 24 rating\(s\) of 3 task\(s\) by 2 rater\(s\) \(ana, ben\)/);
    expect(text.out).toMatch(/prompt \S+, rubric \S+ \(3 task\(s\)\)/);
    expect(text.out).toContain("people with each other (Krippendorff's alpha, interval");
    const judged = (await cli(['validate', '--run', 'latest', '--labels', 'store', '--json'])).json();
    const overall = judged.agreement.versions[0].aspects.overall;
    expect(overall.judge).not.toBeNull();
    expect(judged.agreement.humans.aspects.overall.n).toBe(3);
  });
});

/** The tasks in the order `label --seed 1` shows them. */
async function sampleOrder(results: Scored[]): Promise<Scored[]> {
  const probe = (await cli(['label', '--rater', 'order-probe', '--sample', '3'], 's\ns\ns\n')).out;
  const at = (r: Scored) => probe.indexOf(`] ${r.taskId}`);
  return [...results].sort((a, b) => at(a) - at(b));
}
