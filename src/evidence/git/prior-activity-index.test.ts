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

describe('priorActivity', () => {
  it("counts other commits on the task's code files in the 14 days before it, fixes in 30, the busiest file, each change once", async () => {
    await repo.commit({ subject: 'feat: old', files: { 'src/a.ts': '0\n' }, date: '2026-01-01T00:00:00Z' });
    await repo.commit({ subject: 'fix: a crash', files: { 'src/a.ts': '1\n' }, date: '2026-02-10T00:00:00Z' });
    await repo.commit({
      subject: 'feat: a again',
      files: { 'src/a.ts': '2\n', 'src/b.ts': '2\n' },
      date: '2026-02-25T00:00:00Z',
    });
    await repo.commit({ subject: 'chore: docs only', files: { 'docs/a.md': 'x\n' }, date: '2026-02-26T00:00:00Z' });
    await repo.commit({ subject: 'feat: b', files: { 'src/b.ts': '3\n' }, date: '2026-02-27T00:00:00Z' });
    // The same change on a second branch (same author date and subject) counts once.
    await repo.git(['checkout', '-q', '-b', 'copy', 'HEAD~1']);
    await repo.commit({ subject: 'feat: b', files: { 'src/b.ts': '3\n' }, date: '2026-02-27T00:00:00Z' });
    await repo.git(['checkout', '-q', 'main']);
    await repo.commit({
      subject: 'feat(T-1): the task',
      files: { 'src/a.ts': '4\n', 'src/b.ts': '4\n', 'README.md': 'r\n' },
      date: '2026-03-01T00:00:00Z',
    });
    await repo.commit({ subject: 'feat: later', files: { 'src/a.ts': '5\n' }, date: '2026-03-02T00:00:00Z' });

    const index = await buildCommitIndex({ repo: repo.dir });
    const own = index.commitsFor({ id: 'T-1' });
    // In 14 days: "feat: a again" (a, b) and "feat: b" (b); the fix of Feb 10 is 19 days back: a fix, not churn.
    // The last other change, feat: b, was two days before the task.
    expect(index.priorActivity(own)).toEqual({ commits: 2, fixes: 1, hottestFile: 2, hoursSinceChange: 48 });
    expect(index.priorActivity([])).toBeNull();
  });
});
