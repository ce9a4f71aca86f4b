import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'taskeval-config-'));
  // outside/repo is the repository (it holds .git); outside/ is above it.
  await mkdir(join(root, 'repo', '.git'), { recursive: true });
  await mkdir(join(root, 'repo', 'packages', 'app', 'src'), { recursive: true });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('finds taskeval.config.json upward from a subdirectory to the repository root', async () => {
    await writeFile(join(root, 'repo', 'taskeval.config.json'), JSON.stringify({ retentionDays: 9 }));
    const found = await loadConfig(join(root, 'repo', 'packages', 'app', 'src'));
    expect(found).toEqual({
      config: expect.objectContaining({ retentionDays: 9 }),
      path: join(root, 'repo', 'taskeval.config.json'),
    });
  });

  it('takes the nearest of taskeval.config.json, .taskeval/config.json and a "taskeval" key in package.json', async () => {
    await writeFile(join(root, 'repo', 'taskeval.config.json'), JSON.stringify({ retentionDays: 9 }));
    await writeFile(
      join(root, 'repo', 'packages', 'app', 'package.json'),
      JSON.stringify({ name: 'app', taskeval: { retentionDays: 3 } }),
    );
    expect((await loadConfig(join(root, 'repo', 'packages', 'app', 'src'))).config.retentionDays).toBe(3);
    await mkdir(join(root, 'repo', 'packages', '.taskeval'));
    await writeFile(join(root, 'repo', 'packages', '.taskeval', 'config.json'), JSON.stringify({ retentionDays: 5 }));
    expect((await loadConfig(join(root, 'repo', 'packages'))).config.retentionDays).toBe(5);
  });

  it('skips a package.json without the key, stops at the repository root, and names the key of a bad package.json config', async () => {
    await writeFile(join(root, 'taskeval.config.json'), JSON.stringify({ retentionDays: 1 }));
    await writeFile(join(root, 'repo', 'package.json'), JSON.stringify({ name: 'repo' }));
    expect(await loadConfig(join(root, 'repo', 'packages'))).toEqual({ config: {}, path: null });
    await writeFile(
      join(root, 'repo', 'package.json'),
      JSON.stringify({ name: 'repo', taskeval: { retentionDays: 'x' } }),
    );
    await expect(loadConfig(join(root, 'repo'))).rejects.toMatchObject({
      code: 'invalid_config',
      message: expect.stringContaining('(the "taskeval" key) is invalid'),
    });
  });

  it('refuses a FIFO or a directory as --config before opening it, instead of waiting for a writer', async () => {
    const fifo = join(root, 'config.fifo');
    execFileSync('mkfifo', [fifo]);
    await expect(loadConfig(root, fifo)).rejects.toMatchObject({
      code: 'invalid_config',
      message: expect.stringContaining('is a FIFO (named pipe), not a regular file'),
    });
    await expect(loadConfig(root, join(root, 'repo'))).rejects.toMatchObject({
      message: expect.stringContaining('is a directory'),
    });
  });
});
