import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/run-cli.js';
import { captureIo } from '../../cli/testing/capture-io.js';
import { createGitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { readGithubPulls, type KeptValues } from './read-github-pulls.js';
import { fakePull, startFakeGithub, type FakeGithub, type FakePull } from './testing/fake-github.js';

const TOKEN = 'ghp_test_token_0000000000000000000000';
let dir: string;
let github: FakeGithub;

/**
 * #1 merged after one approving review and a second push, #2 closed unmerged after changes were requested,
 * #3 opened as a draft and marked ready a day later, still open; payloads in GitHub's REST field names.
 */
function pulls(): FakePull[] {
  return [
    {
      pull: {
        ...fakePull(1, {
          title: 'Add retry to the uploader',
          login: 'copilot-swe-agent[bot]',
          ref: 'copilot/fix-11',
          state: 'closed',
          created_at: '2026-03-01T10:00:00Z',
          updated_at: '2026-03-02T09:00:00Z',
          merged_at: '2026-03-02T09:00:00Z',
          closed_at: '2026-03-02T09:00:00Z',
        }),
      },
      reviews: [
        { user: { login: 'maintainer' }, state: 'APPROVED', submitted_at: '2026-03-01T12:00:00Z', body: 'Looks good' },
      ],
      commits: [
        commit('a1', 'Add retry', '2026-03-01T09:50:00Z'),
        commit('a2', 'Address review', '2026-03-01T13:00:00Z'),
      ],
      timeline: [
        { event: 'labeled', created_at: '2026-03-01T10:01:00Z' },
        { event: 'reviewed', submitted_at: '2026-03-01T12:00:00Z', state: 'approved' },
        { event: 'merged', created_at: '2026-03-02T09:00:00Z' },
        { event: 'closed', created_at: '2026-03-02T09:00:00Z' },
      ],
      checkRuns: [
        {
          name: 'test',
          status: 'completed',
          conclusion: 'success',
          started_at: '2026-03-01T13:01:00Z',
          completed_at: '2026-03-01T13:05:00Z',
        },
      ],
    },
    {
      pull: fakePull(2, {
        title: 'Rewrite the cache',
        state: 'closed',
        created_at: '2026-03-03T10:00:00Z',
        updated_at: '2026-03-04T10:00:00Z',
        closed_at: '2026-03-04T10:00:00Z',
      }),
      reviews: [
        { user: { login: 'maintainer' }, state: 'CHANGES_REQUESTED', submitted_at: '2026-03-03T15:00:00Z', body: 'No' },
      ],
      commits: [commit('b1', 'Rewrite cache', '2026-03-03T09:00:00Z')],
      timeline: [{ event: 'closed', created_at: '2026-03-04T10:00:00Z' }],
      statuses: [
        {
          context: 'ci/build',
          state: 'failure',
          created_at: '2026-03-03T09:10:00Z',
          updated_at: '2026-03-03T09:20:00Z',
        },
      ],
    },
    {
      pull: fakePull(3, {
        title: 'Draft: a parser',
        draft: false,
        created_at: '2026-03-05T10:00:00Z',
        updated_at: '2026-03-06T11:00:00Z',
      }),
      commits: [commit('c1', 'Parser', '2026-03-05T09:00:00Z'), commit('c2', 'Parser tests', '2026-03-06T09:00:00Z')],
      timeline: [{ event: 'ready_for_review', created_at: '2026-03-06T10:00:00Z' }],
    },
  ];
}

function commit(id: string, message: string, date: string) {
  return {
    sha: id.padEnd(40, '0'),
    commit: { message, author: { name: 'dev', email: 'dev@example.com', date }, committer: { date } },
    author: { login: 'dev' },
  };
}

async function cli(argv: string[], env: Record<string, string> = { GITHUB_TOKEN: TOKEN }) {
  const io = captureIo(dir, { env });
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

type Result = {
  taskId: string;
  title: string;
  evidenceBundle: { groups: { source: string; entries: { id: string; ref: Record<string, unknown> }[] }[] };
};
const group = (r: Result, source: string) => r.evidenceBundle.groups.find((g) => g.source === source)!.entries;
const prRef = (r: Result) => group(r, 'taskMetadata').find((e) => e.id === 'task-pr')!.ref;

function memoryKept(): KeptValues & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return { values, get: async (k) => values.get(k) ?? null, set: async (k, v) => void values.set(k, v) };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-github-'));
  github = await startFakeGithub({ repository: 'acme/app', token: TOKEN, pulls: pulls(), pageSize: 2 });
});
afterEach(async () => {
  await github.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the pulls source from GitHub', () => {
  it('scores every pull request across pages: state, reviews as verdicts, checks as workflow results, events as activity', async () => {
    const { code, out, err } = await cli(['score', '--github', 'acme/app', '--github-url', github.baseUrl, '--json']);
    expect(code, err).toBe(0);
    expect(err).toMatch(/pulls: 3 pull requests from GitHub acme\/app \(3 fetched in \d+ requests/);
    const results = JSON.parse(out) as Result[];
    const byId = Object.fromEntries(results.map((r) => [r.taskId, r]));
    expect(Object.keys(byId).sort()).toEqual(['PR-1', 'PR-2', 'PR-3']);
    expect(prRef(byId['PR-1']!)).toMatchObject({
      prNumber: 1,
      prStatus: 'merged',
      prUrl: 'https://github.com/acme/app/pull/1',
      author: 'copilot-swe-agent[bot]',
      iterations: 1,
    });
    expect(prRef(byId['PR-2']!)).toMatchObject({ prStatus: 'closed' });
    expect(prRef(byId['PR-3']!)).toMatchObject({ prStatus: 'open', readyAt: '2026-03-06T10:00:00Z' });
    expect(group(byId['PR-1']!, 'reviews').map((e) => e.ref.verdict)).toEqual(['APPROVE']);
    expect(group(byId['PR-2']!, 'reviews').map((e) => e.ref.verdict)).toEqual(['REVISE']);
    expect(JSON.stringify(group(byId['PR-2']!, 'workflow'))).toContain('ci/build');
    // Timeline events that say what happened are activity; a label is not.
    const activity = JSON.stringify(group(byId['PR-1']!, 'taskActivity'));
    expect(activity).toContain('merged');
    expect(activity).not.toContain('labeled');
    // The list crossed pages by Link rel="next".
    expect(github.requests.filter((r) => r.path.startsWith('/repos/acme/app/pulls?')).length).toBe(2);
  });

  it('reads nothing after the pull request was ready for review at evaluation time (--no-hindsight)', async () => {
    const { code, out, err } = await cli([
      'score',
      '--github',
      'acme/app',
      '--github-url',
      github.baseUrl,
      '--no-hindsight',
      '--json',
    ]);
    expect(code, err).toBe(0);
    const results = JSON.parse(out) as Result[];
    const byId = Object.fromEntries(results.map((r) => [r.taskId, r]));
    for (const r of results) expect(prRef(r).prStatus).toBe('open');
    // Reviews came after each was opened: they are the outcome, not evidence.
    expect(group(byId['PR-1']!, 'reviews')).toEqual([]);
    expect(group(byId['PR-2']!, 'reviews')).toEqual([]);
    // #1's check ran on a head pushed after it was opened; #2's status finished before it was opened.
    expect(JSON.stringify(group(byId['PR-1']!, 'workflow'))).not.toContain('"test"');
    expect(JSON.stringify(group(byId['PR-2']!, 'workflow'))).toContain('ci/build');
    // #3 was ready a day after it was opened: both of its commits existed by then.
    expect(prRef(byId['PR-3']!)).toMatchObject({ readyAt: '2026-03-06T10:00:00Z', commits: 2 });
    expect(out).not.toContain('"merged"');
    expect(out).not.toContain('"iterations"');
  });

  it('stops at a bad token with one request and says which variable to set (exit 3)', async () => {
    const { code, err } = await cli(['score', '--github', 'acme/app', '--github-url', github.baseUrl], {
      GITHUB_TOKEN: 'wrong',
    });
    expect(code).toBe(3);
    expect(err).toContain('GitHub refused the token (401: Bad credentials)');
    expect(err).toContain('GITHUB_TOKEN');
    expect(github.requests).toHaveLength(1);
  });

  it('names an answer that is not JSON (a proxy page) with exit 3, not a crash', async () => {
    github.fail({ match: /\/pulls\?/, status: 200, raw: '<html><body>Sign in to the proxy</body></html>' });
    const { code, err } = await cli(['score', '--github', 'acme/app', '--github-url', github.baseUrl]);
    expect(code, err).toBe(3);
    expect(err).toContain('is not JSON');
    expect(err).not.toMatch(/\n\s+at /);
  });

  it('stops at an unknown repository with one request (exit 3)', async () => {
    const { code, err } = await cli(['score', '--github', 'acme/nope', '--github-url', github.baseUrl]);
    expect(code).toBe(3);
    expect(err).toContain('no such repository, or the token cannot see it');
    expect(github.requests).toHaveLength(1);
  });

  it('fetches only the pull request named by --task PR-<N>, with no listing', async () => {
    const { code, out, err } = await cli([
      'score',
      '--github',
      'acme/app',
      '--github-url',
      github.baseUrl,
      '--task',
      'PR-2',
      '--json',
    ]);
    expect(code, err).toBe(0);
    expect((JSON.parse(out) as Result[]).map((r) => r.taskId)).toEqual(['PR-2']);
    expect(github.requests.map((r) => r.path.split('?')[0])).toEqual([
      '/repos/acme/app',
      '/repos/acme/app/pulls/2',
      '/repos/acme/app/pulls/2/reviews',
      '/repos/acme/app/pulls/2/commits',
      '/repos/acme/app/issues/2/timeline',
      `/repos/acme/app/commits/${github.pulls[1]!.pull.head.sha}/check-runs`,
      `/repos/acme/app/commits/${github.pulls[1]!.pull.head.sha}/status`,
    ]);
  });

  it('names the flag when the repository is not OWNER/NAME (exit 2)', async () => {
    const { code, err } = await cli([
      'score',
      '--github',
      'https://github.com/acme/app',
      '--github-url',
      github.baseUrl,
    ]);
    expect(code).toBe(2);
    expect(err).toContain('--github expects OWNER/NAME');
    expect(github.requests).toHaveLength(0);
  });

  it('keeps what it fetched in the store: the next run asks conditionally and fetches only what changed', async () => {
    const args = ['run', '--github', 'acme/app', '--github-url', github.baseUrl, '--db', join(dir, 's.db')];
    const first = await cli(args);
    expect(first.code, first.err).toBe(0);
    expect(first.err).toContain('3 pull requests to fetch');
    const before = github.requests.length;
    const second = await cli(args);
    expect(second.code, second.err).toBe(0);
    expect(second.err).toContain('0 pull requests to fetch');
    // The repository and the first list page, both answered 304 Not Modified from their kept ETags.
    expect(github.requests.slice(before).map((r) => r.status)).toEqual([304, 304]);
    expect(second.err).toMatch(/3 pull requests from GitHub acme\/app \(0 fetched in 2 requests/);
    // One pull request changes: only it is fetched again.
    github.pulls[2]!.pull.updated_at = '2026-03-07T08:00:00Z';
    github.pulls[2]!.pull.title = 'A parser';
    const third = await cli(args);
    expect(third.code, third.err).toBe(0);
    expect(third.err).toContain('1 pull request to fetch');
    const fetched = github.requests.filter((r) => /\/pulls\/\d+$/.test(r.path.split('?')[0]!));
    expect(fetched.map((r) => r.path).sort()).toEqual([
      '/repos/acme/app/pulls/1',
      '/repos/acme/app/pulls/2',
      '/repos/acme/app/pulls/3',
      '/repos/acme/app/pulls/3',
    ]);
  });
});

describe('pull requests from GitHub with a clone', () => {
  it("takes each pull request's commits from the clone's refs/pull head when --project is one", async () => {
    const repo = await createGitTestRepo();
    try {
      const base = await repo.commit({ subject: 'chore: start', files: { 'README.md': '# app\n' } });
      await repo.git(['checkout', '-q', '-b', 'copilot/fix-11']);
      const a = await repo.commit({
        subject: 'feat(FN-9): retry',
        files: { 'src/retry.ts': 'export const retry = 3;\n' },
      });
      const b = await repo.commit({ subject: 'Test retry', files: { 'src/retry.test.ts': 'test\n' } });
      await repo.git(['update-ref', 'refs/pull/1/head', b]);
      await repo.git(['checkout', '-q', 'main']);
      github.pulls.splice(0, github.pulls.length, {
        pull: fakePull(1, { sha: b, baseSha: base, ref: 'copilot/fix-11', created_at: '2026-03-01T10:00:00Z' }),
        // The API lists the pull request's commits: those are taken exactly, though FN-9 names a task.
        commits: [
          commit(a, 'feat(FN-9): retry', '2026-03-01T09:00:00Z'),
          commit(b, 'Test retry', '2026-03-01T09:30:00Z'),
        ],
      });
      const { code, out, err } = await cli([
        'score',
        '--github',
        'acme/app',
        '--github-url',
        github.baseUrl,
        '--project',
        repo.dir,
        '--json',
      ]);
      expect(code, err).toBe(0);
      const [result] = JSON.parse(out) as Result[];
      const shas = group(result!, 'commits').flatMap((e) => (typeof e.ref.sha === 'string' ? [e.ref.sha] : []));
      expect(shas.sort()).toEqual([a, b].sort());
      // Who did it: the head branch names the agent.
      expect(out).toContain('"agent": "copilot"');
      // The task its commit names is linked.
      expect(prRef(result!).tasks).toBe('FN-9');
    } finally {
      await repo.cleanup();
    }
  });
});

describe('GitHub rate limits', () => {
  it('waits until x-ratelimit-reset on a 403 with none remaining, and retry-after on a 429, then goes on', async () => {
    const waits: number[] = [];
    const now = Date.parse('2026-03-10T00:00:00Z');
    github.fail({
      match: /\/pulls\?/,
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 120) },
      body: { message: 'API rate limit exceeded' },
    });
    github.fail({ match: /\/pulls\/2\/reviews/, status: 429, headers: { 'retry-after': '7' } });
    const lines: string[] = [];
    const read = await readGithubPulls({
      repository: 'acme/app',
      baseUrl: github.baseUrl,
      token: TOKEN,
      sleep: async (ms) => void waits.push(ms),
      now: () => now,
      onProgress: (line) => lines.push(line),
      concurrency: 1,
    });
    expect(read.tasks.map((t) => t.id)).toEqual(['PR-1', 'PR-2', 'PR-3']);
    expect(waits).toEqual([121_000, 7_000]);
    expect(lines.filter((l) => l.includes('rate limited'))).toHaveLength(2);
    expect(read.requests.waits).toBe(2);
  });

  it('gives up with a clear error when the reset is further away than it waits', async () => {
    const now = Date.parse('2026-03-10T00:00:00Z');
    github.fail({
      match: /\/pulls\?/,
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 3 * 3600) },
    });
    await expect(
      readGithubPulls({ repository: 'acme/app', baseUrl: github.baseUrl, token: TOKEN, now: () => now }),
    ).rejects.toThrow(/rate limit resets in 181 min/);
  });

  it('bounds its requests per pull request and says how many it made', async () => {
    const kept = memoryKept();
    const read = await readGithubPulls({ repository: 'acme/app', baseUrl: github.baseUrl, token: TOKEN, kept });
    // One for the repository, two list pages, six per pull request, and one more for #1's timeline of four
    // events, which spans two pages of two.
    expect(read.requests.requests).toBe(1 + 2 + 3 * 6 + 1);
    expect(read.notices?.[0]).toContain('22 requests, 7.3 per pull request');
  });

  it('fails on an answer without the fields it reads, naming the field, and keeps nothing half-synced', async () => {
    const kept = memoryKept();
    github.pulls[1]!.pull = { ...github.pulls[1]!.pull, head: undefined } as unknown as FakePull['pull'];
    await expect(
      readGithubPulls({ repository: 'acme/app', baseUrl: github.baseUrl, token: TOKEN, kept, concurrency: 1 }),
    ).rejects.toThrow(/GitHub's answer for .* is not what taskeval reads: head/);
    // The sync mark is written only after every changed pull request was fetched: the next run fetches them again.
    expect([...kept.values.keys()].some((k) => k.endsWith(':sync'))).toBe(false);
  });
});
