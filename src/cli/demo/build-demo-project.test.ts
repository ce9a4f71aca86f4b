import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTaskFile } from '../../sources/files/index.js';
import { buildDemoProject } from './build-demo-project.js';

const exec = promisify(execFile);
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-demo-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function git(...args: string[]): Promise<string> {
  return (
    await exec('git', args, {
      cwd: dir,
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
    })
  ).stdout;
}

describe('buildDemoProject', () => {
  it('builds a real git history with task trailers, conventional subjects and a revert of DEMO-3', async () => {
    const project = await buildDemoProject(dir);
    const log = await git('log', '--reverse', '--format=%s%x1f%b%x1e');
    const commits = log
      .split('\x1e')
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => c.split('\x1f'));
    expect(commits.map(([subject]) => subject)).toEqual([
      'chore: start the greeter project',
      'feat(DEMO-1): add a shout option to greet',
      'docs(DEMO-1): document the shout option',
      'feat(DEMO-2): read the greeting word from greeter.json',
      'fix(DEMO-2): fall back to defaults when greeter.json is missing',
      'fix(DEMO-2): reject an empty greeting word',
      'feat(DEMO-3): cache greetings in memory',
      'revert(DEMO-3): revert "cache greetings in memory"',
    ]);
    expect(commits[1]![1]).toContain('Fusion-Task-Id: DEMO-1');
    expect(commits[7]![1]).toContain(`This reverts commit ${project.shas['demo3-feat']}.`);
    // The revert really undid the change.
    expect(await git('ls-files')).not.toContain('src/cache.js');
  });

  it('gives the same shas every time, since identity and dates are fixed', async () => {
    const first = await buildDemoProject(dir);
    const other = await mkdtemp(join(tmpdir(), 'taskeval-demo-test-'));
    try {
      expect((await buildDemoProject(other)).shas).toEqual(first.shas);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('writes task records that load without problems and point at real merge commits', async () => {
    const project = await buildDemoProject(dir);
    const { tasks, problems } = await readTaskFile(project.tasksPath);
    expect(problems).toEqual([]);
    expect(tasks.map((t) => t.id)).toEqual(['DEMO-1', 'DEMO-2', 'DEMO-3']);
    for (const task of tasks) {
      expect((await git('cat-file', '-t', task.mergeDetails!.commitSha!)).trim()).toBe('commit');
    }
  });
});

describe('buildDemoProject when interrupted', () => {
  it('stops with a cancelled error', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await buildDemoProject(dir, controller.signal).catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('cancelled');
  });
});
