import { fileURLToPath } from 'node:url';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleEntries, computeCategoryFinalScore, type ScoredResult, type TaskResult } from '../../core/index.js';
import {
  startFakeOpenAIServer,
  validAnswer,
  validAnswerFromPrompt,
  type FakeLlmServer,
  fakeTokens,
} from '../../judge/testing/index.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

/** The real Fusion task records kept in this repository (fixtures/README.md says where they come from). */
const FIXTURES = fileURLToPath(new URL('../../../fixtures/fusion', import.meta.url));
let dir: string;
let server: FakeLlmServer;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-score-judge-'));
  const records: unknown[] = [];
  for (const name of (await readdir(FIXTURES)).filter((n) => n.endsWith('.task.json')).sort()) {
    await copyFile(join(FIXTURES, name), join(dir, name));
    records.push(JSON.parse(await readFile(join(dir, name), 'utf8')));
  }
  await writeFile(join(dir, 'tasks.json'), JSON.stringify(records));
  server = await startFakeOpenAIServer();
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function score(extra: string[] = [], env: Record<string, string> = {}) {
  const io = captureIo(dir, { env });
  const code = await runCli(
    [
      'score',
      '--tasks',
      'tasks.json',
      '--judge',
      'openai-compatible',
      '--judge-base-url',
      server.baseUrl,
      '--judge-model',
      'judge-m',
      '--json',
      ...extra,
    ],
    io,
  );
  return { code, out: io.out(), err: io.err() };
}

