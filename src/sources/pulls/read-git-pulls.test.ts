import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/run-cli.js';
import { captureIo } from '../../cli/testing/capture-io.js';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';

let repo: GitTestRepo;

/**
 * main with three pull requests as a forge leaves them in a clone after `git fetch origin '+refs/pull/*\/head:…'`:
 * #1 merged by a merge commit, #2 squash-merged (its head is not on main), #3 never merged (closed, or still
 * open: git cannot tell), #4 rebase-merged (main holds copies of its commits, not its head).
 */
async function pullRequests(): Promise<Record<string, string>> {
  const sha: Record<string, string> = {};
  await repo.commit({ subject: 'chore: start', files: { 'README.md': '# app\n' } });
  await repo.git(['checkout', '-q', '-b', 'feature/parser']);
  sha.p1a = await repo.commit({
    subject: 'feat: parser skeleton',
    files: { 'src/parser.ts': 'export const parse = 1;\n' },
  });
  sha.p1b = await repo.commit({ subject: 'test: parser', files: { 'src/parser.test.ts': 'test\n' } });
  await repo.git(['update-ref', 'refs/pull/1/head', sha.p1b]);
  await repo.git(['checkout', '-q', 'main']);
  await repo.git([
    'merge',
    '-q',
    '--no-ff',
    'feature/parser',
    '-m',
    'Merge pull request #1 from acme/feature/parser\n\nAdd a parser',
  ]);
  await repo.git(['checkout', '-q', '-b', 'feature/lexer']);
  sha.p2a = await repo.commit({ subject: 'wip lexer', files: { 'src/lexer.ts': 'export const lex = 1;\n' } });
  sha.p2b = await repo.commit({ subject: 'lexer done', files: { 'src/lexer.ts': 'export const lex = 2;\n' } });
  await repo.git(['update-ref', 'refs/pull/2/head', sha.p2b]);
  await repo.git(['checkout', '-q', 'main']);
  sha.squash = await repo.commit({ subject: 'Add a lexer (#2)', files: { 'src/lexer.ts': 'export const lex = 2;\n' } });
  await repo.git(['checkout', '-q', '-b', 'feature/cache']);
  sha.p3 = await repo.commit({
    subject: 'feat: cache everything',
    files: { 'src/cache.ts': 'export const cache = new Map();\n' },
  });
  await repo.git(['update-ref', 'refs/pull/3/head', sha.p3]);
  await repo.git(['checkout', '-q', 'main']);
  await repo.git(['checkout', '-q', '-b', 'feature/docs']);
  sha.p4a = await repo.commit({ subject: 'docs: usage', files: { 'docs/usage.md': '# usage\n' } });
  sha.p4b = await repo.commit({ subject: 'docs: examples', files: { 'docs/examples.md': '# examples\n' } });
  await repo.git(['update-ref', 'refs/pull/4/head', sha.p4b]);
  await repo.git(['checkout', '-q', 'main']);
  sha.other = await repo.commit({ subject: 'chore: bump', files: { VERSION: '2\n' } });
  // GitHub's rebase merge: each commit replayed on main, author and author date kept, new shas.
  await repo.git(['cherry-pick', sha.p4a, sha.p4b]);
  return sha;
}

