import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { FUSION_FIXTURES_DIR } from '../../evidence/testing/evidence-builders.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

interface Result {
  taskId: string;
  title: string | null;
  status: string;
  signals: { values: { commits: { known: boolean; count: number; touchedTests: number; touchedDocs: number } } } | null;
}

let dir: string;
let repo: GitTestRepo;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-score-sources-'));
  repo = await createGitTestRepo();
  await repo.commit({ subject: 'chore: initial', files: { 'README.md': '# app\n' }, date: '2026-03-01T09:00:00Z' });
  await repo.commit({
    subject: 'feat(T-1): parse the config',
    files: { 'src/config.ts': 'export {}\n' },
    date: '2026-03-02T10:00:00Z',
  });
  await repo.commit({
    subject: 'fix: handle empty config',
    body: 'Task-Id: T-2',
    files: { 'src/empty.ts': '1\n' },
    date: '2026-03-05T10:00:00Z',
  });
  await repo.commit({
    subject: 'test(T-1): cover the parser',
    files: { 'src/config.test.ts': 'it\n', 'docs/config.md': 'doc\n' },
    date: '2026-03-04T10:00:00Z',
  });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await repo.cleanup();
});

async function run(cwd: string, ...argv: string[]) {
  const io = captureIo(cwd);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

async function fusionProject(): Promise<string> {
  const root = join(dir, 'fusion');
  for (const id of ['FN-679', 'KB-126', 'KB-341']) {
    const folder = join(root, '.kb', 'tasks', id);
    await mkdir(folder, { recursive: true });
    await copyFile(join(FUSION_FIXTURES_DIR, `${id}.task.json`), join(folder, 'task.json'));
    await copyFile(join(FUSION_FIXTURES_DIR, `${id}.PROMPT.md`), join(folder, 'PROMPT.md'));
  }
  return root;
}

describe('taskeval score sources', () => {
  it('says a --project that does not exist does not exist (exit 3), not that it holds no tasks', async () => {
    const missing = join(dir, 'nowhere');
    const { code, err } = await run(dir, 'score', '--project', missing);
    expect(code).toBe(3);
    expect(err).toContain(`${missing} does not exist`);
    expect(err).not.toContain('found no tasks');
  });

  it('scores a git-only repository: tasks inferred from commits, titled by their first subject, with commits known', async () => {
    const { code, out, err } = await run(dir, 'score', '--project', repo.dir, '--json');
    expect(err).toBe(`commits: ${repo.dir}\n`);
    expect(code).toBe(0);
    const results = JSON.parse(out) as Result[];
    expect(results.map((r) => [r.taskId, r.title, r.status])).toEqual([
      ['T-1', 'parse the config', 'scored'],
      ['T-2', 'handle empty config', 'scored'],
    ]);
    expect(results[0]!.signals!.values.commits).toMatchObject({
      known: true,
      count: 2,
      touchedTests: 1,
      touchedDocs: 1,
    });
  });

  it('detects the repository in the current directory when nothing is named', async () => {
    const { code, out } = await run(repo.dir, 'score', '--task', 'T-2');
    expect(code).toBe(0);
    expect(out).toMatch(/^T-2 /m);
    expect(out).not.toMatch(/^T-1 /m);
  });

  it('merges commits from --repo into --tasks records', async () => {
    await writeFile(
      join(dir, 'tasks.json'),
      JSON.stringify([{ id: 'T-1', title: 'Parse the config', column: 'done' }]),
    );
    const merged = JSON.parse(
      (await run(dir, 'score', '--tasks', 'tasks.json', '--repo', repo.dir, '--json')).out,
    ) as Result[];
    expect(merged[0]!.signals!.values.commits).toMatchObject({ known: true, count: 2, touchedTests: 1 });
    const alone = JSON.parse((await run(dir, 'score', '--tasks', 'tasks.json', '--json')).out) as Result[];
    expect(alone[0]!.signals!.values.commits.known).toBe(false);
  });

  it('scores only the done task of a Fusion project by default, and every task with --column all', async () => {
    const project = await fusionProject();
    const done = JSON.parse((await run(dir, 'score', '--project', project, '--json')).out) as Result[];
    expect(done.map((r) => r.taskId)).toEqual(['KB-126']);
    const all = JSON.parse(
      (await run(dir, 'score', '--project', project, '--column', 'all', '--json')).out,
    ) as Result[];
    expect(all.map((r) => r.taskId).sort()).toEqual(['FN-679', 'KB-126', 'KB-341']);
  });

  it('selects with --task, --since and --until, and warns about an unknown id', async () => {
    const since = await run(dir, 'score', '--project', repo.dir, '--since', '2026-03-05', '--json');
    expect((JSON.parse(since.out) as Result[]).map((r) => r.taskId)).toEqual(['T-2']);
    const until = await run(dir, 'score', '--project', repo.dir, '--until', '2026-03-04', '--json');
    expect((JSON.parse(until.out) as Result[]).map((r) => r.taskId)).toEqual(['T-1']);
    const missing = await run(dir, 'score', '--project', repo.dir, '--task', 'T-1', '--task', 'T-9', '--json');
    expect((JSON.parse(missing.out) as Result[]).map((r) => r.taskId)).toEqual(['T-1']);
    expect(missing.err).toContain(
      `warning: ${repo.dir} (task T-9): task T-9 not found in the git source at ${repo.dir}`,
    );
    const bad = await run(dir, 'score', '--project', repo.dir, '--since', 'last week');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--since "last week" is not a date');
  });

  it('exits 3 naming the path when --repo is not a git repository', async () => {
    await writeFile(join(dir, 'tasks.json'), JSON.stringify({ id: 'T-1' }));
    const { code, err, out } = await run(dir, 'score', '--tasks', 'tasks.json', '--repo', dir);
    expect(code).toBe(3);
    expect(out).toBe('');
    expect(err).toContain(`${dir} is not a git repository`);
  });

  it('reports a corrupt task.json and scores the other tasks; --strict makes it fatal', async () => {
    const project = await fusionProject();
    const broken = join(project, '.kb', 'tasks', 'FN-679', 'task.json');
    await writeFile(broken, '{ "id": ');
    const lenient = await run(dir, 'score', '--project', project, '--column', 'all', '--json');
    expect(lenient.code).toBe(0);
    expect((JSON.parse(lenient.out) as Result[]).map((r) => r.taskId)).toEqual(['KB-126', 'KB-341']);
    expect(lenient.err).toContain(broken);
    const strict = await run(dir, 'score', '--project', project, '--column', 'all', '--strict');
    expect(strict.code).toBe(3);
    expect(strict.out).toBe('');
    expect(strict.err).toContain(broken);
  });

  it('lists the source and selection flags in --help', async () => {
    const { out } = await run(dir, 'score', '--help');
    for (const flag of [
      '--project <dir>',
      '--repo <path>',
      '--source <kind>',
      '--task <id>',
      '--since <date>',
      '--until <date>',
      '--column <name>',
      '--transcripts <dir>',
    ])
      expect(out).toContain(flag);
  });
});

describe('the git history a run keeps in its store', () => {
  it('is kept after the first run and extended by the next: a new task committed since is evaluated, the old ones score the same', async () => {
    const db = join(dir, 'store.db');
    const first = await run(dir, 'run', '--project', repo.dir, '--db', db, '--json');
    expect(first.code, first.err).toBe(0);
    const firstRun = JSON.parse(first.out) as { results: { taskId: string; overallScore: number }[] };
    expect(firstRun.results.map((r) => r.taskId).sort()).toEqual(['T-1', 'T-2']);
    const Database = (await import('better-sqlite3')).default;
    const keys = () => {
      const raw = new Database(db, { readonly: true });
      try {
        return (
          raw.prepare("SELECT key FROM outcome_cache WHERE key LIKE 'commit-history:%' ORDER BY key").all() as {
            key: string;
          }[]
        ).map((r) => r.key);
      } finally {
        raw.close();
      }
    };
    expect(keys()).toHaveLength(2);

    await repo.commit({
      subject: 'feat(T-3): export the config',
      files: { 'src/export.ts': 'x\n' },
      date: '2026-03-06T10:00:00Z',
    });
    const second = await run(dir, 'run', '--project', repo.dir, '--db', db, '--json');
    const secondRun = JSON.parse(second.out) as { results: { taskId: string; overallScore: number }[] };
    expect(secondRun.results.map((r) => r.taskId).sort()).toEqual(['T-1', 'T-2', 'T-3']);
    // The new commit went into its own segment beside the first read.
    expect(keys()).toHaveLength(3);
    const fresh = await run(dir, 'run', '--project', repo.dir, '--db', join(dir, 'fresh.db'), '--json');
    const byId = (out: string) =>
      Object.fromEntries(
        (JSON.parse(out) as { results: { taskId: string; overallScore: number }[] }).results.map((r) => [
          r.taskId,
          r.overallScore,
        ]),
      );
    expect(byId(second.out)).toEqual(byId(fresh.out));
  });
});
