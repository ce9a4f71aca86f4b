import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let dir: string;
let repo: GitTestRepo;
const code = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `export const ${tag}${i} = ${i};`).join('\n') + '\n';
const CLAUDE = 'Co-Authored-By: Claude Sonnet 4.5 <noreply@anthropic.com>';
const CODEX = 'Co-authored-by: Codex <codex@openai.com>';
const SIZES = [5, 20, 80, 320];
let next = 0;

/** One task's commit: `lines` of code by the agent the trailer names, with or without a test beside it. */
async function task(trailer: string | null, lines: number, withTests: boolean): Promise<void> {
  const id = ++next;
  const files: Record<string, string> = { [`src/m${id}.ts`]: code(lines, `m${id}_`) };
  if (withTests) files[`src/m${id}.test.ts`] = code(4, `t${id}_`);
  await repo.commit({ subject: `feat(T-${id}): module ${id}`, ...(trailer ? { body: trailer } : {}), files });
}

async function cli(...argv: string[]) {
  const io = captureIo(dir);
  const exit = await runCli(argv, io);
  return { code: exit, out: io.out(), err: io.err() };
}

async function compareByAgent(): Promise<{
  differences: Record<string, any>[];
  cohorts: { key: string; n: number }[];
}> {
  const db = join(dir, 'store.db');
  expect((await cli('run', '--project', repo.dir, '--db', db, '--no-hindsight')).code).toBe(0);
  const out = await cli('compare', '--by', 'agent', '--db', db, '--json');
  expect(out.code).toBe(0);
  return JSON.parse(out.out);
}

beforeEach(async () => {
  next = 0;
  dir = await mkdtemp(join(tmpdir(), 'taskeval-compare-agents-'));
  repo = await createGitTestRepo();
  await repo.commit({ subject: 'chore: initial', files: { 'README.md': '# app\n' } });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await repo.cleanup();
});

describe('compare --by agent on a git-only repository', () => {
  it('finds a raw difference when one agent gets the larger tasks, and none like for like', async () => {
    // The same work at every size; claude is handed mostly small changes, codex mostly large ones.
    const claudeCounts = [9, 6, 3, 2];
    const codexCounts = [2, 3, 6, 9];
    for (const [level, size] of SIZES.entries()) {
      for (let i = 0; i < claudeCounts[level]!; i++) await task(CLAUDE, size, true);
      for (let i = 0; i < codexCounts[level]!; i++) await task(CODEX, size, true);
    }
    const report = await compareByAgent();
    expect(report.cohorts.map((c) => [c.key, c.n])).toEqual([
      ['claude', 20],
      ['codex', 20],
    ]);
    const overall = report.differences.find((d) => d.category === 'overall')!;
    expect(overall.raw.ciHigh).toBeLessThan(0);
    expect(overall.adjusted).toMatchObject({ diff: 0, strata: 4, tasksLeftOut: 0 });
    expect(overall.clear).toBe(false);

    const table = await cli('compare', '--by', 'agent', '--db', join(dir, 'store.db'));
    expect(table.out).toMatch(
      /claude → codex\s+OVERALL\s+−\d+\.\d \(−\d+\.\d to −\d+\.\d\)\s+0\.0 \(0\.0 to 0\.0\)\s+no clear difference like for like/,
    );
  });

  it('compares within a run or a time: each task once, its newest result among those selected', async () => {
    for (let i = 0; i < 4; i++) await task(CLAUDE, SIZES[i]!, true);
    for (let i = 0; i < 4; i++) await task(CODEX, SIZES[i]!, true);
    const db = join(dir, 'store.db');
    const runOf = async () => {
      const out = await cli('run', '--project', repo.dir, '--db', db, '--no-hindsight', '--json');
      expect(out.code).toBe(0);
      return (JSON.parse(out.out) as { run: { id: string } }).run.id;
    };
    const first = await runOf();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const between = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 0; i < 2; i++) await task(CODEX, 20, false);
    const second = await runOf();
    const cohorts = async (...flags: string[]) => {
      const out = await cli('compare', '--by', 'agent', '--db', db, '--json', ...flags);
      expect(out.code, out.err).toBe(0);
      return (JSON.parse(out.out) as { cohorts: { key: string; n: number }[] }).cohorts.map((c) => [c.key, c.n]);
    };
    expect(await cohorts('--run', first)).toEqual([
      ['claude', 4],
      ['codex', 4],
    ]);
    expect(await cohorts('--run', second)).toEqual([
      ['codex', 6],
      ['claude', 4],
    ]);
    expect(await cohorts('--until', between)).toEqual([
      ['claude', 4],
      ['codex', 4],
    ]);
    expect(await cohorts('--since', between)).toEqual(await cohorts('--run', second));
    expect(await cohorts('--since', between, '--run', first)).toEqual([]);
    const missing = await cli('compare', '--by', 'agent', '--db', db, '--run', 'run_nope');
    expect([missing.code, missing.err]).toEqual([3, expect.stringMatching(/run_nope does not exist/)]);
  });

  it('finds a clear difference like for like when one agent skips tests at every size', async () => {
    for (const size of SIZES) {
      for (let i = 0; i < 5; i++) await task(CLAUDE, size, true);
      for (let i = 0; i < 5; i++) await task(CODEX, size, false);
    }
    for (let i = 0; i < 3; i++) await task(null, 20, true);
    const report = await compareByAgent();
    expect(report.cohorts.map((c) => [c.key, c.n])).toEqual([
      ['claude', 20],
      ['codex', 20],
      ['human or unknown', 3],
    ]);
    const process = report.differences.find(
      (d) => d.category === 'processCompliance' && d.a === 'claude' && d.b === 'codex',
    )!;
    expect(process.adjusted.ciHigh).toBeLessThan(0);
    expect(process.clear).toBe(true);
  });

  it('puts who did the work on every result: score --json and results --json fields, and results --agent', async () => {
    await task(CLAUDE, 10, true);
    await task(CODEX, 10, true);
    await task(null, 10, true);
    const scored = JSON.parse((await cli('score', '--project', repo.dir, '--json')).out) as Record<string, any>[];
    const byTask = new Map(scored.map((r) => [r.taskId, r]));
    expect(byTask.get('T-1')).toMatchObject({
      agent: 'claude',
      modelId: 'claude-sonnet-4-5',
      identity: { source: 'trailer', modelSource: 'trailer' },
    });
    expect(byTask.get('T-1')!.identity.evidence).toContain('noreply@anthropic.com');
    expect(byTask.get('T-2')).toMatchObject({ agent: 'codex', identity: { source: 'trailer' } });
    expect(byTask.get('T-3')!.agent ?? null).toBeNull();

    const db = join(dir, 'store.db');
    await cli('run', '--project', repo.dir, '--db', db);
    const claude = JSON.parse((await cli('results', '--db', db, '--agent', 'claude-code', '--json')).out);
    expect(claude.items.map((r: { taskId: string }) => r.taskId)).toEqual(['T-1']);
    expect(claude.items[0]).toMatchObject({
      agent: 'claude',
      modelId: 'claude-sonnet-4-5',
      identity: { source: 'trailer' },
    });
    const rest = JSON.parse((await cli('results', '--db', db, '--agent', 'human or unknown', '--json')).out);
    expect(rest.items.map((r: { taskId: string }) => r.taskId)).toEqual(['T-3']);
  });
});
