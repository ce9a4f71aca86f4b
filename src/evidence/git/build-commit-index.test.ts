import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SourceError } from '../../core/index.js';
import { buildCommitIndex } from './build-commit-index.js';
import { runGit, type GitRunner } from './run-git.js';
import { createGitTestRepo, type GitTestRepo } from './testing/git-test-repo.js';

let repo: GitTestRepo;
beforeEach(async () => {
  repo = await createGitTestRepo();
});
afterEach(async () => {
  await repo.cleanup();
});

const subjects = (records: Array<{ subject: string }>): string[] => records.map((r) => r.subject);

describe('buildCommitIndex attribution', () => {
  it('attributes commits by either default trailer key, whatever the key case', async () => {
    await repo.commit({ subject: 'Add parser', body: 'Fusion-Task-Id: FN-1', files: { 'a.ts': '1' } });
    await repo.commit({ subject: 'Polish parser', body: 'Why it matters.\n\ntask-id: FN-1', files: { 'a.ts': '2' } });
    await repo.commit({ subject: 'Mention Task-Id: FN-1 in prose only', files: { 'b.ts': '1' } });
    await repo.commit({ subject: 'Unrelated', body: 'Task-Id: FN-2', files: { 'c.ts': '1' } });
    const index = await buildCommitIndex({ repo: repo.dir });
    const own = index.commitsFor({ id: 'FN-1' });
    expect(subjects(own)).toEqual(['Add parser', 'Polish parser', 'Mention Task-Id: FN-1 in prose only']);
    expect(own.map((c) => c.attribution)).toEqual(['trailer', 'trailer', 'subject']);
    expect(own[1]!.trailers).toEqual({ 'task-id': ['FN-1'] });
    expect(index.taskIds()).toEqual(['FN-1', 'FN-2']);
  });

  it('attributes by conventional scope, several ids in one scope, and lets the scope beat mentions', async () => {
    await repo.commit({ subject: 'feat(FN-3391): add export', files: { 'a.ts': '1' } });
    await repo.commit({ subject: 'fix(FN-3391,FN-12): share the fix', files: { 'a.ts': '2' } });
    await repo.commit({ subject: 'chore(FN-40): follow FN-3391 conventions', files: { 'b.ts': '1' } });
    const index = await buildCommitIndex({ repo: repo.dir });
    expect(subjects(index.commitsFor({ id: 'FN-3391' }))).toEqual([
      'feat(FN-3391): add export',
      'fix(FN-3391,FN-12): share the fix',
    ]);
    expect(subjects(index.commitsFor({ id: 'FN-12' }))).toEqual(['fix(FN-3391,FN-12): share the fix']);
    expect(index.commitsFor({ id: 'FN-40' })).toHaveLength(1);
    expect(index.commitsFor({ id: 'FN-3391' })[0]!.attribution).toBe('subject');
  });

  it('uses a custom id pattern and custom trailer keys instead of the defaults', async () => {
    await repo.commit({ subject: 'feat(#42): hash ids', files: { 'a.ts': '1' } });
    await repo.commit({ subject: 'Work', body: 'Ticket: #7', files: { 'a.ts': '2' } });
    await repo.commit({ subject: 'Default key ignored', body: 'Fusion-Task-Id: #9', files: { 'a.ts': '3' } });
    const index = await buildCommitIndex({ repo: repo.dir, idPattern: '#\\d+', trailerKeys: ['Ticket'] });
    expect(subjects(index.commitsFor({ id: '#42' }))).toEqual(['feat(#42): hash ids']);
    expect(index.commitsFor({ id: '#7' })[0]!.attribution).toBe('trailer');
    expect(index.commitsFor({ id: '#9' })).toEqual([]);
    expect(index.taskIds()).toEqual(['#42', '#7']);
  });

  it('records numstat with null counts for a binary file and paths with spaces and newlines', async () => {
    await repo.commit({
      subject: 'feat(FN-5): assets',
      files: {
        'dir with space/my file.ts': 'one\ntwo\n',
        'logo.bin': Buffer.from([0, 1, 2, 0, 255, 0]),
        'odd\nname.md': 'x\n',
        'test/my file.test.ts': 'it()\n',
      },
    });
    const [commit] = (await buildCommitIndex({ repo: repo.dir })).commitsFor({ id: 'FN-5' });
    expect(commit!.files).toEqual([
      { path: 'dir with space/my file.ts', insertions: 2, deletions: 0, kind: 'code' },
      { path: 'logo.bin', insertions: null, deletions: null, kind: 'code' },
      { path: 'odd\nname.md', insertions: 1, deletions: 0, kind: 'docs' },
      { path: 'test/my file.test.ts', insertions: 1, deletions: 0, kind: 'test' },
    ]);
    expect(commit).toMatchObject({ touchesTests: true, touchesDocs: true, configOnly: false, touchesCode: true });
  });

  it('gives the author date in UTC ISO-8601 when it was written with a +02:00 offset', async () => {
    const sha = await repo.commit({
      subject: 'feat(FN-6): tz',
      date: '2026-03-01T12:00:00+02:00',
      files: { 'a.ts': '1' },
    });
    const index = await buildCommitIndex({ repo: repo.dir });
    expect(index.commit(sha)!.date).toBe('2026-03-01T10:00:00.000Z');
    expect(index.commit(sha.slice(0, 8))!.sha).toBe(sha);
    expect(index.firstCommitAt('FN-6')).toBe('2026-03-01T10:00:00.000Z');
  });

  it('cuts subjects to 160 characters and marks config-only commits', async () => {
    await repo.commit({
      subject: `chore(FN-8): ${'x'.repeat(300)}`,
      files: { 'package.json': '{}', '.eslintrc': '{}' },
    });
    const [commit] = (await buildCommitIndex({ repo: repo.dir })).commitsFor({ id: 'FN-8' });
    expect(commit!.subject).toHaveLength(160);
    expect(commit!.configOnly).toBe(true);
    expect(commit!.touchesCode).toBe(false);
  });

  it('marks a commit that touches only docs as not touching code', async () => {
    await repo.commit({
      subject: 'docs(FN-9): explain the options',
      files: { 'README.md': '# app\n', 'docs/options.md': 'opts\n' },
    });
    const [commit] = (await buildCommitIndex({ repo: repo.dir })).commitsFor({ id: 'FN-9' });
    expect(commit).toMatchObject({ touchesDocs: true, touchesTests: false, configOnly: false, touchesCode: false });
  });
});

