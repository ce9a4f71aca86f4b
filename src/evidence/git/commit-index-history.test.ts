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

describe('CommitIndex history signals', () => {
  it('detects a revert(ID) subject and keeps it out of the task own commits', async () => {
    const work = await repo.commit({ subject: 'feat(FN-2): add cache', files: { 'cache.ts': '1' } });
    const revert = await repo.commit({
      subject: 'revert(FN-2): cache broke login',
      body: 'Fusion-Task-Id: FN-9',
      files: { 'cache.ts': null },
    });
    const index = await buildCommitIndex({ repo: repo.dir });
    expect(index.commitsFor({ id: 'FN-2' }).map((c) => c.sha)).toEqual([work]);
    expect(index.commitsFor({ id: 'FN-9' }).map((c) => c.sha)).toEqual([revert]);
    expect(index.historyFor('FN-2')).toMatchObject({ reverted: true, revertShas: [revert] });
    expect(index.historyFor('FN-9').reverted).toBe(false);
  });

  it('detects a body that says "This reverts commit <sha>" of one of the task commits', async () => {
    const work = await repo.commit({
      subject: 'Add the cache layer',
      body: 'Task-Id: FN-3',
      files: { 'cache.ts': '1' },
    });
    await repo.commit({ subject: 'feat(FN-4): unrelated', files: { 'b.ts': '1' } });
    const undo = await repo.commit({
      subject: 'Undo the cache layer',
      body: `This reverts commit ${work}.`,
      files: { 'cache.ts': null },
    });
    const index = await buildCommitIndex({ repo: repo.dir });
    expect(index.historyFor('FN-3')).toMatchObject({ reverted: true, revertShas: [undo] });
    expect(index.historyFor('FN-4').reverted).toBe(false);
  });

  it('detects git revert output and treats a revert of that revert as undoing it', async () => {
    const work = await repo.commit({ subject: 'feat(FN-5): add flag', files: { 'flag.ts': '1' } });
    repo.tick();
    await repo.git(['revert', '--no-edit', work]);
    const revert = (await repo.git(['rev-parse', 'HEAD'])).trim();
    let index = await buildCommitIndex({ repo: repo.dir });
    expect(index.commit(revert)!.subject).toBe('Revert "feat(FN-5): add flag"');
    expect(index.commitsFor({ id: 'FN-5' }).map((c) => c.sha)).toEqual([work]);
    expect(index.historyFor('FN-5')).toMatchObject({ reverted: true, revertShas: [revert] });

    repo.tick();
    await repo.git(['revert', '--no-edit', revert]);
    index = await buildCommitIndex({ repo: repo.dir });
    expect(index.historyFor('FN-5')).toMatchObject({ reverted: false, revertShas: [] });
  });

  it('finds fix commits naming the task after its merge as later fixes, not own work', async () => {
    const first = await repo.commit({ subject: 'feat(FN-1): add parser', files: { 'p.ts': '1' } });
    const merged = await repo.commit({
      subject: 'fix(FN-1): handle empty input',
      body: 'Fusion-Task-Id: FN-1',
      files: { 'p.ts': '2' },
    });
    await repo.commit({ subject: 'feat(FN-6): other', files: { 'o.ts': '1' } });
    const later = await repo.commit({ subject: 'fix(FN-1): crash on null', files: { 'p.ts': '3' } });
    const byOther = await repo.commit({
      subject: 'fix(FN-1): off by one',
      body: 'Task-Id: FN-7',
      files: { 'p.ts': '4' },
    });
    const index = await buildCommitIndex({ repo: repo.dir });

    const own = index.commitsFor({ id: 'FN-1', mergeCommitSha: merged });
    expect(own.map((c) => c.sha)).toEqual([first, merged]);
    const history = index.historyFor(
      'FN-1',
      own.map((c) => c.sha),
    );
    expect(history.laterFixShas).toEqual([later, byOther]);
    expect(history).toMatchObject({ reverted: false, firstCommitAt: own[0]!.date, lastCommitAt: own[1]!.date });

    // Without a merge point a fix the task itself claims stays its own; one claimed by another task does not.
    expect(index.commitsFor({ id: 'FN-1' }).map((c) => c.sha)).toEqual([first, merged, later]);
    expect(index.historyFor('FN-1').laterFixShas).toEqual([byOther]);
    expect(index.lastCommitAt('FN-1')).toBe(index.commit(later)!.date);
  });

  it('does not count a fix dated before the task last own commit as a later fix', async () => {
    const early = await repo.commit({ subject: 'fix(FN-8): prep', body: 'Task-Id: FN-99', files: { 'a.ts': '1' } });
    await repo.commit({ subject: 'feat(FN-8): the work', files: { 'a.ts': '2' } });
    const index = await buildCommitIndex({ repo: repo.dir });
    expect(index.historyFor('FN-8').laterFixShas).not.toContain(early);
    expect(index.historyFor('FN-8').laterFixShas).toEqual([]);
  });
});