describe('taskeval score --judge', () => {
  it('gives hybrid results whose finals are blended in code from verified citations', async () => {
    const { code, out, err } = await score();
    expect(code).toBe(0);
    const results = JSON.parse(out) as ScoredResult[];
    expect(results.map((r) => r.taskId)).toEqual(['FN-679', 'KB-126', 'KB-341']);
    for (const result of results) {
      expect(result).toMatchObject({ status: 'scored', mode: 'hybrid' });
      const ids = new Set(bundleEntries(result.evidenceBundle).map((e) => e.id));
      for (const c of result.categoryScores) {
        expect(c.aiScore).toEqual(expect.any(Number));
        expect(c.finalScore).toBe(computeCategoryFinalScore(c.deterministicScore, c.aiScore!));
        expect(c.evidence.length).toBeGreaterThan(0);
        for (const id of c.evidence) expect(ids.has(id)).toBe(true);
      }
      expect(result.provenance).toMatchObject({
        provider: 'openai-compatible',
        model: 'judge-m',
        promptVersion: expect.stringMatching(/^[0-9a-f]{12}$/),
        rubricVersion: expect.any(String),
        bundleDigest: result.evidenceBundle.digest,
        // The fake counts the prompt it read, four characters a token, as a server does with its tokenizer.
        usage: { inputTokens: expect.any(Number), outputTokens: 300, cachedTokens: 0 },
        cached: false,
      });
    }
    expect(server.calls).toBe(3);
    const input = server.requests.reduce((sum, r) => sum + fakeTokens(r.prompt), 0);
    expect(results.reduce((sum, r) => sum + r.provenance.usage!.inputTokens, 0)).toBe(input);
    expect(err).toContain(
      `judge openai-compatible/judge-m: 3 calls, 0 cache hits, ${input.toLocaleString('en-US')} input + 900 output tokens (0 cached), cost unknown`,
    );
    // A server on this machine is asked one task at a time unless --concurrency says otherwise, and that is said.
    expect(err).toContain(`note: judge: one task at a time for the local server at ${server.baseUrl}`);
  });

  it('prints results in task order when the judge answers them out of order', async () => {
    // The first task's answer comes last; the three calls run at once (asked for: a local server gets 1).
    server.setDefault((req) => ({
      answer: validAnswerFromPrompt(req.prompt),
      delayMs: req.prompt.includes('FN-679') ? 300 : 10,
    }));
    const { code, out, err } = await score(['--concurrency', '4']);
    expect(code).toBe(0);
    expect(err).not.toContain('one task at a time');
    expect((JSON.parse(out) as TaskResult[]).map((r) => r.taskId)).toEqual(['FN-679', 'KB-126', 'KB-341']);
    expect(server.requests.findIndex((r) => r.prompt.includes('FN-679'))).toBe(0);
  });

  it('makes no call on a second run with nothing changed, and counts the hits; --no-cache asks again', async () => {
    await score();
    const again = await score();
    expect(server.calls).toBe(3);
    expect((JSON.parse(again.out) as ScoredResult[]).every((r) => r.provenance.cached)).toBe(true);
    expect(again.err).toContain('0 calls, 3 cache hits');
    const fresh = await score(['--no-cache']);
    expect(server.calls).toBe(6);
    expect(fresh.err).toContain('3 calls, cache off');
  });

  it('records a task the judge cannot answer as an error with its raw answer and exits 4', async () => {
    server.setDefault((req) =>
      req.prompt.includes('id: KB-126')
        ? { answer: 'I refuse to answer in JSON.' }
        : { answer: validAnswerFromPrompt(req.prompt) },
    );
    const { code, out } = await score();
    expect(code).toBe(4);
    const results = JSON.parse(out) as TaskResult[];
    const failed = results.find((r) => r.taskId === 'KB-126')!;
    expect(failed).toMatchObject({
      status: 'error',
      transient: false,
      rawAnswer: 'I refuse to answer in JSON.',
      reason: expect.stringMatching(/no valid answer in 3 attempts/),
    });
    expect(results.filter((r) => r.status === 'scored')).toHaveLength(2);
  });

  it('lists invented citations and flags a divergence of 40 or more', async () => {
    server.setDefault((req) => {
      const real = validAnswerFromPrompt(req.prompt).categories.agentPerformance.evidence;
      return { answer: validAnswer([...real, 'commit-deadbeef-invented'], [0, 100, 100]) };
    });
    const { out } = await score(['--db', 'other.db']);
    const result = (JSON.parse(out) as ScoredResult[])[0]!;
    expect(result.citationIssues).toContainEqual({
      category: 'agentPerformance',
      id: 'commit-deadbeef-invented',
      problem: 'unknown_id',
    });
    expect(result.categoryScores[0]!.evidence).not.toContain('commit-deadbeef-invented');
    const expected = result.categoryScores
      .filter((c) => Math.abs(c.deterministicScore - c.aiScore!) >= 40)
      .map((c) => c.category);
    expect(result.divergence).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('prints the table with the judge footer', async () => {
    const io = captureIo(dir);
    const code = await runCli(
      [
        'score',
        '--tasks',
        'tasks.json',
        '--judge',
        'openai-compatible',
        '--judge-base-url',
        server.baseUrl,
        '--judge-model',
        'judge-m',
      ],
      io,
    );
    expect(code).toBe(0);
    expect(io.out()).toMatch(/^FN-679 .*hybrid$/m);
    expect(io.out()).toContain('judge openai-compatible/judge-m: 3 calls');
  });

  it('fails with exit 2 naming the variable when the key is missing', async () => {
    const io = captureIo(dir);
    const code = await runCli(
      [
        'score',
        '--tasks',
        'tasks.json',
        '--judge',
        'openai',
        '--judge-base-url',
        server.baseUrl,
        '--judge-model',
        'gpt-x',
      ],
      io,
    );
    expect(code).toBe(2);
    expect(io.err()).toContain('OPENAI_API_KEY');
    expect(server.calls).toBe(0);
  });

  it('keeps the key out of output and the cache file', async () => {
    const secret = 'sk-live-TOPSECRET-0123456789';
    const { out, err } = await score(['--db', 'k.db'], { TASKEVAL_JUDGE_API_KEY: secret });
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${secret}`);
    expect(out + err).not.toContain(secret);
    expect((await readFile(join(dir, 'k.db'))).includes(secret)).toBe(false);
  });

  it('asks --samples times per task and keeps the median and spread', async () => {
    let n = 0;
    server.setDefault((req) => {
      const ids = validAnswerFromPrompt(req.prompt).categories.agentPerformance.evidence;
      const score = [40, 90, 60][n++ % 3]!;
      return { answer: validAnswer(ids, [score, score, score]) };
    });
    const { out } = await score(['--samples', '3', '--concurrency', '1', '--no-cache']);
    const result = (JSON.parse(out) as ScoredResult[])[0]!;
    expect(server.calls).toBe(9);
    expect(result.categoryScores[0]!.aiScore).toBe(60);
    expect(result.provenance).toMatchObject({
      samples: 3,
      spread: { agentPerformance: 50, taskOutcomeQuality: 50, processCompliance: 50 },
    });
  });

  it.each(['1', '4'])(
    'never passes --max-cost, even with %s calls at once: each call holds its worst case until it is done',
    async (concurrency) => {
      await writeFile(
        join(dir, 'taskeval.config.json'),
        JSON.stringify({ judge: { prices: { 'judge-m': { inputPerMTok: 1, outputPerMTok: 1 } } } }),
      );
      // A call's worst case is its prompt (about 3,600 tokens estimated) and the whole 5,514-token cap, about $0.009;
      // it costs about $0.0027. After one, or beside one in flight, another might pass $0.01: it is not started.
      const { code, out, err } = await score(['--max-cost', '0.01', '--concurrency', concurrency, '--no-cache']);
      expect(server.calls).toBe(1);
      expect(code).toBe(4);
      const results = JSON.parse(out) as TaskResult[];
      expect(results.filter((r) => r.status === 'scored')).toHaveLength(1);
      const refused = results.filter((r) => r.status === 'error');
      expect(refused).toHaveLength(2);
      for (const r of refused)
        expect(r).toMatchObject({
          transient: true,
          reason: expect.stringMatching(/cost limit of \$0.01 would be passed/),
        });
      const spent = Number(/\$(\d+\.\d{4})/.exec(err)![1]);
      expect(spent).toBeGreaterThan(0);
      expect(spent).toBeLessThanOrEqual(0.01);
    },
  );

  it('reads the judge from taskeval.config.json and names a bad key', async () => {
    await writeFile(
      join(dir, 'taskeval.config.json'),
      JSON.stringify({ judge: { provider: 'openai-compatible', baseUrl: server.baseUrl, model: 'judge-m' } }),
    );
    const io = captureIo(dir);
    expect(await runCli(['score', '--tasks', 'tasks.json', '--json'], io)).toBe(0);
    expect((JSON.parse(io.out()) as ScoredResult[])[0]!.mode).toBe('hybrid');
    await writeFile(
      join(dir, 'taskeval.config.json'),
      JSON.stringify({ judge: { provider: 'openai', temperature: 5 } }),
    );
    const bad = captureIo(dir);
    expect(await runCli(['score', '--tasks', 'tasks.json'], bad)).toBe(2);
    expect(bad.err()).toContain('judge.temperature');
  });
});
