import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCommitIndex } from './build-commit-index.js';
import { MAX_HISTORY_SEGMENTS, type CommitHistoryCache } from './commit-history-cache.js';
import type { CommitIndex } from './commit-index.js';
import { runGit, type GitRunner } from './run-git.js';
import { createGitTestRepo, type GitTestRepo } from './testing/git-test-repo.js';

let repo: GitTestRepo;
let logs: string[][];
let stored: Map<string, string>;

/** Counts the `git log` processes a build starts: the expensive reads the cache is there to avoid. */
const counting: GitRunner = (args, options) => {
  if (args.includes('log')) logs.push([...args]);
  return runGit(args, options);
};

/** The store's cache as the CLI wires it: values go through JSON, as they do through the database. */
const cache: CommitHistoryCache = {
  get: async (key) => (stored.has(key) ? (JSON.parse(stored.get(key)!) as unknown) : null),
  set: async (key, value) => void stored.set(key, JSON.stringify(value)),
};

/** Everything the index answers for every task, to compare a cached build with a whole read. */
function answers(index: CommitIndex) {
  return index.taskIds().map((id) => {
    const commits = index.commitsFor({ id });
    return {
      id,
      commits,
      history: index.historyFor(
        id,
        commits.map((c) => c.sha),
      ),
      prior: index.priorActivity(commits),
      last: index.lastCommitAt(id),
    };
  });
}

const build = (extra: { idPattern?: string } = {}) =>
  buildCommitIndex({ repo: repo.dir, runGit: counting, cache, ...extra });

beforeEach(async () => {
  repo = await createGitTestRepo();
  logs = [];
  stored = new Map();
  await repo.commit({ subject: 'feat(FN-1): parser', files: { 'src/parse.ts': 'a\n' } });
  await repo.commit({ subject: 'feat(FN-2): cache', files: { 'src/cache.ts': 'b\nb\n' } });
  await repo.git(['checkout', '-q', '-b', 'fusion/fn-3']);
  await repo.commit({ subject: 'feat(FN-3): side work', files: { 'src/side.ts': 'c\n' } });
  await repo.git(['checkout', '-q', 'main']);
});
afterEach(async () => {
  await repo.cleanup();
});

