import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCommitIndex } from './build-commit-index.js';
import { createGitTestRepo, type GitTestRepo } from './testing/git-test-repo.js';

let repo: GitTestRepo;
beforeEach(async () => {
  repo = await createGitTestRepo();
});
afterEach(async () => {
  await repo.cleanup();
});

async function history() {
  const base = await repo.commit({ subject: 'base', files: { 'a.ts': '1' } });
  await repo.git(['checkout', '-q', '-b', 'fusion/fn-2']);
  const branchWork = await repo.commit({ subject: 'Branch work without an id', files: { 'b.ts': '1' } });
  await repo.git(['checkout', '-q', 'main']);
  const named = await repo.commit({
    subject: 'feat(FN-1): on main',
    body: 'Fusion-Task-Id: FN-1',
    files: { 'c.ts': '1' },
  });
  return { base, branchWork, named };
}

describe('buildCommitIndex repository layouts', () => {
  it('reads a bare clone, branch ranges included', async () => {
    const s = await history();
    const bare = join(repo.root, 'bare.git');
    await repo.git(['clone', '-q', '--bare', repo.dir, bare], repo.root);
    const index = await buildCommitIndex({ repo: bare });
    expect(index.repo).toBe(bare);
    expect(index.commitsFor({ id: 'FN-1' }).map((c) => c.sha)).toEqual([s.named]);
    expect(index.commitsFor({ id: 'FN-2', baseCommitSha: s.base, branch: 'fusion/fn-2' }).map((c) => c.sha)).toEqual([
      s.branchWork,
    ]);
  });

  it('reads a linked worktree and sees commits made in it and in the main checkout', async () => {
    const s = await history();
    const wt = join(repo.root, 'wt');
    await repo.git(['worktree', 'add', '-q', '-b', 'fusion/fn-3', wt, s.base]);
    await repo.git(['commit', '-q', '--allow-empty', '-m', 'feat(FN-3): in the worktree'], wt);
    const index = await buildCommitIndex({ repo: wt });
    expect(index.commitsFor({ id: 'FN-3' })).toHaveLength(1);
    expect(index.commitsFor({ id: 'FN-1' }).map((c) => c.sha)).toEqual([s.named]);
    expect(index.commitsFor({ id: 'FN-3', baseCommitSha: s.base, branch: 'fusion/fn-3' })).toHaveLength(1);
  });
});