async function cli(...argv: string[]) {
  const io = captureIo(repo.root);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

beforeEach(async () => {
  repo = await createGitTestRepo();
});
afterEach(async () => {
  await repo.cleanup();
});

describe('the pulls source from git alone', () => {
  it('scores one task per pull request head: its own commits, merged by merge commit or squash, or not merged', async () => {
    const sha = await pullRequests();
    const { code, out, err } = await cli('score', '--project', repo.dir, '--source', 'pulls', '--json');
    expect(code, err).toBe(0);
    expect(err).toContain(
      'pulls: 4 pull requests from refs/pull (3 merged into refs/heads/main; git cannot tell open from closed)',
    );
    const results = JSON.parse(out) as {
      taskId: string;
      title: string;
      status: string;
      evidenceBundle: { groups: { source: string; entries: { id: string; ref: Record<string, unknown> }[] }[] };
    }[];
    expect(results.map((r) => [r.taskId, r.title]).sort()).toEqual([
      ['PR-1', 'Add a parser'],
      ['PR-2', 'Add a lexer'],
      ['PR-3', 'feat: cache everything'],
      ['PR-4', 'docs: examples'],
    ]);
    const commitsOf = (id: string) =>
      results
        .find((r) => r.taskId === id)!
        .evidenceBundle.groups.find((g) => g.source === 'commits')!
        .entries.flatMap((e) => (typeof e.ref.sha === 'string' ? [e.ref.sha] : []));
    // Each pull request's own line from its merge base: never main's history, never another pull request's commits.
    expect(commitsOf('PR-1').sort()).toEqual([sha.p1a, sha.p1b].sort());
    expect(commitsOf('PR-2').sort()).toEqual([sha.p2a, sha.p2b].sort());
    expect(commitsOf('PR-3')).toEqual([sha.p3]);
    expect(commitsOf('PR-4').sort()).toEqual([sha.p4a, sha.p4b].sort());
    const pr = (id: string) =>
      results
        .find((r) => r.taskId === id)!
        .evidenceBundle.groups.find((g) => g.source === 'taskMetadata')!
        .entries.find((e) => e.id === 'task-pr')!.ref;
    expect(pr('PR-1')).toMatchObject({ prNumber: 1, prStatus: 'merged' });
    expect(pr('PR-2')).toMatchObject({ prNumber: 2, prStatus: 'merged' });
    expect(pr('PR-3')).toMatchObject({ prNumber: 3, prStatus: 'not merged' });
    expect(pr('PR-4')).toMatchObject({ prNumber: 4, prStatus: 'merged' });
  });

  it('does not read whether a pull request was merged at evaluation time (--no-hindsight): every one is open then', async () => {
    await pullRequests();
    const { code, out, err } = await cli(
      'score',
      '--project',
      repo.dir,
      '--source',
      'pulls',
      '--no-hindsight',
      '--json',
    );
    expect(code, err).toBe(0);
    const results = JSON.parse(out) as {
      taskId: string;
      evidenceBundle: { groups: { source: string; entries: { id: string; ref: Record<string, unknown> }[] }[] };
    }[];
    const states = results.map(
      (r) =>
        r.evidenceBundle.groups.find((g) => g.source === 'taskMetadata')!.entries.find((e) => e.id === 'task-pr')!.ref
          .prStatus,
    );
    expect(states).toEqual(['open', 'open', 'open', 'open']);
    expect(out).not.toContain('"merged"');
  });

  it('links pull requests and the tasks they name both ways: by commits, title or branch', async () => {
    await repo.commit({ subject: 'chore: start', files: { 'README.md': '# app\n' } });
    await repo.git(['checkout', '-q', '-b', 'fn-7-parser']);
    const own = await repo.commit({
      subject: 'feat(FN-7): parser',
      files: { 'src/parser.ts': 'export const parse = 1;\n' },
    });
    await repo.git(['update-ref', 'refs/pull/4/head', own]);
    await repo.git(['checkout', '-q', 'main']);
    await repo.git([
      'merge',
      '-q',
      '--no-ff',
      'fn-7-parser',
      '-m',
      'Merge pull request #4 from acme/fn-7-parser\n\nParser',
    ]);
    // A second pull request names FN-7 only in its title (a squash subject), not in any commit.
    await repo.git(['checkout', '-q', '-b', 'follow']);
    const other = await repo.commit({ subject: 'tidy', files: { 'src/parser.ts': 'export const parse = 2;\n' } });
    await repo.git(['update-ref', 'refs/pull/5/head', other]);
    await repo.git(['checkout', '-q', 'main']);
    await repo.commit({
      subject: 'FN-7 follow-up: tidy the parser (#5)',
      files: { 'src/parser.ts': 'export const parse = 2;\n' },
    });

    const tasks = await cli('score', '--project', repo.dir, '--source', 'git', '--column', 'all', '--json');
    expect(tasks.code, tasks.err).toBe(0);
    const [fn7] = (
      JSON.parse(tasks.out) as {
        taskId: string;
        evidenceBundle: {
          groups: { source: string; entries: { id: string; label: string; ref: Record<string, unknown> }[] }[];
        };
      }[]
    ).filter((r) => r.taskId === 'FN-7');
    const pulls = fn7!.evidenceBundle.groups
      .find((g) => g.source === 'taskMetadata')!
      .entries.find((e) => e.id === 'task-pulls')!;
    expect(pulls.label).toBe('Pull requests: #4 (merged), #5 (merged)');

    const prs = await cli('score', '--project', repo.dir, '--source', 'pulls', '--json');
    expect(prs.code, prs.err).toBe(0);
    const ref = (id: string) =>
      (
        JSON.parse(prs.out) as {
          taskId: string;
          evidenceBundle: { groups: { source: string; entries: { id: string; ref: Record<string, unknown> }[] }[] };
        }[]
      )
        .find((r) => r.taskId === id)!
        .evidenceBundle.groups.find((g) => g.source === 'taskMetadata')!
        .entries.find((e) => e.id === 'task-pr')!.ref;
    expect(ref('PR-4').tasks).toBe('FN-7');
    expect(ref('PR-5').tasks).toBe('FN-7');
  });

  it('says how to fetch pull request heads when a clone has none (exit 3)', async () => {
    await repo.commit({ subject: 'chore: start', files: { 'README.md': '# app\n' } });
    const { code, err } = await cli('score', '--project', repo.dir, '--source', 'pulls');
    expect(code).toBe(3);
    expect(err).toContain('holds no pull request heads (refs/pull/<N>/head)');
    expect(err).toContain("git fetch origin '+refs/pull/*/head:refs/pull/*/head'");
  });
});