describe('the commit history kept between runs', () => {
  it('is read whole once; with no new commit the next build starts no git log at all and answers the same', async () => {
    const first = await build();
    expect(logs).toHaveLength(1);
    // A head naming the tips, and one segment with the whole read.
    expect(stored.size).toBe(2);
    const again = await build();
    expect(logs).toHaveLength(1);
    expect(answers(again)).toEqual(answers(first));
  });

  it('after new commits reads only those (git log --all --not <old tips>), and answers as a whole read would', async () => {
    await build();
    await repo.commit({ subject: 'fix(FN-1): off by one', files: { 'src/parse.ts': 'a\nfixed\n' } });
    await repo.git(['checkout', '-q', 'fusion/fn-3']);
    await repo.commit({ subject: 'feat(FN-4): more side work', files: { 'src/side.ts': 'c\nd\n' } });
    await repo.git(['checkout', '-q', 'main']);
    await repo.git(['merge', '-q', '--no-ff', '-m', 'Merge fusion/fn-3', 'fusion/fn-3']);
    logs = [];
    const incremental = await build();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('--not');
    expect(incremental.allCommits()).toHaveLength(6);

    const whole = await buildCommitIndex({ repo: repo.dir });
    expect(answers(incremental)).toEqual(answers(whole));
    expect(incremental.taskIds()).toEqual(['FN-1', 'FN-2', 'FN-3', 'FN-4']);
    // Only the new commits were written: a second segment beside the first.
    const segments = [...stored.keys()].filter((k) => /:\d+$/.test(k)).sort();
    // Kept in columns: one author time per commit.
    expect(segments.map((k) => (JSON.parse(stored.get(k)!) as { authorTime: unknown[] }).authorTime.length)).toEqual([
      3, 3,
    ]);

    await repo.commit({ subject: 'feat(FN-5): after the merge', files: { 'src/five.ts': 'e\n' } });
    const third = await build();
    expect(answers(third)).toEqual(answers(await buildCommitIndex({ repo: repo.dir })));
  });

  it('reads the whole history again when a branch it had read was deleted or rewritten, so gone commits go', async () => {
    await build();
    await repo.git(['branch', '-q', '-D', 'fusion/fn-3']);
    logs = [];
    const after = await build();
    // The read of new commits runs beside the rewrite check and is thrown away; then the whole history is read.
    expect(logs.map((l) => l.includes('--not'))).toEqual([true, false]);
    expect(after.taskIds()).toEqual(['FN-1', 'FN-2']);
    expect(answers(after)).toEqual(answers(await buildCommitIndex({ repo: repo.dir })));
  });

  it('keeps apart histories read with other attribution rules, and ignores an entry it cannot use', async () => {
    await build();
    await build({ idPattern: 'FN-\\d+' });
    expect(logs).toHaveLength(2);
    expect([...stored.keys()].filter((k) => !/:\d+$/.test(k))).toHaveLength(2);
    for (const key of stored.keys()) stored.set(key, JSON.stringify({ v: 1, tips: 'broken' }));
    logs = [];
    const index = await build();
    expect(logs).toHaveLength(1);
    expect(index.taskIds()).toEqual(['FN-1', 'FN-2', 'FN-3']);
  });

  it('answers as a whole read would over many increments: reverts by full and abbreviated sha, a range from base to merge, and the kept history made one again past the last segment', async () => {
    const base = await repo.commit({ subject: 'chore: base', files: { 'src/base.ts': 'x\n' } });
    await build();
    let merge = '';
    for (let n = 0; n < MAX_HISTORY_SEGMENTS + 2; n += 1) {
      const id = `FN-${10 + n}`;
      if (n === 1) {
        await repo.git(['checkout', '-q', '-b', 'fusion/fn-range']);
        await repo.commit({ subject: 'work without a name', files: { 'src/range.ts': 'r\n' } });
        await repo.commit({ subject: 'more work without a name', files: { 'src/range.ts': 'r\ns\n' } });
        await repo.git(['checkout', '-q', 'main']);
        await repo.git(['merge', '-q', '--no-ff', '-m', 'Merge fusion/fn-range', 'fusion/fn-range']);
        merge = (await repo.git(['rev-parse', 'HEAD'])).trim();
      }
      const made = await repo.commit({ subject: `feat(${id}): step ${n}`, files: { [`src/s${n % 3}.ts`]: `${n}\n` } });
      if (n % 4 === 2)
        await repo.commit({
          subject: `Revert "feat(${id}): step ${n}"`,
          body: `This reverts commit ${made}.\n`,
          files: { [`src/s${n % 3}.ts`]: 'reverted\n' },
        });
      if (n % 4 === 3)
        await repo.commit({
          subject: `fix: follow up on ${id}`,
          body: `This reverts commit ${made.slice(0, 9)}.\n`,
          files: { [`src/s${n % 3}.ts`]: 'fixed\n' },
        });
      if (n % 5 === 4)
        await repo.commit({ subject: `fix(FN-1): again after ${id}`, files: { 'src/parse.ts': `a\n${n}\n` } });
      logs = [];
      const kept = await build();
      // Each build read only the new commits: the kept segments and their tables were used, not read again.
      expect(logs.map((l) => l.includes('--not'))).toEqual([true]);
      const whole = await buildCommitIndex({ repo: repo.dir });
      expect(answers(kept)).toEqual(answers(whole));
      expect(kept.allCommits().map((c) => c.sha)).toEqual(whole.allCommits().map((c) => c.sha));
      if (merge) {
        const task = { id: 'FN-RANGE', baseCommitSha: base, mergeCommitSha: merge };
        expect(kept.commitsFor(task)).toEqual(whole.commitsFor(task));
        expect(kept.commit(merge.slice(0, 8))).toEqual(whole.commit(merge.slice(0, 8)));
      }
    }
    // Past MAX_HISTORY_SEGMENTS the segments were made one again, and the increments went on after it.
    const head = JSON.parse([...stored.entries()].find(([k]) => !/:\d+$/.test(k))![1]) as { segments: number };
    expect(head.segments).toBeLessThan(MAX_HISTORY_SEGMENTS);
  });

  it("reads the whole history again when a kept segment's tables do not fit, and keeps it right", async () => {
    await build();
    await repo.commit({ subject: 'feat(FN-9): later', files: { 'src/nine.ts': '9\n' } });
    for (const [key, value] of stored) {
      if (/:0$/.test(key))
        stored.set(
          key,
          JSON.stringify({ ...(JSON.parse(value) as object), tables: { base: 0, parents: [9, 9], generations: [] } }),
        );
    }
    logs = [];
    const index = await build();
    expect(logs).toHaveLength(2);
    expect(logs[1]).not.toContain('--not');
    expect(answers(index)).toEqual(answers(await buildCommitIndex({ repo: repo.dir })));
  });
});
