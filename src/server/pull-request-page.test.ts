import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { captureIo } from '../cli/testing/capture-io.js';
import { fakePull, startFakeGithub, type FakeGithub } from '../sources/pulls/testing/fake-github.js';
import { createServerFixture, type ServerFixture } from './testing/server-fixture.js';

let fx: ServerFixture;
let github: FakeGithub;

beforeEach(async () => {
  fx = await createServerFixture();
  github = await startFakeGithub({
    repository: 'acme/app',
    pulls: [
      {
        pull: fakePull(12, {
          title: 'FN-4: retry uploads',
          login: 'copilot-swe-agent[bot]',
          state: 'closed',
          created_at: '2026-03-01T10:00:00Z',
          updated_at: '2026-03-02T16:00:00Z',
          merged_at: '2026-03-02T16:00:00Z',
          closed_at: '2026-03-02T16:00:00Z',
        }),
        reviews: [{ user: { login: 'maintainer' }, state: 'CHANGES_REQUESTED', submitted_at: '2026-03-01T12:00:00Z' }],
        commits: [
          {
            sha: 'a'.repeat(40),
            commit: {
              message: 'Retry uploads',
              author: { date: '2026-03-01T09:00:00Z' },
              committer: { date: '2026-03-01T09:00:00Z' },
            },
          },
          {
            sha: 'b'.repeat(40),
            commit: {
              message: 'Address review',
              author: { date: '2026-03-01T14:00:00Z' },
              committer: { date: '2026-03-01T14:00:00Z' },
            },
          },
        ],
        timeline: [{ event: 'ready_for_review', created_at: '2026-03-01T10:00:00Z' }],
        checkRuns: [
          { name: 'test', status: 'completed', conclusion: 'success', completed_at: '2026-03-01T14:10:00Z' },
          { name: 'lint', status: 'completed', conclusion: 'failure', completed_at: '2026-03-01T14:11:00Z' },
        ],
      },
    ],
  });
});
afterEach(async () => {
  await github.close();
  await fx.close();
});

async function scoreInto(...flags: string[]): Promise<string> {
  const io = captureIo(fx.dir, { env: {} });
  const code = await runCli(
    ['run', '--github', 'acme/app', '--github-url', github.baseUrl, '--db', join(fx.dir, 'taskeval.db'), ...flags],
    io,
  );
  expect(code, io.err()).toBe(0);
  const results = await fx.store.listResults({ limit: 10 });
  return results.items.at(-1)!.id;
}

describe('the pull request view', () => {
  it("shows a pull request's number linked to its page, agent, state, time to merge, iterations, checks and tasks", async () => {
    const id = await scoreInto();
    const res = await fx.get(`/results/${id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const panel = html.slice(
      html.indexOf('data-testid="pull-request"'),
      html.indexOf('</section>', html.indexOf('data-testid="pull-request"')),
    );
    expect(panel).toContain('href="https://github.com/acme/app/pull/12"');
    expect(panel).toContain('copilot');
    expect(panel).toContain('merged');
    expect(panel).toContain('30 h');
    expect(panel).toContain('1 (pushes after the first review)');
    expect(panel).toContain('1 of 2 passed, 1 failed');
    expect(panel).toContain('FN-4');
  });

  it('says the state was not read when the pull request was scored at evaluation time', async () => {
    const id = await scoreInto('--no-hindsight');
    const html = await (await fx.get(`/results/${id}`)).text();
    expect(html).toContain('open (at evaluation time the state is not read)');
    // Nothing after ready time: no iterations, and the checks ran on a later push.
    expect(html).toContain('none read');
  });
});
