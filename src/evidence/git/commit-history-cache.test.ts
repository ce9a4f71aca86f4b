import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCommitIndex } from './build-commit-index.js';
import type { CommitHistoryCache } from './commit-history-cache.js';
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
    return { id, commits, history: index.historyFor(id, commits.map((c) => c.sha)), prior: index.priorActivity(commits), last: index.lastCommitAt(id) };
  });
}

const build = (extra: { idPattern?: string } = {}) => buildCommitIndex({ repo: repo.dir, runGit: counting, cache, ...extra });

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
    expect(segments.map((k) => (JSON.parse(stored.get(k)!) as { authorTime: unknown[] }).authorTime.length)).toEqual([3, 3]);

    await repo.commit({ subject: 'feat(FN-5): after the merge', files: { 'src/five.ts': 'e\n' } });
    const third = await build();
    expect(answers(third)).toEqual(answers(await buildCommitIndex({ repo: repo.dir })));
  });

  it('reads the whole history again when a branch it had read was deleted or rewritten, so gone commits go', async () => {
    await build();
    await repo.git(['branch', '-q', '-D', 'fusion/fn-3']);
    logs = [];
    const after = await build();
    expect(logs).toHaveLength(1);
    expect(logs[0]).not.toContain('--not');
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
});
