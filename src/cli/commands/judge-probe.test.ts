import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROBE_SYSTEM_PROMPT } from '../../judge/probe-judge.js';
import { startFakeOpenAIServer, validAnswerFromPrompt, type FakeLlmServer } from '../../judge/testing/index.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let dir: string;
let server: FakeLlmServer;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-probe-'));
  const tasks = Array.from({ length: 6 }, (_, i) =>
    JSON.stringify({
      id: `FN-${i + 1}`,
      title: `Task ${i + 1}`,
      column: 'done',
      executionCompletedAt: `2026-03-0${i + 1}T10:00:00Z`,
    }),
  );
  await writeFile(join(dir, 'tasks.jsonl'), tasks.join('\n'));
  server = await startFakeOpenAIServer();
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function cli(argv: string[], env: Record<string, string> = {}) {
  const io = captureIo(dir, { env });
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

const judged = (url = server.baseUrl) => [
  '--judge',
  'openai-compatible',
  '--judge-base-url',
  url,
  '--judge-model',
  'judge-m',
];

/** A loopback port nothing listens on: a judge server that is not started. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function storedRuns(): Promise<unknown[]> {
  const { out } = await cli(['runs', '--json']);
  return (JSON.parse(out) as { items: unknown[] }).items;
}

describe('the judge probe before the first task', () => {
  it('a server that is not running is one error naming --judge-base-url, exit 4, and no run stored', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    const { code, err } = await cli(['run', '--tasks', 'tasks.jsonl', ...judged(url)]);
    expect(code).toBe(4);
    expect(err).toMatch(/the openai-compatible judge at http:\/\/127\.0\.0\.1:\d+\/v1 could not be reached/);
    expect(err).toContain('--judge-base-url');
    expect(err.match(/could not be reached/g)).toHaveLength(1);
    expect(await storedRuns()).toEqual([]);
  });

  it('a refused key names the variable to set (exit 2); a model the server lacks names --judge-model', async () => {
    server.setDefault(() => ({ status: 401 }));
    const refused = await cli(['run', '--tasks', 'tasks.jsonl', ...judged()]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/refused the API key \(HTTP 401\)/);
    expect(refused.err).toContain('TASKEVAL_JUDGE_API_KEY');
    server.setDefault(() => ({ status: 404 }));
    const missing = await cli(['score', '--tasks', 'tasks.jsonl', ...judged()]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('does not serve the model "judge-m"');
    expect(missing.err).toContain('--judge-model');
    expect(server.calls).toBe(0);
    expect(await storedRuns()).toEqual([]);
  });

  it('checks the judge before a rescore too: nothing is stored when it is down', async () => {
    expect((await cli(['run', '--tasks', 'tasks.jsonl'])).code).toBe(0);
    const url = `http://127.0.0.1:${await closedPort()}/v1`;
    const { code, err } = await cli(['rescore', '--run', 'latest', ...judged(url)]);
    expect(code).toBe(4);
    expect(err).toContain('could not be reached');
    expect(await storedRuns()).toHaveLength(1);
    expect((await cli(['rescore', '--run', 'latest', ...judged()])).code).toBe(0);
    expect(server.probes).toHaveLength(1);
  });

  it('is one call before the tasks, and --no-probe skips it', async () => {
    {
      expect((await cli(['score', '--tasks', 'tasks.jsonl', '--no-cache', ...judged()])).code).toBe(0);
    }
    expect(server.probes).toHaveLength(1);
    expect(server.calls).toBe(6);
    expect(server.probes[0]!.body.max_tokens).toBe(16);
    expect((await cli(['score', '--tasks', 'tasks.jsonl', '--no-cache', '--no-probe', ...judged()])).code).toBe(0);
    expect(server.probes).toHaveLength(1);
  });

  it('doctor --judge runs the same probe and says the judge answers, or fails naming the flag', async () => {
    const ok = await cli(['doctor', ...judged()]);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(
      /^judge: +openai-compatible\/judge-m at http:\/\/127\.0\.0\.1:\d+\/v1 answers \(\d+\.\d s\)$/m,
    );
    expect(server.probes).toHaveLength(1);
    const down = await cli(['doctor', ...judged(`http://127.0.0.1:${await closedPort()}/v1`)]);
    expect(down.code).toBe(4);
    expect(down.err).toContain('--judge-base-url');
    await writeFile(
      join(dir, 'taskeval.config.json'),
      JSON.stringify({ judge: { provider: 'openai-compatible', model: 'judge-m', baseUrl: server.baseUrl } }),
    );
    // With a store, the store is checked too.
    expect((await cli(['run', '--tasks', 'tasks.jsonl'])).code).toBe(0);
    const fromConfig = await cli(['doctor', '--judge', '--json']);
    expect(fromConfig.code).toBe(0);
    expect(JSON.parse(fromConfig.out)).toMatchObject({
      healthy: true,
      judge: { provider: 'openai-compatible', model: 'judge-m' },
    });
  });
});

describe('a judge that goes down during a run', () => {
  it('stops the run after three tasks in a row failed at the provider, keeping their error results, exit 4', async () => {
    // The probe passes; then every task is refused, and a refusal is not retried.
    server.setDefault((req) => (req.prompt.includes(PROBE_SYSTEM_PROMPT) ? {} : { status: 403 }));
    const { code, err } = await cli(['run', '--tasks', 'tasks.jsonl', '--json', ...judged()]);
    expect(code).toBe(4);
    expect(err).toMatch(/the judge failed 3 tasks in a row, so the run stopped: .*HTTP 403/);
    expect(server.calls).toBe(3);
    const [run] = (await storedRuns()) as { status: string; counts: { errored: number }; reason: string }[];
    expect(run).toMatchObject({
      status: 'failed',
      counts: { errored: 3 },
      reason: expect.stringContaining('3 tasks in a row'),
    });
  });

  it('a task that fails between answered ones does not stop the run', async () => {
    let n = 0;
    server.setDefault((req) =>
      req.prompt.includes(PROBE_SYSTEM_PROMPT) || n++ % 2
        ? { answer: validAnswerFromPrompt(req.prompt) }
        : { status: 403 },
    );
    const { code } = await cli(['run', '--tasks', 'tasks.jsonl', ...judged()]);
    expect(code).toBe(4);
    expect(server.calls).toBe(6);
    const [run] = (await storedRuns()) as { status: string; counts: { errored: number; scored: number } }[];
    expect(run).toMatchObject({ status: 'completed', counts: { errored: 3, scored: 3 } });
  });
});

describe("the model's context, asked of a local server by the probe", () => {
  const runs: [string, Parameters<typeof startFakeOpenAIServer>[0], RegExp][] = [
    [
      'vLLM',
      { models: ['judge-m'], modelFields: { max_model_len: 3_500 }, contextTokens: 3_500, countCap: true },
      /3,500 tokens \(the server's max_model_len\)/,
    ],
    ["llama.cpp's server", { slotContext: 3_500 }, /3,500 tokens \(llama\.cpp's n_ctx per slot\)/],
    ['Ollama', { ollama: true }, /4,096 tokens \(assumed: Ollama's default num_ctx/],
  ];
  it.each(runs)('%s: said once, and prompts are fitted to it', async (_name, options, said) => {
    await server.close();
    server = await startFakeOpenAIServer(options);
    const { code, out, err } = await cli(['score', '--tasks', 'tasks.jsonl', '--json', '--no-cache', ...judged()]);
    expect(code).toBe(0);
    expect(err).toMatch(said);
    const results = JSON.parse(out) as { provenance: { prompt: { contextTokens: number } } }[];
    expect(
      results.every(
        (r) => r.provenance.prompt.contextTokens === Number(said.source.match(/^([\d,]+)/)![1]!.replace(',', '')),
      ),
    ).toBe(true);
  });

  it('--judge-context wins over what the server says, and nothing is said', async () => {
    await server.close();
    server = await startFakeOpenAIServer({ slotContext: 2_300 });
    const { out, err } = await cli([
      'score',
      '--tasks',
      'tasks.jsonl',
      '--json',
      '--judge-context',
      '32000',
      ...judged(),
    ]);
    expect(err).not.toContain("the model's context");
    expect(
      (JSON.parse(out) as { provenance: { prompt: { contextTokens: number } } }[])[0]!.provenance.prompt.contextTokens,
    ).toBe(32_000);
  });
});
