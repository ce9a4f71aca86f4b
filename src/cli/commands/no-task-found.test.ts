import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let repo: GitTestRepo;
beforeEach(async () => {
  repo = await createGitTestRepo();
  await repo.commit({ subject: 'Initial commit', files: { 'README.md': '# app\n' } });
});
afterEach(async () => {
  await repo.cleanup();
});

async function run(...argv: string[]) {
  const io = captureIo(repo.dir, { env: { HOME: repo.root } });
  const code = await runCli(argv, io);
  return { code, err: io.err() };
}

describe('a git-only run that finds no task', () => {
  it('says no commit names a task, never "invalid records", and points to the pull-request heads it holds', async () => {
    await repo.git(['checkout', '-q', '-b', 'copilot/fix-1']);
    const head = await repo.commit({ subject: 'Read names as UTF-8 (GPT-5 wrote it)', files: { 'n.ts': '1\n' } });
    await repo.git(['checkout', '-q', '-']);
    const none = await run('run', '--project', '.');
    expect(none.code).toBe(3);
    expect(none.err).toContain('no commit names a task id (trailer or subject)');
    expect(none.err).not.toContain('invalid record');
    expect(none.err).toContain('--source pulls');
    await repo.git(['update-ref', 'refs/pull/7/head', head]);
    const heads = await run('run', '--project', '.');
    expect(heads.code).toBe(3);
    expect(heads.err).toContain('The repository holds 1 pull-request heads: `taskeval run --source pulls`');
    expect((await run('run', '--project', '.', '--source', 'pulls')).code).toBe(0);
  });
});
