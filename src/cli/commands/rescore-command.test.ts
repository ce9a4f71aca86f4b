import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSampleResult, openStore, parseStoreLocation, type Store } from '../../store/index.js';
import { startFakeOpenAIServer, type FakeLlmServer } from '../../judge/testing/index.js';
import { executeRescore, planRescore } from '../../runs/index.js';
import { needs } from '../../store/testing/skip-reason.js';
import { buildDemoProject } from '../demo/build-demo-project.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

const pgUrl = process.env.TASKEVAL_TEST_PG_URL;

let dir: string;
let server: FakeLlmServer;

async function cli(argv: string[]) {
  const io = captureIo(dir);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err(), json: () => JSON.parse(io.out()) };
}

interface RunJson {
  run: {
    id: string;
    status: string;
    resumeOf: string | null;
    settings: { rescoreOf?: string; labels: Record<string, string> };
    counts: { total: number; scored: number; errored: number };
  };
  results: {
    taskId: string;
    status: string;
    mode: string;
    overallScore: number;
    reason?: string;
    categoryScores: { category: string; deterministicScore: number; aiScore: number | null }[];
  }[];
}

const backends: { name: string; skip: string | false; db: () => string; drop: () => Promise<void> }[] = [];
let schema = '';
backends.push({ name: 'SQLite', skip: false, db: () => join(dir, 'store.db'), drop: async () => undefined });
backends.push({
  name: 'PostgreSQL',
  skip: pgUrl ? false : needs('rescore on PostgreSQL', ['TASKEVAL_TEST_PG_URL']),
  db: () => `${pgUrl}?schema=${schema}`,
  drop: async () => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  },
});

beforeAll(async () => {
  server = await startFakeOpenAIServer();
});
afterAll(async () => {
  await server.close();
});

