import { execFile, spawn } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
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
    const env = {
      ...process.env,
      TMPDIR: tmp,
      HOME: tmp,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      NO_COLOR: '1',
    };
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', 'demo'], {
      cwd: root,
      env,
    });
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
      JSON.stringify({
        id: `T-${i + 1}`,
        title: `task ${i + 1}`,
        column: 'done',
        executionCompletedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      }),
    );
    await writeFile(join(dir, 'tasks.jsonl'), lines.join('\n'));
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const db = join(dir, `run-${attempt}.db`);
      // execFile rejects on a non-zero exit, so resolving is the assertion; the summary says every task was stored.
      const { stdout } = await exec(
        process.execPath,
        [
          '--import',
          'tsx',
          join(root, 'src/cli/bin.ts'),
          'run',
          '--tasks',
          join(dir, 'tasks.jsonl'),
          '--db',
          db,
          '--json',
        ],
        { cwd: root, maxBuffer: 256 * 1024 * 1024 },
      );
      expect(JSON.parse(stdout).run.counts).toMatchObject({ total: 1000, scored: 1000 });
      expect(existsSync(`${db}-wal`)).toBe(false);
    }
  }, 120_000);
});

describe('small traps end in a plain message and a documented exit code, never a stack trace', () => {
  // From another directory tsx must be named by where it is installed.
  const tsx = import.meta.resolve('tsx');
  const cli = (args: string[], cwd = root) =>
    exec(process.execPath, ['--import', tsx, join(root, 'src/cli/bin.ts'), ...args], { cwd }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it.skipIf(!existsSync('/dev/full'))(
    'exits 7 with one line when the output cannot be written (a full disk)',
    async () => {
      const dir = await mkdtemp(join(tmp, 'full-'));
      await writeFile(join(dir, 'tasks.jsonl'), JSON.stringify({ id: 'T-1', title: 'one', column: 'done' }));
      const run = await cli(['run', '--tasks', 'tasks.jsonl', '--db', 'store.db'], dir);
      expect(run.code).toBe(0);
      const full = await new Promise<{ code: number | null; stderr: string }>((done) => {
        const child = spawn(
          process.execPath,
          ['--import', tsx, join(root, 'src/cli/bin.ts'), 'export', '--run', 'latest', '--db', 'store.db'],
          { cwd: dir, stdio: ['ignore', openSync('/dev/full', 'w'), 'pipe'] },
        );
        let stderr = '';
        child.stderr!.on('data', (d: Buffer) => void (stderr += d.toString()));
        child.on('close', (code) => done({ code, stderr }));
      });
      // The store line goes out first; then the one line about the output, no stack trace.
      expect(full.code).toBe(7);
      expect(full.stderr).toMatch(
        /^store: \S+store\.db\ntaskeval: cannot write the output: ENOSPC: no space left on device, write\n$/,
      );
    },
  );

  it('exits 2 for an age too large to be a date, and reads a config file saved with a byte-order mark', async () => {
    const dir = await mkdtemp(join(tmp, 'traps-'));
    const prune = await cli(['prune', '--older-than', '99999999999d', '--db', 'store.db'], dir);
    expect(prune.code).toBe(2);
    expect(prune.stderr).toBe(
      'taskeval: --older-than: "99999999999d" is more than 1,000 years; give an age up to 365000d\n',
    );
    await writeFile(join(dir, 'taskeval.config.json'), '\ufeff{"retentionDays": 30}');
    await writeFile(join(dir, 'tasks.jsonl'), JSON.stringify({ id: 'T-1', title: 'one', column: 'done' }));
    const run = await cli(['run', '--tasks', 'tasks.jsonl', '--db', 'store.db'], dir);
    expect(run.code, run.stderr).toBe(0);
  });
});
