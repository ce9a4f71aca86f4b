import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJudge, type JudgeSettings } from './create-judge.js';
import { createMemoryJudgeCache } from './judge-cache.js';
import { DEFAULT_JUDGE_MAX_TOKENS } from './judge-answer-json-schema.js';
import { fitJudgePrompt } from './fit-judge-prompt.js';
import { judgeTask } from './judge-task.js';
import {
  SAMPLE_TASK,
  freeIdAnswer,
  sampleAssessment,
  schemaConstrainedAnswer,
  sampleBundle,
  startFakeAnthropicServer,
  startFakeOpenAIServer,
  type FakeLlmServer,
  validAnswerFromPrompt,
} from './testing/index.js';

const base = { temperature: 0, timeoutMs: 5_000, concurrency: 4, samples: 1, maxRetries: 2, useCache: true };
const providers = [
  {
    name: 'openai-compatible',
    start: startFakeOpenAIServer,
    settings: (baseUrl: string): JudgeSettings => ({
      ...base,
      provider: 'openai-compatible',
      model: 'llama-test',
      baseUrl,
    }),
  },
  {
    name: 'anthropic',
    start: startFakeAnthropicServer,
    settings: (baseUrl: string): JudgeSettings => ({
      ...base,
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      baseUrl,
    }),
  },
];
const env = { ANTHROPIC_API_KEY: 'sk-ant-test-000000', TASKEVAL_JUDGE_API_KEY: 'sk-compat-test-000000' };

describe.each(providers)('judgeTask against the $name wire protocol', ({ start, settings }) => {
  let server: FakeLlmServer;
  let waits: number[];
  beforeEach(async () => {
    server = await start();
    waits = [];
  });
  afterEach(async () => {
    await server.close();
  });

  const run = (over: Partial<Parameters<typeof judgeTask>[0]> = {}) =>
    judgeTask({
      judge: createJudge(settings(server.baseUrl), env),
      task: SAMPLE_TASK,
      bundle: sampleBundle(),
      assessment: sampleAssessment(),
      backoff: { sleep: async (ms) => void waits.push(ms), random: () => 1, baseDelayMs: 10 },
      ...over,
    });

  it('turns an answer nested 5,000 levels deep into an error result naming the limit, without retrying it', async () => {
    const deep = '{"categories":' + '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000) + '}';
    server.enqueue({ answer: deep });
    const outcome = await run();
    expect(outcome).toMatchObject({
      status: 'error',
      reason: "the judge's answer was refused: nested more than 32 levels deep",
      transient: false,
    });
    expect(server.calls).toBe(1);
  });

  it('turns a 20 MB answer into an error result naming its size', async () => {
    server.enqueue({ answer: `{"overallRationale":"${'x'.repeat(20_000_000)}"}` });
    const outcome = await run();
    expect(outcome.status).toBe('error');
    expect(outcome.status === 'error' && outcome.reason).toMatch(
      /^the judge's answer was refused: 200000\d\d characters, over the limit of 16000000$/,
    );
  });

  it('waits as Retry-After says after a 429, then scores', async () => {
    server.enqueue({ status: 429, retryAfter: '2' });
    const outcome = await run();
    expect(outcome.status).toBe('ok');
    expect(waits).toEqual([2000]);
    expect(server.calls).toBe(2);
  });

  it('retries after a 500, a cut-off body and a slow answer past the timeout', async () => {
    server.enqueue({ status: 500 }, { truncateBody: true }, { delayMs: 1_500 });
    const outcome = await run({ spec: { ...base, timeoutMs: 300 } });
    expect(outcome).toMatchObject({ status: 'ok', calls: 1 });
    expect(server.calls).toBe(4);
    expect(waits).toEqual([10, 20, 40]);
  });

  it('sends a request that timed out once more at most: a slow local model is not asked the same thing five times', async () => {
    server.setDefault(() => ({ delayMs: 1_500 }));
    const outcome = await run({ spec: { ...base, timeoutMs: 200 } });
    expect(outcome).toMatchObject({
      status: 'error',
      transient: true,
      reason: expect.stringMatching(
        /did not answer within .*timed out twice; the same request is not sent a third time/,
      ),
    });
    expect(server.calls).toBe(2);
  });

  it('reads an answer whose tokens arrive slowly, as long as the whole answer comes within the timeout', async () => {
    server.setDefault((req) => ({ answer: validAnswerFromPrompt(req.prompt), streamMs: 40 }));
    const outcome = await run({ spec: { ...base, timeoutMs: 3_000 } });
    expect(outcome).toMatchObject({ status: 'ok', calls: 1 });
    expect(server.calls).toBe(1);
    expect(server.abandoned).toBe(0);
  });

  it('times out an answer that keeps trickling past the timeout, like a silent one: an error result, asked twice at most', async () => {
    server.setDefault((req) => ({ answer: validAnswerFromPrompt(req.prompt), streamMs: 200 }));
    const outcome = await run({ spec: { ...base, timeoutMs: 300 } });
    expect(outcome).toMatchObject({
      status: 'error',
      transient: true,
      reason: expect.stringMatching(/did not answer within/),
    });
    expect(server.calls).toBe(2);
  });

  it("enumerates the bundle's evidence ids in the answer schema, so a constrained model cites only real ones", async () => {
    server.setDefault((req) => ({ answer: schemaConstrainedAnswer(req.body) }));
    const outcome = await run();
    expect(outcome).toMatchObject({ status: 'ok', calls: 1 });
    const ids = sampleBundle().groups.flatMap((g) => g.entries.map((e) => e.id));
    expect(JSON.stringify(server.requests[0]!.body)).toContain(JSON.stringify(ids));
  });

  it('a model that invents ids is re-asked and, when it keeps inventing, is an error result', async () => {
    server.setDefault(() => ({ answer: freeIdAnswer() }));
    const outcome = await run();
    expect(outcome).toMatchObject({ status: 'error', calls: 3, reason: expect.stringMatching(/evidence-1/) });
  });

  it('sends an output cap sized to the answer schema, and stops a model that never closes its JSON after one re-ask', async () => {
    server.setDefault(() => ({ endless: true }));
    const outcome = await run();
    expect(outcome).toMatchObject({
      status: 'error',
      transient: false,
      calls: 2,
      reason: expect.stringMatching(/output cap of \d+ tokens twice: raise --judge-max-tokens/),
    });
    expect(server.requests.map((r) => r.body.max_tokens)).toEqual([DEFAULT_JUDGE_MAX_TOKENS, DEFAULT_JUDGE_MAX_TOKENS]);
    expect(server.requests[1]!.prompt).toMatch(/cut at the output cap/);
  });

  it('sends --judge-max-tokens when given', async () => {
    await run({ spec: { ...base, maxTokens: 900 } });
    expect(server.requests[0]!.body.max_tokens).toBe(900);
  });

  it('re-asks after an answer cut at the token limit', async () => {
    server.enqueue({ answer: '{"categories": {"agentPerformance": {"sco', hitTokenLimit: true });
    const outcome = await run();
    expect(outcome).toMatchObject({ status: 'ok', calls: 2 });
    expect(server.requests[1]!.prompt).toContain('## Your previous answer was rejected');
  });

  it('records an error, not a score, when the server keeps failing', async () => {
    server.setDefault(() => ({ status: 503 }));
    const outcome = await run();
    expect(outcome).toMatchObject({
      status: 'error',
      transient: true,
      reason: expect.stringMatching(/HTTP 503.*gave up after 5 attempts/),
    });
  });

  it('a second run with the cache makes no call', async () => {
    const cache = createMemoryJudgeCache();
    const judge = createJudge(settings(server.baseUrl), env);
    const input = { judge, task: SAMPLE_TASK, bundle: sampleBundle(), assessment: sampleAssessment(), cache };
    await judgeTask(input);
    const again = await judgeTask(input);
    expect(server.calls).toBe(1);
    expect(again).toMatchObject({ status: 'ok', cacheHits: 1, calls: 0, provenance: { cached: true } });
  });
});

