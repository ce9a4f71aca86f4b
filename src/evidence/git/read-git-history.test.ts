import { rm } from 'node:fs/promises';
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

/** Deletes a blob's loose object, as a partial clone or a pruned snapshot leaves a repository. */
async function dropBlob(spec: string): Promise<void> {
  const sha = (await repo.git(['rev-parse', spec])).trim();
  await rm(join(repo.dir, '.git', 'objects', sha.slice(0, 2), sha.slice(2)));
}

describe('reading a history with missing objects', () => {
  it('keeps every commit, reads line counts where it can, marks the rest unknown and warns once', async () => {
    await repo.commit({ subject: 'feat(T-1): one', files: { 'src/a.ts': 'a\n' } });
    const big = await repo.commit({
      subject: 'feat(T-2): big asset',
      files: { 'assets/big.bin.ts': 'b\n', 'src/b.ts': 'b\nb\n' },
    });
    await repo.commit({ subject: 'feat(T-3): three', files: { 'src/c.ts': 'c\nc\nc\n' } });
    await dropBlob(`${big}:assets/big.bin.ts`);

    const index = await buildCommitIndex({ repo: repo.dir });
    expect(index.taskIds()).toEqual(['T-1', 'T-2', 'T-3']);
    expect(index.commitsFor({ id: 'T-3' })[0]!.files).toEqual([
      { path: 'src/c.ts', insertions: 3, deletions: 0, kind: 'code' },
    ]);
    expect(index.commitsFor({ id: 'T-1' })[0]!.files).toEqual([
      { path: 'src/a.ts', insertions: 1, deletions: 0, kind: 'code' },
    ]);
    const t2 = index.commitsFor({ id: 'T-2' })[0]!;
    expect(t2.files.map((f) => f.path).sort()).toEqual(['assets/big.bin.ts', 'src/b.ts']);
    expect(t2.files.every((f) => f.insertions === null && f.deletions === null)).toBe(true);
    expect(t2.touchesCode).toBe(true);
    expect(index.warnings).toHaveLength(1);
    expect(index.warnings[0]).toMatch(
      /1 object\(s\) are missing .*: 1 commit\(s\) are kept with their changed paths but unknown line counts/,
    );
  });

  it('reads a whole repository without warnings', async () => {
    await repo.commit({ subject: 'feat(T-1): one', files: { 'src/a.ts': 'a\n' } });
    const index = await buildCommitIndex({ repo: repo.dir });
    expect(index.warnings).toEqual([]);
  });
});

describe('reading a shallow clone', () => {
  it('says the clone is shallow and how to fetch the whole history, and reports progress', async () => {
    for (let i = 1; i <= 3; i += 1)
      await repo.commit({ subject: `feat(T-${i}): step ${i}`, files: { [`src/${i}.ts`]: `${i}\n` } });
    const shallow = join(repo.root, 'shallow');
    await repo.git(['clone', '-q', '--depth', '1', `file://${repo.dir}`, shallow], repo.root);
    const seen: number[] = [];
    const index = await buildCommitIndex({ repo: shallow, onProgress: (n) => seen.push(n) });
    expect(index.taskIds()).toEqual(['T-3']);
    expect(index.warnings).toHaveLength(1);
    expect(index.warnings[0]).toContain('is a shallow clone');
    expect(index.warnings[0]).toContain('fetch-depth: 0');
    expect(seen.at(-1)).toBe(1);
    expect((await buildCommitIndex({ repo: repo.dir })).warnings).toEqual([]);
  });

  it("treats the boundary commit's line counts and the history before it as unknown, not as a whole-tree change and a quiet past", async () => {
    const big = Array.from({ length: 400 }, (_, i) => `line ${i}`).join('\n');
    await repo.commit({ subject: 'feat(T-1): the big module', files: { 'src/big.ts': `${big}\n` } });
    await repo.commit({ subject: 'fix(T-2): churn on the module', files: { 'src/big.ts': `${big}\nmore\n` } });
    await repo.commit({
      subject: 'feat(T-3): small change',
      files: { 'src/big.ts': `${big}\nmore\nand more\n`, 'src/small.ts': 'x\n' },
    });
    const full = await buildCommitIndex({ repo: repo.dir });
    const whole = full.commitsFor({ id: 'T-3' });
    expect(whole[0]!.files.find((f) => f.path === 'src/big.ts')).toMatchObject({ insertions: 1, deletions: 0 });
    expect(full.priorActivity(whole)).toMatchObject({ commits: 2 });

    const shallow = join(repo.root, 'shallow');
    await repo.git(['clone', '-q', '--depth', '1', `file://${repo.dir}`, shallow], repo.root);
    const cut = await buildCommitIndex({ repo: shallow });
    const own = cut.commitsFor({ id: 'T-3' });
    // Without the boundary known, the whole 402-line file would read as this task's change.
    expect(own[0]!.files.find((f) => f.path === 'src/big.ts')).toMatchObject({ insertions: null, deletions: null });
    expect(cut.priorActivity(own)).toBeNull();
  });
});