describe('buildCommitIndex processes', () => {
  it('runs exactly one git log for the whole index, however many tasks are asked about', async () => {
    for (let i = 1; i <= 5; i += 1) await repo.commit({ subject: `feat(FN-${i}): step`, files: { [`f${i}.ts`]: 'x' } });
    const calls: string[][] = [];
    const spy: GitRunner = (args, options) => {
      calls.push([...args]);
      return runGit(args, options);
    };
    const index = await buildCommitIndex({ repo: repo.dir, runGit: spy });
    for (let i = 1; i <= 5; i += 1) {
      expect(index.commitsFor({ id: `FN-${i}` })).toHaveLength(1);
      index.historyFor(`FN-${i}`);
    }
    expect(calls.filter((args) => args.includes('log'))).toHaveLength(1);
    expect(calls.filter((args) => args.includes('log'))[0]).toEqual(
      expect.arrayContaining(['--all', '-z', '--numstat']),
    );
    // The repository check, the one log pass, the branch tips and the shallow check.
    expect(calls.map((args) => args.find((a) => ['rev-parse', 'log', 'for-each-ref'].includes(a)))).toEqual([
      'rev-parse',
      'log',
      'for-each-ref',
      'rev-parse',
    ]);
  });

  it('reads an empty repository as an empty index', async () => {
    const index = await buildCommitIndex({ repo: repo.dir });
    expect(index.taskIds()).toEqual([]);
    expect(index.historyFor('FN-1')).toEqual({
      reverted: false,
      revertShas: [],
      laterFixShas: [],
      firstCommitAt: null,
      lastCommitAt: null,
    });
  });
});

describe('buildCommitIndex errors', () => {
  it('rejects a directory that is not a git repository, naming it and what was expected', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'taskeval-nogit-'));
    try {
      const error = await buildCommitIndex({ repo: dir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SourceError);
      expect(error).toMatchObject({ code: 'source_unreadable' });
      expect((error as Error).message).toContain(dir);
      expect((error as Error).message).toContain('expected a git checkout, a linked worktree or a bare repository');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects a path that does not exist', async () => {
    await expect(buildCommitIndex({ repo: join(repo.root, 'missing') })).rejects.toMatchObject({
      code: 'source_unreadable',
      message: expect.stringContaining('does not exist'),
    });
  });

  it('says git is missing when it is not on PATH', async () => {
    const saved = process.env.PATH;
    process.env.PATH = join(repo.root, 'no-bin');
    try {
      await expect(buildCommitIndex({ repo: repo.dir })).rejects.toMatchObject({
        code: 'source_unreadable',
        message: expect.stringContaining('git was not found on PATH'),
      });
    } finally {
      process.env.PATH = saved;
    }
  });

  it('rejects an id pattern that is not a regular expression as a config error', async () => {
    await expect(buildCommitIndex({ repo: repo.dir, idPattern: '([' })).rejects.toMatchObject({
      code: 'invalid_config',
    });
  });

  it('stops with a cancelled error when the signal aborts while the log streams', async () => {
    await repo.commit({ subject: 'feat(FN-1): x', files: { 'a.ts': '1' } });
    const controller = new AbortController();
    const aborting: GitRunner = (args, options) =>
      runGit(args, {
        ...options,
        ...(options.onStdout
          ? {
              onStdout: (chunk) => {
                controller.abort();
                options.onStdout!(chunk);
              },
            }
          : {}),
      });
    await expect(
      buildCommitIndex({ repo: repo.dir, signal: controller.signal, runGit: aborting }),
    ).rejects.toMatchObject({
      code: 'cancelled',
    });
  });

  it('stops with a cancelled error when the signal is already aborted', async () => {
    await expect(buildCommitIndex({ repo: repo.dir, signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'cancelled',
    });
  });
});