describe('judgeTask against a local server with a small context', () => {
  const settings = (baseUrl: string): JudgeSettings => ({
    ...base,
    provider: 'openai-compatible',
    model: 'llama-test',
    baseUrl,
  });
  const ask = (server: FakeLlmServer, over: Partial<Parameters<typeof judgeTask>[0]> = {}) =>
    judgeTask({
      judge: createJudge(settings(server.baseUrl), env),
      task: SAMPLE_TASK,
      bundle: sampleBundle(),
      assessment: sampleAssessment(),
      backoff: { sleep: async () => undefined, random: () => 1, baseDelayMs: 1 },
      ...over,
    });

  it("llama.cpp's 400 for a prompt over the context is an error naming --judge-context, not a provider outage", async () => {
    const server = await startFakeOpenAIServer({ contextTokens: 600, overflow: 'reject' });
    try {
      const outcome = await ask(server);
      expect(outcome).toMatchObject({
        status: 'error',
        providerFailure: false,
        reason: expect.stringMatching(/HTTP 400.*exceeds the available context.*--judge-context/),
      });
    } finally {
      await server.close();
    }
  });

  it('with the context given, leaves evidence out to fit, cites only what was shown, and records it', async () => {
    // A context just short of the whole prompt with a 400-token cap: something must be left out.
    const whole = fitJudgePrompt({
      task: SAMPLE_TASK,
      assessment: sampleAssessment(),
      bundle: sampleBundle(),
      contextTokens: null,
      maxTokens: 400,
    }).estimatedTokens;
    const context = whole + 400 + 256 - 30;
    const server = await startFakeOpenAIServer({ contextTokens: context, overflow: 'reject' });
    try {
      server.setDefault((req) => ({ answer: schemaConstrainedAnswer(req.body) }));
      const outcome = await ask(server, { contextTokens: context, spec: { ...base, maxTokens: 400 } });
      expect(outcome).toMatchObject({ status: 'ok', calls: 1 });
      if (outcome.status !== 'ok') return;
      expect(outcome.provenance.prompt.contextTokens).toBe(context);
      expect(Object.values(outcome.provenance.prompt.dropped).reduce((a, b) => a + (b ?? 0), 0)).toBeGreaterThan(0);
      expect(outcome.provenance.prompt.estimatedTokens).toBeLessThanOrEqual(context - 400 - 256);
      expect(server.requests[0]!.prompt).toContain('left out to fit the context');
    } finally {
      await server.close();
    }
  });

  it("Ollama's silent cut of a long prompt is caught by its own token count: an error result, never a score", async () => {
    const server = await startFakeOpenAIServer({ contextTokens: 600, overflow: 'truncate' });
    try {
      const outcome = await ask(server);
      expect(outcome).toMatchObject({
        status: 'error',
        transient: false,
        calls: 1,
        reason: expect.stringMatching(
          /the server read only 600 prompt tokens of a prompt of at least [\d,]+: it cut the prompt/,
        ),
      });
    } finally {
      await server.close();
    }
  });
});
