import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJudge, type JudgeSettings } from '../create-judge.js';
import { JUDGE_ANSWER_JSON_SCHEMA } from '../judge-answer-schema.js';
import { JudgeCallError } from '../judge-call-error.js';
import type { JudgeRequest } from '../judge.js';
import { parseJudgeAnswer } from '../parse-judge-answer.js';
import { startFakeAnthropicServer, startFakeOpenAIServer, validAnswer, type FakeLlmServer } from '../testing/index.js';

const SECRET = 'sk-test-SECRET-value-123456';

const request = (over: Partial<JudgeRequest> = {}): JudgeRequest => ({
  system: 'system text',
  prompt: 'judge this <<<EVIDENCE id="commit-1" source="commits">>>',
  schema: JUDGE_ANSWER_JSON_SCHEMA,
  timeoutMs: 5_000,
  ...over,
});

const cases: {
  name: string;
  start: () => Promise<FakeLlmServer>;
  settings: (baseUrl: string) => JudgeSettings;
  env: Record<string, string>;
  wire: string;
}[] = [
  {
    name: 'openai',
    start: startFakeOpenAIServer,
    settings: (baseUrl) => ({ ...defaults(), provider: 'openai', model: 'gpt-test', baseUrl }),
    env: { OPENAI_API_KEY: SECRET },
    wire: 'response_format',
  },
  // claude-sonnet-4-5 gets the schema as output_config.format; claude-sonnet-4-0 as a forced `json` tool.
  {
    name: 'anthropic (output format)',
    start: startFakeAnthropicServer,
    settings: (baseUrl) => ({ ...defaults(), provider: 'anthropic', model: 'claude-sonnet-4-5', baseUrl }),
    env: { ANTHROPIC_API_KEY: SECRET },
    wire: 'output_config',
  },
  {
    name: 'anthropic (json tool)',
    start: startFakeAnthropicServer,
    settings: (baseUrl) => ({ ...defaults(), provider: 'anthropic', model: 'claude-sonnet-4-0', baseUrl }),
    env: { ANTHROPIC_API_KEY: SECRET },
    wire: 'tools',
  },
  {
    name: 'openai-compatible',
    start: startFakeOpenAIServer,
    settings: (baseUrl) => ({ ...defaults(), provider: 'openai-compatible', model: 'llama-test', baseUrl }),
    env: { TASKEVAL_JUDGE_API_KEY: SECRET },
    wire: 'response_format',
  },
];

function defaults() {
  return { temperature: 0, timeoutMs: 5_000, concurrency: 4, samples: 1, maxRetries: 2, useCache: true };
}

