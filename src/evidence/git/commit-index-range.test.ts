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

const head = async (): Promise<string> => (await repo.git(['rev-parse', 'HEAD'])).trim();

/**
 * main:    init - base - X(unrelated) - Y(FN-20) ------------- M (merge of the branch)
 * branch:            \- F1 - FM(merges X from main) - F2 ----/
 */
async function branchWithUnrelatedAncestors() {
  await repo.commit({ subject: 'init', files: { 'README.md': 'hi\n' } });
  const base = await repo.commit({ subject: 'base', files: { 'src/a.ts': '1\n' } });
  await repo.git(['checkout', '-q', '-b', 'fusion/fn-10']);
  const f1 = await repo.commit({ subject: 'Start the exporter', files: { 'src/export.ts': '1\n' } });
  await repo.git(['checkout', '-q', 'main']);
  const x = await repo.commit({ subject: 'chore: unrelated tidy-up', files: { 'src/b.ts': '1\n' } });
  await repo.git(['checkout', '-q', 'fusion/fn-10']);
  repo.tick();
  await repo.git(['merge', '-q', '--no-ff', '-m', 'Merge main into the branch', 'main']);
  const fm = await head();
  const f2 = await repo.commit({ subject: 'Finish the exporter', files: { 'src/export.ts': '2\n' } });
  await repo.git(['checkout', '-q', 'main']);
  const y = await repo.commit({ subject: 'feat(FN-20): other task', files: { 'src/c.ts': '1\n' } });
  repo.tick();
  await repo.git(['merge', '-q', '--no-ff', '-m', 'Merge branch fusion/fn-10', 'fusion/fn-10']);
  const m = await head();
  return { base, f1, x, fm, f2, y, m };
}

describe('CommitIndex range attribution', () => {
  it('takes base..merge along the merged branch, never the merge commit unrelated ancestors', async () => {
    const s = await branchWithUnrelatedAncestors();
    const index = await buildCommitIndex({ repo: repo.dir });
    const own = index.commitsFor({ id: 'FN-10', baseCommitSha: s.base, mergeCommitSha: s.m });
    expect(own.map((c) => c.sha)).toEqual([s.f1, s.fm, s.f2, s.m]);
    expect(own.every((c) => c.attribution === 'range')).toBe(true);
    expect(own.map((c) => c.sha)).not.toContain(s.x);
    expect(own.map((c) => c.sha)).not.toContain(s.y);
  });

  it('takes base..branch tip when the record gives a branch and no merge commit', async () => {
    const s = await branchWithUnrelatedAncestors();
    const index = await buildCommitIndex({ repo: repo.dir });
    const own = index.commitsFor({ id: 'FN-10', baseCommitSha: s.base.slice(0, 10), branch: 'fusion/fn-10' });
    expect(own.map((c) => c.sha)).toEqual([s.f1, s.fm, s.f2]);
  });

  it('uses only trailer and subject attribution when no base is given', async () => {
    const s = await branchWithUnrelatedAncestors();
    const index = await buildCommitIndex({ repo: repo.dir });
    expect(index.commitsFor({ id: 'FN-10', mergeCommitSha: s.m, branch: 'fusion/fn-10' })).toEqual([]);
    expect(index.commitsFor({ id: 'FN-10', baseCommitSha: 'f'.repeat(40), mergeCommitSha: s.m })).toEqual([]);
  });

  it('takes only the squash commit when main moved on between base and a squash merge', async () => {
    const base = await repo.commit({ subject: 'base', files: { 'a.ts': '1' } });
    await repo.commit({ subject: 'chore: bump deps', files: { 'package.json': '{}' } });
    await repo.commit({ subject: 'feat(FN-31): other task', files: { 'b.ts': '1' } });
    const squash = await repo.commit({
      subject: 'feat(FN-30): squashed work',
      body: 'Fusion-Task-Id: FN-30',
      files: { 'c.ts': '1' },
    });
    const index = await buildCommitIndex({ repo: repo.dir });
    const own = index.commitsFor({ id: 'FN-30', baseCommitSha: base, mergeCommitSha: squash });
    expect(own.map((c) => [c.sha, c.attribution])).toEqual([[squash, 'trailer']]);
  });

  it('stops a branch range at a commit another task claims by scope (a stacked branch), not at a bare id-like word', async () => {
    const base = await repo.commit({ subject: 'base', files: { 'a.ts': '1' } });
    await repo.git(['checkout', '-q', '-b', 'fusion/fn-41']);
    await repo.commit({ subject: 'feat(FN-40): parent task work', files: { 'b.ts': '1' } });
    const mention = await repo.commit({ subject: 'Read names as UTF-8', files: { 'c.ts': '0' } });
    const mine = await repo.commit({ subject: 'Build on the parent task', files: { 'c.ts': '1' } });
    const index = await buildCommitIndex({ repo: repo.dir });
    expect(index.commitsFor({ id: 'FN-41', baseCommitSha: base, branch: 'fusion/fn-41' }).map((c) => c.sha)).toEqual([
      mention,
      mine,
    ]);
  });

  it('unions range and subject attribution without duplicates, keeping the stronger attribution', async () => {
    const base = await repo.commit({ subject: 'base', files: { 'a.ts': '1' } });
    await repo.git(['checkout', '-q', '-b', 'fusion/fn-50']);
    const named = await repo.commit({ subject: 'feat(FN-50): named', files: { 'b.ts': '1' } });
    const plain = await repo.commit({ subject: 'plain follow-up', files: { 'b.ts': '2' } });
    const index = await buildCommitIndex({ repo: repo.dir });
    const own = index.commitsFor({ id: 'FN-50', baseCommitSha: base, branch: 'fusion/fn-50' });
    expect(own.map((c) => [c.sha, c.attribution])).toEqual([
      [named, 'subject'],
      [plain, 'range'],
    ]);
  });
});
