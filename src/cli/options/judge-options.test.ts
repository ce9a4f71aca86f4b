import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { JudgeConfigSchema } from '../../judge/index.js';
import type { CliIo } from '../cli-io.js';
import { judgeConcurrencyNote, openJudge, resolveJudgeSpec } from '../../runs/index.js';
import { addJudgeOptions, type JudgeOptionValues } from './judge-options.js';

/** The judge the flags and config choose, built as every evaluation builds it. */
const createCliJudge = (
  values: JudgeOptionValues,
  config: Parameters<typeof resolveJudgeSpec>[1],
  io: { env: NodeJS.ProcessEnv; cwd: string },
) => openJudge(resolveJudgeSpec(values, config), io.env, { cwd: io.cwd });

function parse(argv: string[]): JudgeOptionValues {
  const command = addJudgeOptions(new Command('x').exitOverride());
  command.parse(argv, { from: 'user' });
  return command.opts<JudgeOptionValues>();
}

const io: CliIo = { stdout: () => undefined, stderr: () => undefined, isTTY: false, cwd: '/tmp', env: {} };

describe('judge options', () => {
  it('refuses a timeout longer than a day, from the flag or the config, naming where it came from', () => {
    const judge = ['--judge', 'openai', '--judge-model', 'gpt-x'];
    expect(() => resolveJudgeSpec(parse([...judge, '--timeout', '1e9']), undefined)).toThrow(
      /^--timeout: at most 24 hours/,
    );
    expect(() => resolveJudgeSpec(parse(judge), JudgeConfigSchema.parse({ timeoutMs: 86_400_000 }))).not.toThrow();
    expect(JudgeConfigSchema.safeParse({ timeoutMs: 2 ** 31 }).success).toBe(false);
    expect(resolveJudgeSpec(parse([...judge, '--timeout', '86400']), undefined)?.timeoutMs).toBe(86_400_000);
  });

  it('gives no judge when none is chosen', () => {
    expect(resolveJudgeSpec(parse([]), undefined)).toBeNull();
    expect(createCliJudge(parse([]), undefined, io)).toBeNull();
  });

  it('reads every flag, with defaults for the rest', () => {
    const settings = resolveJudgeSpec(
      parse([
        '--judge',
        'openai-compatible',
        '--judge-model',
        'llama3.1',
        '--judge-base-url',
        'http://127.0.0.1:11434/v1',
        '--judge-temperature',
        '0.2',
        '--judge-max-tokens',
        '900',
        '--samples',
        '3',
        '--concurrency',
        '8',
        '--timeout',
        '30',
      ]),
      undefined,
    );
    expect(settings).toEqual({
      provider: 'openai-compatible',
      model: 'llama3.1',
      baseUrl: 'http://127.0.0.1:11434/v1',
      temperature: 0.2,
      maxTokens: 900,
      samples: 3,
      concurrency: 8,
      timeoutMs: 30_000,
      maxRetries: 2,
      useCache: true,
    });
    expect(() => resolveJudgeSpec(parse(['--judge', 'openai', '--judge-max-tokens', '2.5']), undefined)).toThrow(
      /--judge-max-tokens/,
    );
  });

  it('judges one task at a time on a server on this machine unless told otherwise, and says why', () => {
    const local = parse([
      '--judge',
      'openai-compatible',
      '--judge-model',
      'qwen',
      '--judge-base-url',
      'http://127.0.0.1:8080/v1',
    ]);
    expect(resolveJudgeSpec(local, undefined)).toMatchObject({ concurrency: 1 });
    expect(judgeConcurrencyNote(local, undefined, resolveJudgeSpec(local, undefined))).toContain(
      'one task at a time for the local server at http://127.0.0.1:8080/v1',
    );
    const localhost = parse([
      '--judge',
      'openai-compatible',
      '--judge-model',
      'q',
      '--judge-base-url',
      'http://localhost:11434/v1',
    ]);
    expect(resolveJudgeSpec(localhost, undefined)).toMatchObject({ concurrency: 1 });
    // Chosen by the user, on the command line or in the config: kept, and nothing to say.
    const chosen = parse([
      '--judge',
      'openai-compatible',
      '--judge-model',
      'q',
      '--judge-base-url',
      'http://127.0.0.1:8080/v1',
      '--concurrency',
      '3',
    ]);
    expect(resolveJudgeSpec(chosen, undefined)).toMatchObject({ concurrency: 3 });
    expect(judgeConcurrencyNote(chosen, undefined, resolveJudgeSpec(chosen, undefined))).toBeNull();
    const config = JudgeConfigSchema.parse({
      provider: 'openai-compatible',
      model: 'q',
      baseUrl: 'http://127.0.0.1:8080/v1',
      concurrency: 2,
    });
    expect(resolveJudgeSpec(parse([]), config)).toMatchObject({ concurrency: 2 });
    // A remote endpoint keeps the default of 4.
    const remote = parse([
      '--judge',
      'openai-compatible',
      '--judge-model',
      'q',
      '--judge-base-url',
      'https://llm.example.com/v1',
    ]);
    expect(resolveJudgeSpec(remote, undefined)).toMatchObject({ concurrency: 4 });
    expect(judgeConcurrencyNote(remote, undefined, resolveJudgeSpec(remote, undefined))).toBeNull();
  });

  it('lets flags override the config key', () => {
    const config = JudgeConfigSchema.parse({ provider: 'openai', model: 'gpt-4.1-mini', temperature: 0.5 });
    expect(resolveJudgeSpec(parse(['--judge-model', 'gpt-4.1']), config)).toMatchObject({
      provider: 'openai',
      model: 'gpt-4.1',
      temperature: 0.5,
    });
  });

  it('names the flag of a bad value', () => {
    expect(() => resolveJudgeSpec(parse(['--judge', 'openai', '--samples', '1.5']), undefined)).toThrow(/--samples/);
    expect(() => resolveJudgeSpec(parse(['--judge', 'openai', '--judge-temperature', 'hot']), undefined)).toThrow(
      /--judge-temperature must be a non-negative number/,
    );
    expect(() =>
      resolveJudgeSpec(parse(['--judge', 'openai-compatible', '--judge-base-url', 'not a url']), undefined),
    ).toThrow(/--judge-base-url/);
    expect(() => parse(['--judge', 'gemini'])).toThrow();
  });

  it('refuses judge flags without --judge', () => {
    expect(() => resolveJudgeSpec(parse(['--judge-model', 'x']), undefined)).toThrow(
      /--judge-model given without --judge/,
    );
  });

  it('turns --no-cache into useCache false and --max-cost into a budget that needs a price', () => {
    const values = parse(['--judge', 'openai', '--judge-model', 'gpt-4.1-mini', '--no-cache', '--max-cost', '0.5']);
    expect(() => createCliJudge(values, undefined, io)).toThrow(/--max-cost needs a price for gpt-4.1-mini/);
    const config = JudgeConfigSchema.parse({ prices: { 'gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 } } });
    const judge = createCliJudge(values, config, io)!;
    expect(judge.spec.useCache).toBe(false);
    expect(judge.budget.maxUsd).toBe(0.5);
    expect(judge.spec.prices?.['gpt-4.1-mini']).toEqual({ inputPerMTok: 0.4, outputPerMTok: 1.6 });
  });

  it('does not read the API key until the first call', () => {
    expect(
      createCliJudge(parse(['--judge', 'anthropic', '--judge-model', 'claude-sonnet-4-5']), undefined, io)?.judge
        .provider,
    ).toBe('anthropic');
  });
});
