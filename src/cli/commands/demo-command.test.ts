import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScoredResult } from '../../core/index.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

const exec = promisify(execFile);
let dir: string;
let savedTmp: string | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-demo-cmd-'));
  // The demo's temporary directory goes under TMPDIR; point it at an empty one we can inspect.
  savedTmp = process.env.TMPDIR;
  process.env.TMPDIR = join(dir, 'tmp');
  await exec('mkdir', ['-p', process.env.TMPDIR]);
});
afterEach(async () => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  await rm(dir, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  const io = captureIo(dir);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('taskeval demo', () => {
  it('prints the scorecard of three tasks with reasons and leaves no temporary directory behind', async () => {
    const { code, out, err } = await run('demo');
    expect(err).toBe('');
    expect(code).toBe(0);
    for (const id of ['DEMO-1', 'DEMO-2', 'DEMO-3'])
      expect(out).toMatch(new RegExp(`^${id} .*deterministic only$`, 'm'));
    expect(out).toContain('deterministic only: no judge configured');
    expect(out).toMatch(/^Why:\nDEMO-1 \d+ \w+: /m);
    expect(await readdir(join(dir, 'tmp'))).toEqual([]);
  });

  it('scores the clean task well and the reverted one badly on outcome', async () => {
    const { code, out } = await run('demo', '--json');
    expect(code).toBe(0);
    const results = JSON.parse(out) as ScoredResult[];
    const byId = new Map(results.map((r) => [r.taskId, r]));
    const outcome = (id: string) => byId.get(id)!.categoryScores.find((c) => c.category === 'taskOutcomeQuality')!;
    expect(['strong', 'excellent']).toContain(byId.get('DEMO-1')!.overallBand);
    expect(['weak', 'failing']).toContain(outcome('DEMO-3').band);
    expect(byId.get('DEMO-1')!.overallScore).toBeGreaterThan(byId.get('DEMO-2')!.overallScore);
    expect(byId.get('DEMO-2')!.overallScore).toBeGreaterThan(byId.get('DEMO-3')!.overallScore);
    // The commits the repository holds are the evidence.
    expect(byId.get('DEMO-1')!.evidenceBundle.groups.find((g) => g.source === 'commits')!.entries).toHaveLength(2);
  });

  it('keeps a real git repository with tasks.jsonl in --keep DIR, which score can read', async () => {
    const { code, out } = await run('demo', '--keep', 'kept');
    expect(code).toBe(0);
    expect(out).toContain(`Kept the demo repository in ${join(dir, 'kept')}`);
    const { stdout } = await exec('git', ['log', '--format=%s'], {
      cwd: join(dir, 'kept'),
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
    });
    expect(stdout).toContain('revert(DEMO-3)');
    const score = await run('score', '--tasks', 'kept/tasks.jsonl');
    expect(score.code).toBe(0);
    expect(score.out).toMatch(/^DEMO-3 /m);
  });

  it("prints a follow-up command that reproduces its scores exactly, from any directory: the commits are the kept repository's", async () => {
    const demo = await run('demo', '--keep', 'kept');
    const command = /taskeval (score --tasks \S+)/.exec(demo.out)![1]!.split(' ');
    // The test's own directory sits in no repository of the demo's; the score must not read the cwd's history.
    const again = await run(...command);
    expect(again.code).toBe(0);
    const rows = (text: string) => text.split('\n').filter((l) => /^DEMO-\d .*deterministic only$/.test(l));
    expect(rows(again.out)).toEqual(rows(demo.out));
    expect(rows(again.out)).toHaveLength(3);
    expect(again.err).toContain(`commits: ${join(dir, 'kept')} (the repository holding`);
  });

  it('removes its temporary directory when it fails part-way, and exits 130 when interrupted', async () => {
    const controller = new AbortController();
    controller.abort();
    const io = captureIo(dir, { signal: controller.signal });
    expect(await runCli(['demo'], io)).toBe(130);
    expect(io.err()).toContain('the demo was interrupted');
    expect(await readdir(join(dir, 'tmp'))).toEqual([]);
  });

  it('exits 2 when --keep names a directory that is not empty', async () => {
    await writeFile(join(dir, 'tmp', 'x'), 'x');
    const { code, err } = await run('demo', '--keep', 'tmp');
    expect(code).toBe(2);
    expect(err).toContain('the directory is not empty');
    expect(err).toContain('new or empty directory');
  });
});
