import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { captureIo } from '../cli/testing/capture-io.js';
import { createGitTestRepo, type GitTestRepo } from '../evidence/git/testing/git-test-repo.js';
import { openSqliteStore } from '../store/index.js';
import { createApp } from './create-app.js';

let dir: string;
let repo: GitTestRepo;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-forge-'));
  repo = await createGitTestRepo();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await repo.cleanup();
});

/** Runs the git-only source over the repository into a store and renders the first result's page. */
async function resultPage(): Promise<{ html: string; runHtml: string; sha: string }> {
  const sha = await repo.commit({
    subject: 'feat(T-1): add parser',
    files: { 'src/parser.ts': 'export const parse = 1;\n' },
  });
  const db = join(dir, 'runs.db');
  const io = captureIo(dir);
  expect(await runCli(['run', '--project', repo.dir, '--source', 'git', '--db', db, '--json'], io)).toBe(0);
  const store = openSqliteStore({ path: db, readOnly: true });
  try {
    const app = createApp({ store, token: null });
    const { items } = await store.listResults({ limit: 1 });
    const html = await (await app.request(`/results/${items[0]!.id}`)).text();
    const runHtml = await (await app.request(`/runs/${items[0]!.runId}`)).text();
    return { html, runHtml, sha };
  } finally {
    await store.close();
  }
}

describe('forge links on the dashboard', () => {
  it("links a run's commits to GitHub when the repository's origin is there, with no credential of the remote in any link", async () => {
    await repo.git(['remote', 'add', 'origin', 'https://x-access-token:ghp_planted@github.com/acme/widgets.git']);
    const { html, runHtml, sha } = await resultPage();
    expect(html).toContain(`href="https://github.com/acme/widgets/commit/${sha}"`);
    expect(runHtml).toMatch(/data-testid="run-forge"[^>]*>github.com\/acme\/widgets</);
    expect(html + runHtml).not.toContain('ghp_planted');
  });

  it('uses GitLab spelling for a GitLab remote and links nothing for a repository without a forge', async () => {
    await repo.git(['remote', 'add', 'upstream', 'git@gitlab.com:group/sub/widgets.git']);
    const gitlab = await resultPage();
    expect(gitlab.html).toContain(`href="https://gitlab.com/group/sub/widgets/-/commit/${gitlab.sha}"`);
    await repo.git(['remote', 'set-url', 'upstream', '/srv/git/widgets.git']);
    const local = await resultPage();
    expect(local.html).toContain(`sha: ${local.sha}`);
    expect(local.html).not.toContain('data-forge-link');
    expect(local.runHtml).not.toContain('run-forge');
  });
});
