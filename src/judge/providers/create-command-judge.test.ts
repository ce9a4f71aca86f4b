import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJudge } from '../create-judge.js';
import { JUDGE_ANSWER_JSON_SCHEMA } from '../judge-answer-schema.js';
import { JudgeCallError } from '../judge-call-error.js';
import type { JudgeRequest } from '../judge.js';
import { parseJudgeAnswer } from '../parse-judge-answer.js';
import { createCommandJudge } from './create-command-judge.js';

let dir: string;
let script: string;

const request = (over: Partial<JudgeRequest> = {}): JudgeRequest => ({
  system: 'SYSTEM',
  prompt: 'PROMPT <<<EVIDENCE id="commit-1" source="commits">>>',
  schema: JUDGE_ANSWER_JSON_SCHEMA,
  timeoutMs: 10_000,
  ...over,
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-command-judge-'));
  script = join(dir, 'judge.mjs');
  // A stand-in for `claude -p`: reads stdin, answers according to its first argument.
  await writeFile(
    script,
    `let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  const mode = process.argv[2];
  if (mode === 'sleep') return setTimeout(() => {}, 60_000);
  if (mode === 'fail') { process.stderr.write('rate limited, try later'); process.exit(3); }
  if (mode === 'echo') { process.stdout.write(input); return; }
  if (mode === 'args') { process.stdout.write(JSON.stringify(process.argv.slice(3))); return; }
  const cite = ['commit-1'];
  const c = { score: 75, rationale: 'saw ' + input.length + ' chars', evidence: cite };
  process.stdout.write('Answer:\\n\`\`\`json\\n' + JSON.stringify({ categories: { agentPerformance: c, taskOutcomeQuality: c, processCompliance: c }, overallRationale: 'ok' }) + '\\n\`\`\`\\n');
});
`,
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('command judge', () => {
  it('sends system and prompt on stdin and reads the answer from stdout', async () => {
    const judge = createCommandJudge({ command: [process.execPath, script, 'echo'] });
    const response = await judge.complete(request());
    expect(response.text).toBe('SYSTEM\n\nPROMPT <<<EVIDENCE id="commit-1" source="commits">>>\n');
    expect(judge.supportsStructuredOutput).toBe(false);
    expect(judge.modelId).toBe(`${process.execPath} ${script} echo`);
  });

  it('takes the JSON out of a fenced block in the output', async () => {
    const judge = createCommandJudge({ command: [process.execPath, script, 'answer'] });
    expect(parseJudgeAnswer((await judge.complete(request())).text).ok).toBe(true);
  });

  it('runs without a shell: metacharacters are plain arguments', async () => {
    const judge = createJudge(
      {
        provider: 'command',
        command: `"${process.execPath}" ${script} args ; rm -rf $HOME "$(whoami)" | x`,
        temperature: 0,
        timeoutMs: 10_000,
        concurrency: 1,
        samples: 1,
        maxRetries: 2,
      },
      process.env,
    );
    const response = await judge.complete(request());
    expect(JSON.parse(response.text)).toEqual([';', 'rm', '-rf', '$HOME', '$(whoami)', '|', 'x']);
  });

  it('kills a command that runs past the timeout', async () => {
    const judge = createCommandJudge({ command: [process.execPath, script, 'sleep'] });
    const error = await judge.complete(request({ timeoutMs: 300 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JudgeCallError);
    expect(error).toMatchObject({
      retryable: true,
      transient: true,
      message: expect.stringMatching(/did not finish within .* and was killed/),
    });
  });

  it('reports a failing command with its exit code and stderr', async () => {
    const judge = createCommandJudge({ command: [process.execPath, script, 'fail'] });
    await expect(judge.complete(request())).rejects.toMatchObject({
      message: expect.stringMatching(/exited with code 3: rate limited, try later/),
      retryable: false,
      transient: true,
    });
  });

  it('names a missing program as a configuration error', async () => {
    const judge = createCommandJudge({ command: ['taskeval-no-such-judge-cmd'] });
    await expect(judge.complete(request())).rejects.toMatchObject({
      code: 'judge_config',
      message: expect.stringContaining('taskeval-no-such-judge-cmd'),
    });
  });

  it('kills the command when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = createCommandJudge({ command: [process.execPath, script, 'sleep'] }).complete(
      request({ signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('the command judge and secrets', () => {
  const KEY = 'sk-test-0123456789abcdef';
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    OPENAI_API_KEY: KEY,
    ANTHROPIC_API_KEY: 'anthropic-secret-value',
    UNRELATED: 'x',
  };
  const printEnv = `process.stdout.write(JSON.stringify(Object.keys(process.env).filter((k) => !k.startsWith('LC_') && k !== '__CF_USER_TEXT_ENCODING').sort()))`;

  it('runs the command with the base variables only, plus the ones judge.commandEnv names', async () => {
    const bare = createCommandJudge({ command: [process.execPath, '-e', printEnv], env });
    expect(JSON.parse((await bare.complete(request())).text)).toEqual(['HOME', 'PATH']);
    const given = createCommandJudge({
      command: [process.execPath, '-e', printEnv],
      env,
      passEnv: ['ANTHROPIC_API_KEY'],
    });
    expect(JSON.parse((await given.complete(request())).text)).toEqual(['ANTHROPIC_API_KEY', 'HOME', 'PATH']);
  });

  it('scrubs key values, plain, URL-encoded and base64, from what the command prints', async () => {
    const leak = `process.stderr.write('auth failed for ' + ${JSON.stringify(KEY)} + ' / ' + encodeURIComponent(${JSON.stringify(`${KEY}/+`)}) + ' / ' + Buffer.from(${JSON.stringify(KEY)}).toString('base64')); process.exit(1)`;
    const judge = createCommandJudge({
      command: [process.execPath, '-e', leak],
      env: { ...env, SECOND_TOKEN: `${KEY}/+` },
    });
    const error = await judge.complete(request()).catch((e: unknown) => e as JudgeCallError);
    expect(error).toBeInstanceOf(JudgeCallError);
    const message = (error as JudgeCallError).message;
    expect(message).not.toContain(KEY);
    expect(message).not.toContain(Buffer.from(KEY).toString('base64'));
    expect(message).toContain('[OPENAI_API_KEY redacted]');
    const echo = createCommandJudge({
      command: [process.execPath, '-e', `process.stdout.write('key ' + ${JSON.stringify(KEY)})`],
      env,
    });
    expect((await echo.complete(request())).text).toBe('key [OPENAI_API_KEY redacted]');
  });
});
