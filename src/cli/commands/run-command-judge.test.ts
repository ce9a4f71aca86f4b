import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_RATIONALE_CHARS } from '../../judge/bound-judge-answer.js';
import {
  constantAnswerFromPrompt,
  startFakeOpenAIServer,
  validAnswerFromPrompt,
  type FakeLlmServer,
} from '../../judge/testing/index.js';
import { defaultDbPath, openSqliteStore } from '../../store/index.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let dir: string;
let server: FakeLlmServer;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-run-judge-'));
  const tasks = ['FN-1', 'FN-2'].map((id, i) =>
    JSON.stringify({
      id,
      title: `Task ${id}`,
      column: 'done',
      executionCompletedAt: `2026-03-0${i + 1}T10:00:00Z`,
      workflowStepResults: [{ workflowStepId: 'tests', workflowStepName: 'Run tests', status: 'passed' }],
    }),
  );
  await writeFile(join(dir, 'tasks.jsonl'), tasks.join('\n'));
  server = await startFakeOpenAIServer();
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function cli(argv: string[]) {
  const io = captureIo(dir);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

const judged = () => ['--judge', 'openai-compatible', '--judge-base-url', server.baseUrl, '--judge-model', 'judge-m'];

describe('taskeval run --judge over HTTP', () => {
  it('stores hybrid results with judge provenance, shows the cited evidence, and a re-run is served from the cache in the store', async () => {
    const first = await cli(['run', '--tasks', 'tasks.jsonl', '--json', ...judged()]);
    expect(first.code).toBe(0);
    const { run, results } = JSON.parse(first.out);
    expect(run.provenance).toMatchObject({
      judgeProvider: 'openai-compatible',
      judgeModel: 'judge-m',
      promptVersion: expect.stringMatching(/^[0-9a-f]{12}$/),
    });
    expect(results.map((r: { mode: string }) => r.mode)).toEqual(['hybrid', 'hybrid']);
    expect(server.calls).toBe(2);
    // The run's record keeps what the judge cost now: a line in its summary, the figures in an event.
    expect(run.summary).toMatch(/; judge: 2 calls, 0 cache hits, [\d,]+ input \+ 600 output tokens, cost unknown$/);
    const store = openSqliteStore({ path: defaultDbPath(dir) });
    const events = await store.listEvents(run.id);
    await store.close();
    expect(events.find((e) => e.type === 'info')?.data).toMatchObject({ judgeSpend: { calls: 2, cacheHits: 0 } });

    const shown = await cli(['show', 'FN-1']);
    expect(shown.out).toMatch(/\(det \d+\s+ai \d+\s+weight 0\.3\)/);
    expect(shown.out).toMatch(/provenance: judge openai-compatible\/judge-m, prompt [0-9a-f]{12}/);
    expect(shown.out).toMatch(/evidence:\n\s+\[[\w-]+\] /);

    const again = await cli(['run', '--tasks', 'tasks.jsonl', '--json', ...judged()]);
    expect(server.calls).toBe(2);
    expect(JSON.parse(again.out).run.summary).toMatch(/judge: 0 calls, 2 cache hits, 0 input \+ 0 output tokens/);
    expect(JSON.parse(again.out).results.every((r: { provenance: { cached: boolean } }) => r.provenance.cached)).toBe(
      true,
    );
    await cli(['run', '--tasks', 'tasks.jsonl', '--no-cache', ...judged()]);
    expect(server.calls).toBe(4);
  });

  it('exits 4 with error results when the judge refuses every call (HTTP 400)', async () => {
    server.setDefault(() => ({ status: 400 }));
    const down = await cli(['run', '--tasks', 'tasks.jsonl', '--json', ...judged()]);
    expect(down.code).toBe(4);
    const { run, results } = JSON.parse(down.out);
    expect(run.counts).toMatchObject({ total: 2, errored: 2, scored: 0 });
    expect(results[0]).toMatchObject({ status: 'error', reason: expect.any(String) });
  });

  it('stores a 5 MB judge rationale bounded, with the truncation marker, and the run completes', async () => {
    server.setDefault((req) => {
      const answer = validAnswerFromPrompt(req.prompt);
      return {
        answer: {
          ...answer,
          overallRationale: 'x'.repeat(5_000_000),
          categories: {
            ...answer.categories,
            agentPerformance: { ...answer.categories.agentPerformance, rationale: 'y'.repeat(5_000_000) },
          },
        },
      };
    });
    const run = await cli(['run', '--tasks', 'tasks.jsonl', ...judged()]);
    expect(run.code).toBe(0);
    const exported = await cli(['export', '--run', 'latest', '--format', 'json']);
    const results = JSON.parse(exported.out) as { categoryScores: { category: string; rationale: string }[] }[];
    expect(results).toHaveLength(2);
    for (const r of results) {
      const rationale = r.categoryScores.find((c) => c.category === 'agentPerformance')!.rationale;
      expect(rationale.length).toBe(MAX_RATIONALE_CHARS);
      expect(rationale.endsWith('… [truncated]')).toBe(true);
    }
    expect(exported.out.length).toBeLessThan(200_000);
  });
});

describe('a judge that looks broken', () => {
  it('answering 73 for every category of every task is said on stderr and kept as a warning on the run', async () => {
    const tasks = Array.from({ length: 12 }, (_, i) =>
      JSON.stringify({
        id: `BR-${i + 1}`,
        title: `Task ${i + 1}`,
        column: 'done',
        executionCompletedAt: `2026-03-01T1${i % 10}:00:00Z`,
        workflowStepResults:
          i % 2 ? [{ workflowStepId: 'tests', workflowStepName: 'Run tests', status: 'failed' }] : [],
      }),
    );
    await writeFile(join(dir, 'broken.jsonl'), tasks.join('\n'));
    server.setDefault((req) => ({ answer: constantAnswerFromPrompt(req.prompt) }));
    const { code, out, err } = await cli(['run', '--tasks', 'broken.jsonl', '--json', ...judged()]);
    expect(code).toBe(0);
    expect(err).toContain(
      'warning: the judge gave 73 to 100% of 36 category scores: it does not seem to read the evidence',
    );
    const { run } = JSON.parse(out);
    const store = openSqliteStore({ path: defaultDbPath(dir) });
    const events = await store.listEvents(run.id);
    await store.close();
    expect(events.filter((e) => e.type === 'warning').map((e) => e.message)).toEqual([
      expect.stringMatching(/^the judge gave 73 to 100%/),
    ]);
  });
});
