import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { loadTaskSet } from './load-task-set.js';

let dir: string;
let repo: GitTestRepo;
let tasksFile: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-hindsight-'));
  repo = await createGitTestRepo();
  await repo.commit({
    subject: 'feat(T-1): add the cache',
    files: { 'src/cache.ts': 'a\n' },
    date: '2026-03-01T10:00:00Z',
  });
  await repo.commit({
    subject: 'fix(T-1): cache key after release',
    files: { 'src/key.ts': 'b\n' },
    date: '2026-03-05T10:00:00Z',
  });
  const sha = (await repo.git(['rev-parse', 'HEAD~1'])).trim();
  await repo.git(['revert', '--no-edit', sha]);
  tasksFile = join(dir, 'tasks.jsonl');
  await writeFile(
    tasksFile,
    `${JSON.stringify({ id: 'T-1', column: 'done', executionCompletedAt: '2026-03-02T00:00:00Z' })}\n`,
  );
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await repo.cleanup();
});

describe('loadTaskSet hindsight', () => {
  it('reads later history by default, marked as hindsight', async () => {
    const set = await loadTaskSet({ projectDir: dir, tasksFile, repo: repo.dir });
    const [item] = set.items;
    expect(item!.commits!.map((c) => c.subject)).toEqual([
      'feat(T-1): add the cache',
      'fix(T-1): cache key after release',
    ]);
    expect(item!.history).toMatchObject({ hindsight: true, reverted: true });
  });

  it('without hindsight keeps only what existed at completion: no later commit, no revert', async () => {
    const set = await loadTaskSet({ projectDir: dir, tasksFile, repo: repo.dir, hindsight: false });
    const [item] = set.items;
    expect(item!.commits!.map((c) => c.subject)).toEqual(['feat(T-1): add the cache']);
    expect(item!.history).toMatchObject({ hindsight: false, reverted: false, revertShas: [], laterFixShas: [] });
    // The revert is dated by the test clock, before the task: a change long before it, outside the 14 days.
    expect(item!.history!.prior).toMatchObject({ commits: 0, fixes: 0, hottestFile: 0 });
  });
});
