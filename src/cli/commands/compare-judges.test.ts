import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  evidenceIdsInPrompt,
  startFakeOpenAIServer,
  validAnswer,
  type FakeLlmServer,
} from '../../judge/testing/index.js';
import { buildDemoProject } from '../demo/build-demo-project.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let dir: string;
let db: string;
let steady: FakeLlmServer;
let picky: FakeLlmServer;

async function cli(argv: string[], input?: string) {
  const io = captureIo(dir, input === undefined ? {} : { stdin: Readable.from([input]) });
  const code = await runCli([...argv, '--db', db], io);
  return { code, out: io.out(), err: io.err(), json: () => JSON.parse(io.out()) };
}

/** Rescores the latest deterministic run with a judge and returns the new run's id. */
async function rescoreWith(source: string, server: FakeLlmServer, model: string): Promise<string> {
  const done = await cli([
    'rescore',
    '--run',
    source,
    '--judge',
    'openai-compatible',
    '--judge-base-url',
    server.baseUrl,
    '--judge-model',
    model,
    '--no-probe',
    '--json',
  ]);
  expect(done.code, done.err).toBe(0);
  return (done.json() as { run: { id: string } }).run.id;
}

beforeAll(async () => {
  steady = await startFakeOpenAIServer();
  picky = await startFakeOpenAIServer();
  // A judge whose scores follow how many evidence items a task has: it ranks tasks, unlike a constant one.
  picky.setDefault((req) => {
    const ids = evidenceIdsInPrompt(req.prompt);
    const score = Math.min(95, 20 + ids.length * 3);
    return { answer: validAnswer(ids.slice(0, 1), [score, score - 5, score - 10]) };
  });
});
afterAll(async () => {
  await steady.close();
  await picky.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-compare-judges-'));
  db = join(dir, 'store.db');
  const project = join(dir, 'demo');
  await mkdir(project);
  await buildDemoProject(project);
  expect((await cli(['run', '--tasks', join(project, 'tasks.jsonl')])).code).toBe(0);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('compare --run A --run B of two judges on the same evidence', () => {
  it("shows each judge's parts, how each follows the rubric and the other, what each predicts, and people's agreement", async () => {
    const source = (await cli(['runs', '--json'])).json().items[0].id as string;
    const a = await rescoreWith(source, steady, 'steady-m');
    const b = await rescoreWith(source, picky, 'picky-m');
    // People rate every task overall; their ratings go with both judges' results of the same tasks.
    expect(
      (await cli(['label', '--run', a, '--rater', 'ana', '--sample', '3', '--overall-only'], '2\n4\n5\n')).code,
    ).toBe(0);
    // One run's judge is validated against those ratings and the report kept; the other is not.
    expect((await cli(['validate', '--run', b, '--labels', 'store'])).code).toBe(0);

    const text = await cli(['compare', '--run', a, '--run', b]);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toContain('judges on the 3 task(s) both runs scored');
    expect(text.out).toMatch(/openai-compatible\/steady-m \(prompt \S+\)\s+3/);
    expect(text.out).toMatch(/openai-compatible\/picky-m \(prompt \S+\)\s+3/);
    expect(text.out).toContain(`${a}: none kept: taskeval validate --run ${a} --outcomes`);
    expect(text.out).toContain(`${b}: people's overall rating (1-5, mean over raters), over its 3 judged results`);
    expect(text.out).toContain('agreement with people on the shared tasks');

    const json = (await cli(['compare', '--run', a, '--run', b, '--json'])).json();
    const [steadySide, pickySide] = json.judges.sides;
    // The steady judge says 80/70/90 to every task: its part cannot rank, so it follows nothing.
    expect(steadySide.categories.agentPerformance).toMatchObject({ ai: 80, aiVsRubric: null });
    expect(json.judges.judgesAgree.agentPerformance).toBeNull();
    expect(pickySide.judged).toBe(3);
    expect(pickySide.categories.agentPerformance.ai).not.toBe(80);
    expect(json.judges.validations[0]).toBeNull();
    expect(json.judges.validations[1].judgeParts.n).toBe(3);
    expect(json.judges.people[0].versions[0].aspects.overall.judge.n).toBe(3);
  });

  it('says nothing of judges when neither run had one', async () => {
    const source = (await cli(['runs', '--json'])).json().items[0].id as string;
    const again = await cli(['rescore', '--run', source, '--no-judge', '--json']);
    const other = (again.json() as { run: { id: string } }).run.id;
    const text = await cli(['compare', '--run', source, '--run', other]);
    expect(text.code, text.err).toBe(0);
    expect(text.out).not.toContain('judges on the');
    expect((await cli(['compare', '--run', source, '--run', other, '--json'])).json().judges).toBeNull();
  });
});