describe.each(backends)('taskeval rescore on $name', ({ skip, db, drop }) => {
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'taskeval-rescore-'));
    schema = `taskeval_rescore_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    server.requests.length = 0;
  });
  afterEach(async () => {
    await drop();
    await rm(dir, { recursive: true, force: true });
  });

  /** A deterministic run over the demo's real git history, then the repository and task file deleted. */
  async function storedRun(): Promise<RunJson> {
    const project = join(dir, 'demo');
    await mkdir(project);
    await buildDemoProject(project);
    const first = await cli([
      'run',
      '--tasks',
      join(project, 'tasks.jsonl'),
      '--db',
      db(),
      '--label',
      'prompt=v1',
      '--json',
    ]);
    expect(first.code, first.err).toBe(0);
    // Re-scoring reads no source: nothing of the project is left to read.
    await rm(project, { recursive: true, force: true });
    return first.json() as RunJson;
  }

  it.skipIf(skip)(
    're-scores a stored run from its kept evidence: the current rubric gives the same scores, a judge blends in, and compare pairs them',
    async () => {
      const source = await storedRun();
      const again = await cli([
        'rescore',
        '--run',
        'latest',
        '--db',
        db(),
        '--rubric',
        'current',
        '--no-judge',
        '--json',
      ]);
      expect(again.code, again.err).toBe(0);
      const same = again.json() as RunJson;
      expect(same.run.settings).toMatchObject({ rescoreOf: source.run.id, labels: { prompt: 'v1' } });
      expect(same.results.map((r) => [r.taskId, r.overallScore])).toEqual(
        source.results.map((r) => [r.taskId, r.overallScore]),
      );

      const judged = await cli([
        'rescore',
        '--run',
        source.run.id,
        '--db',
        db(),
        '--judge',
        'openai-compatible',
        '--judge-base-url',
        server.baseUrl,
        '--judge-model',
        'judge-m',
        '--judge-max-tokens',
        '800',
        '--label',
        'judge=m',
      ]);
      expect(judged.code, judged.err).toBe(0);
      expect(judged.err).toContain(
        `re-scoring run ${source.run.id}: 3 stored results, judge openai-compatible/judge-m, rubric kept`,
      );
      expect(server.requests).toHaveLength(3);
      // The judge saw the stored bundles (the demo's commit evidence), asked with the output cap.
      expect(server.requests.every((r) => /commit-[0-9a-f]{40}/.test(r.prompt))).toBe(true);
      expect(server.requests.every((r) => r.body.max_tokens === 800)).toBe(true);
      const newId = /compare --run \S+ --run (run_[0-9a-f]+) --mix-modes/.exec(judged.err)![1]!;
      const hybrid = (await cli(['results', '--run', newId, '--db', db(), '--json'])).json() as
        { items: RunJson['results'] } | RunJson['results'];
      const items = Array.isArray(hybrid) ? hybrid : hybrid.items;
      expect(items.map((r) => r.mode)).toEqual(['hybrid', 'hybrid', 'hybrid']);
      const compared = await cli([
        'compare',
        '--run',
        source.run.id,
        '--run',
        newId,
        '--db',
        db(),
        '--mix-modes',
        '--json',
      ]);
      expect(compared.code, compared.err).toBe(0);
      expect(JSON.stringify(compared.json())).toContain('DEMO-3');
    },
  );

  it.skipIf(skip)(
    'resumes a stopped re-score with the judge it asked, and says why a result kept without its commits cannot take the current rubric',
    async () => {
      const source = await storedRun();
      const location = parseStoreLocation(db(), dir);
      let store: Store = await openStore(location);
      try {
        const plan = await planRescore(store, { runId: source.run.id });
        const stop = new AbortController();
        const stopped = await executeRescore({
          store,
          plan,
          judge: null,
          rubric: 'kept',
          taskevalVersion: 'test',
          signal: stop.signal,
          onResult: () => stop.abort(),
        });
        expect(stopped.run.status).toBe('cancelled');
        const resumed = await cli(['rescore', '--resume', stopped.run.id, '--db', db(), '--json']);
        expect(resumed.code, resumed.err).toBe(0);
        const done = resumed.json() as RunJson;
        expect(done.run).toMatchObject({ resumeOf: stopped.run.id, settings: { rescoreOf: source.run.id } });
        expect(done.results.length + (await store.listResults({ runId: stopped.run.id })).count).toBe(3);

        // A result stored before the commits were kept with it: the kept rubric works, the current one says why not.
        const old = await store.createRun({
          projectId: 'p',
          trigger: 'manual',
          provenance: {
            judgeProvider: null,
            judgeModel: null,
            rubricVersion: 'rubric-1',
            promptVersion: null,
            taskevalVersion: 'old',
          },
          now: '2026-03-01T00:00:00Z',
        });
        await store.transitionRun(old.id, 'running', { now: '2026-03-01T00:00:01Z' });
        await store.saveResult(old.id, {
          result: buildSampleResult({ taskId: 'OLD-1' }),
          taskSnapshot: { id: 'OLD-1', title: 'old' },
          now: '2026-03-01T00:00:02Z',
        });
        await store.transitionRun(old.id, 'completed', { now: '2026-03-01T00:00:03Z' });
        await store.close();
        store = await openStore(location);
        const current = await cli([
          'rescore',
          '--run',
          old.id,
          '--db',
          db(),
          '--rubric',
          'current',
          '--no-judge',
          '--json',
        ]);
        expect(current.code).toBe(4);
        expect((current.json() as RunJson).results[0]).toMatchObject({
          status: 'error',
          reason: expect.stringContaining('did not keep: evaluate it again with taskeval run'),
        });
        const kept = await cli(['rescore', '--run', old.id, '--db', db(), '--no-judge', '--json']);
        expect(kept.code, kept.err).toBe(0);
        expect((kept.json() as RunJson).results[0]).toMatchObject({ status: 'scored', mode: 'deterministic-only' });
      } finally {
        await store.close();
      }
    },
  );

  it.skipIf(skip)('refuses a run that is still going and a run id that does not exist, naming them', async () => {
    await storedRun();
    expect((await cli(['rescore', '--db', db()])).err).toContain('--run');
    const missing = await cli(['rescore', '--run', 'run_nope', '--db', db()]);
    expect(missing.code).not.toBe(0);
    expect(missing.err).toContain('run_nope');
    const store = await openStore(parseStoreLocation(db(), dir));
    try {
      const going = await store.createRun({
        projectId: 'p',
        trigger: 'manual',
        provenance: {
          judgeProvider: null,
          judgeModel: null,
          rubricVersion: 'rubric-6',
          promptVersion: null,
          taskevalVersion: 't',
        },
        now: new Date().toISOString(),
      });
      await store.transitionRun(going.id, 'running', { now: new Date().toISOString() });
      const refused = await cli(['rescore', '--run', going.id, '--db', db()]);
      expect(refused.code).not.toBe(0);
      expect(refused.err).toContain(
        `run ${going.id} is still running; only a finished, cancelled or failed run can be re-scored`,
      );
    } finally {
      await store.close();
    }
  });
});
