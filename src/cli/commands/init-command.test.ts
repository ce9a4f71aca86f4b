import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { loadConfig } from '../../runs/index.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let repo: GitTestRepo;
beforeEach(async () => {
  repo = await createGitTestRepo();
  // Ids the default pattern (FN-12) misses: lower-case bead ids in the scope, as beads writes them.
  for (const id of ['a1b', 'c2d', 'e3f', 'g4h'])
    await repo.commit({
      subject: `feat(bd-${id}): part ${id}`,
      body: `Task-Id: bd-${id}`,
      files: { [`src/${id}.ts`]: 'export {};\n' },
    });
  await repo.commit({ subject: 'chore: tidy', files: { 'README.md': '# r\n' } });
  await repo.git(['remote', 'add', 'origin', 'git@github.com:acme/widgets.git']);
});
afterEach(async () => {
  await repo.cleanup();
});

async function cli(argv: string[]) {
  const io = captureIo(repo.dir, { env: { HOME: repo.root } });
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('taskeval init', () => {
  it('looks at the repository and writes a commented config that taskeval reads, with the id pattern its commits need', async () => {
    const found = JSON.parse((await cli(['init', '--json'])).out) as {
      forge: unknown;
      suggestedIdPattern: { pattern: string; hits: number };
      taskTrailers: Record<string, number>;
    };
    expect(found.forge).toEqual({ host: 'github.com', path: 'acme/widgets' });
    expect(found.suggestedIdPattern).toMatchObject({ pattern: 'bd-[a-z0-9]{2,8}', hits: 4 });
    expect(found.taskTrailers).toEqual({ 'Task-Id': 4 });

    const init = await cli(['init']);
    expect(init.code, init.err).toBe(0);
    const text = await readFile(join(repo.dir, 'taskeval.config.json'), 'utf8');
    expect(text).toMatch(
      /^\s*\/\/ 4 of the last 5 commits name ids like bd-[a-h0-9]{3}, which the default pattern misses/m,
    );
    const { config } = await loadConfig(join(repo.dir, 'src'));
    expect(config.sources?.idPattern).toBe('bd-[a-z0-9]{2,8}');
    expect(config.sources?.trailerKeys).toEqual(['Task-Id', 'Fusion-Task-Id']);

    // The config finds the tasks: run reads the four bead tasks from git.
    const run = await cli(['run', '--project', '.', '--db', join(repo.root, 'store.db'), '--json']);
    expect(run.code, run.err).toBe(0);
    expect(JSON.parse(run.out).run.counts.total).toBe(4);

    const again = await cli(['init']);
    expect(again.code).toBe(2);
    expect(again.err).toContain('exists; init leaves it alone');
  });

  it("narrows the id pattern to a Fusion project's task prefixes, so words like UTF-8 in a subject are no task", async () => {
    const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../../../fixtures/fusion');
    for (const id of ['FN-679', 'KB-126', 'KB-341']) {
      await mkdir(join(repo.dir, '.fusion', 'tasks', id), { recursive: true });
      await copyFile(join(fixtures, `${id}.task.json`), join(repo.dir, '.fusion', 'tasks', id, 'task.json'));
    }
    const found = JSON.parse((await cli(['init', '--json'])).out) as { fusion: boolean; fusionPrefixes: unknown };
    expect(found).toMatchObject({
      fusion: true,
      fusionPrefixes: [
        { prefix: 'KB', tasks: 2 },
        { prefix: 'FN', tasks: 1 },
      ],
    });
    // Without the bead commits' own pattern, the Fusion prefixes decide.
    await repo.git(['rm', '-rq', 'src']);
    for (let i = 0; i < 12; i++)
      await repo.commit({ subject: `chore: convert to UTF-8 step ${i}`, files: { [`n${i}.txt`]: 'x\n' } });
    await repo.commit({ subject: 'feat(KB-126): scrollable modal', files: { 'modal.ts': 'export {};\n' } });
    const init = await cli(['init', '--print']);
    expect(init.code, init.err).toBe(0);
    expect(init.out).toContain("The Fusion project's tasks use ids 2 KB-…, 1 FN-…");
    expect(init.out).toContain('"idPattern": "(?:KB|FN)-\\\\d+"');
  });

  it('proposes --source pulls where commits name no task but pull-request heads exist, and the fetch refspec where none do', async () => {
    // A repository whose commits name no task: an agent's pull requests, one of them on a security bot's branch.
    await repo.git(['checkout', '-q', '-b', 'copilot/fix-1']);
    const a = await repo.commit({ subject: 'Add retries to the uploader', files: { 'up.ts': '1\n' } });
    await repo.git(['checkout', '-q', '-']);
    await repo.git(['checkout', '-q', '-b', 'snyk-fix-UTF-8']);
    const b = await repo.commit({
      subject: 'Read names as UTF-8 and hash with SHA-256 (GPT-5 wrote it)',
      files: { 'n.ts': '2\n' },
    });
    await repo.git(['checkout', '-q', '-']);
    for (let i = 0; i < 60; i++) await repo.commit({ subject: `Tidy step ${i}`, files: { [`t${i}.txt`]: 'x\n' } });
    const fetchHint = await cli(['init', '--print']);
    expect(fetchHint.code, fetchHint.err).toBe(0);
    const noHeads = await cli(['init', '--force']);
    expect(noHeads.out).toContain("git fetch origin '+refs/pull/*/head:refs/pull/*/head'");
    expect(noHeads.out).toContain('next: taskeval run --project . --source pulls');
    await repo.git(['update-ref', 'refs/pull/1/head', a]);
    await repo.git(['update-ref', 'refs/pull/2/head', b]);
    const withHeads = await cli(['init', '--force']);
    expect(withHeads.out).toContain('the clone holds 2 pull-request heads: score those.');
    expect(withHeads.out).toContain('next: taskeval run --project . --source pulls');
    expect((JSON.parse((await cli(['init', '--json'])).out) as { pullHeads: number }).pullHeads).toBe(2);
    // The well-known ids in a subject are no tasks: the pulls are what there is to score.
    const run = await cli(['run', '--project', '.', '--source', 'pulls', '--json']);
    expect(run.code, run.err).toBe(0);
    expect((JSON.parse(run.out) as { run: { counts: { total: number } } }).run.counts.total).toBe(2);
  });
});
