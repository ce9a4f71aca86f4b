import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