describe.each(cases)('$name judge over its wire protocol', ({ start, settings, env, wire }) => {
  let server: FakeLlmServer;
  beforeEach(async () => {
    server = await start();
  });
  afterEach(async () => {
    await server.close();
  });

  it('returns the answer, usage and sends the key, the schema and temperature 0', async () => {
    const answer = validAnswer(['commit-1']);
    server.enqueue({ answer, usage: { input: 1000, output: 200, cached: 100 } });
    const judge = createJudge(settings(server.baseUrl), env);
    const response = await judge.complete(request());
    expect(parseJudgeAnswer(response.object ?? response.text)).toEqual({ ok: true, answer });
    expect(response.usage.inputTokens).toBeGreaterThanOrEqual(1000);
    expect(response.usage.outputTokens).toBe(200);
    expect(response.usage.cachedTokens).toBe(100);
    const sent = server.requests[0]!;
    expect(JSON.stringify(sent.headers)).toContain(SECRET);
    expect(sent.body.temperature).toBe(0);
    // The answer's JSON schema travels in the provider's own structured-output field.
    expect(JSON.stringify(sent.body[wire])).toContain('"taskOutcomeQuality"');
    expect(sent.prompt).toContain('commit-1');
  });

  it("sends the spec's temperature and output cap (maxTokens) on the wire, and no cap when none is set", async () => {
    server.enqueue({ answer: validAnswer(['commit-1']) }, { answer: validAnswer(['commit-1']) });
    await createJudge({ ...settings(server.baseUrl), temperature: 0.3, maxTokens: 321 }, env).complete(request());
    await createJudge(settings(server.baseUrl), env).complete(request());
    const [capped, plain] = server.requests;
    expect(capped!.body.temperature).toBe(0.3);
    expect(capped!.body.max_tokens ?? capped!.body.max_completion_tokens).toBe(321);
    // Anthropic's API requires max_tokens, so its SDK always sends one; the others send none unless asked.
    if (!String(wire).startsWith('output_config') && wire !== 'tools')
      expect(plain!.body.max_tokens ?? plain!.body.max_completion_tokens).toBeUndefined();
  });

  it('reports 429 as retryable with the Retry-After delay', async () => {
    server.enqueue({ status: 429, retryAfter: '3' });
    const error = await createJudge(settings(server.baseUrl), env)
      .complete(request())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JudgeCallError);
    expect(error).toMatchObject({ status: 429, retryable: true, transient: true, retryAfterMs: 3000 });
  });

  it('reports 500 as retryable', async () => {
    server.enqueue({ status: 500 });
    const error = await createJudge(settings(server.baseUrl), env)
      .complete(request())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, retryable: true });
  });

  it('times out a slow answer as a retryable failure', async () => {
    server.enqueue({ delayMs: 2_000 });
    const error = await createJudge(settings(server.baseUrl), env)
      .complete(request({ timeoutMs: 200 }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JudgeCallError);
    expect((error as Error).message).toMatch(/did not answer within/);
    expect(error).toMatchObject({ retryable: true, transient: true });
  });

  it('treats a body cut off mid-way as a retryable failure', async () => {
    server.enqueue({ truncateBody: true });
    const error = await createJudge(settings(server.baseUrl), env)
      .complete(request())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: true, transient: true });
  });

  it('returns an answer cut at the token limit as text for validation, not as an error', async () => {
    server.enqueue({ answer: '{"categories": {"agentPerformance": {"score": 8', hitTokenLimit: true });
    const response = await createJudge(settings(server.baseUrl), env).complete(request());
    expect(response.object).toBeUndefined();
    expect(parseJudgeAnswer(response.text).ok).toBe(false);
  });

  it('never puts the key in an error, even when the server echoes it', async () => {
    server.setDefault((req) => ({
      status: 401,
      answer: String(req.headers.authorization ?? req.headers['x-api-key']),
    }));
    const error = (await createJudge(settings(server.baseUrl), env)
      .complete(request())
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(JudgeCallError);
    expect(`${error.message} ${JSON.stringify(error)} ${String(error.stack)}`).not.toContain(SECRET);
  });

  it('honours an abort from the caller', async () => {
    server.enqueue({ delayMs: 2_000 });
    const controller = new AbortController();
    const pending = createJudge(settings(server.baseUrl), env).complete(request({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('API keys', () => {
  it.each([
    ['openai', 'OPENAI_API_KEY'],
    ['anthropic', 'ANTHROPIC_API_KEY'],
  ] as const)('a missing %s key fails on first use naming %s', async (provider, variable) => {
    const judge = createJudge({ ...defaults(), provider, model: 'm', baseUrl: 'http://127.0.0.1:9/v1' }, {});
    await expect(judge.complete(request())).rejects.toMatchObject({
      code: 'judge_config',
      message: expect.stringContaining(variable),
    });
  });

  it('openai-compatible works without a key (local servers need none)', async () => {
    const server = await startFakeOpenAIServer();
    try {
      const judge = createJudge(
        { ...defaults(), provider: 'openai-compatible', model: 'm', baseUrl: server.baseUrl },
        {},
      );
      await judge.complete(request());
      expect(server.requests[0]!.headers.authorization).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('sends no schema and reads JSON from the text when structured output is off', async () => {
    const server = await startFakeOpenAIServer();
    try {
      server.enqueue({ answer: `Here you go:\n\`\`\`json\n${JSON.stringify(validAnswer(['commit-1']))}\n\`\`\`` });
      const judge = createJudge(
        { ...defaults(), provider: 'openai-compatible', model: 'm', baseUrl: server.baseUrl, structuredOutput: false },
        {},
      );
      const response = await judge.complete(request());
      expect(server.requests[0]!.body.response_format).toBeUndefined();
      expect(parseJudgeAnswer(response.text).ok).toBe(true);
    } finally {
      await server.close();
    }
  });
});
