import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'taskeval-bin-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('the taskeval binary', () => {
  it('runs the demo as a real process on a machine with no git identity, exits 0 and removes its repository', async () => {
    const env = { ...process.env, TMPDIR: tmp, HOME: tmp, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', NO_COLOR: '1' };
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', 'demo'], { cwd: root, env });
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^DEMO-1 .*deterministic only$/m);
    expect(stdout).toContain('final scores equal deterministic scores');
    // tsx may keep its cache under TMPDIR; only the demo's own directory must be gone.
    expect((await readdir(tmp)).filter((name) => name.startsWith('taskeval-demo-'))).toEqual([]);
  });
});

describe('exit codes of a long run', () => {
  it('exits 0 after a run of 1,000 tasks, every time (the checkpoint worker is waited for, not raced)', async () => {
    const dir = await mkdtemp(join(tmp, 'long-run-'));
    const lines = Array.from({ length: 1000 }, (_, i) =>
      JSON.stringify({ id: `T-${i + 1}`, title: `task ${i + 1}`, column: 'done', executionCompletedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }));
    await writeFile(join(dir, 'tasks.jsonl'), lines.join('\n'));
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const db = join(dir, `run-${attempt}.db`);
      // execFile rejects on a non-zero exit, so resolving is the assertion; the summary says every task was stored.
      const { stdout } = await exec(process.execPath, ['--import', 'tsx', join(root, 'src/cli/bin.ts'), 'run', '--tasks', join(dir, 'tasks.jsonl'), '--db', db, '--json'], { cwd: root, maxBuffer: 256 * 1024 * 1024 });
      expect(JSON.parse(stdout).run.counts).toMatchObject({ total: 1000, scored: 1000 });
      expect(existsSync(`${db}-wal`)).toBe(false);
    }
  }, 120_000);
});
