import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isTaskevalError } from '../../core/index.js';
import { FUSION_FIXTURES_DIR } from '../../evidence/testing/evidence-builders.js';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { loadTaskSet } from './load-task-set.js';
import { pathProjectId } from './path-project-id.js';

const TRANSCRIPTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'transcripts', '__fixtures__');
const IDS = ['FN-679', 'KB-126', 'KB-341'];
let dir: string;
let repo: GitTestRepo | null = null;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-select-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await repo?.cleanup();
  repo = null;
});

/** A Fusion file-layout project: `.kb/tasks/<ID>/task.json` and PROMPT.md from the shared fixtures. */
async function fusionProject(root = join(dir, 'project')): Promise<string> {
  for (const id of IDS) {
    const folder = join(root, '.kb', 'tasks', id);
    await mkdir(folder, { recursive: true });
    await copyFile(join(FUSION_FIXTURES_DIR, `${id}.task.json`), join(folder, 'task.json'));
    await copyFile(join(FUSION_FIXTURES_DIR, `${id}.PROMPT.md`), join(folder, 'PROMPT.md'));
  }
  return root;
}

/** A repository whose agents name tasks in subjects and trailers. */
async function taskRepo(): Promise<GitTestRepo> {
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
    date: '2026-03-03T10:00:00Z',
  });
  await repo.commit({
    subject: 'test(T-1): cover the parser',
    files: { 'src/config.test.ts': 'it\n', 'docs/config.md': 'doc\n' },
    date: '2026-03-04T10:00:00Z',
  });
  return repo;
}

async function caught(promise: Promise<unknown>): Promise<Error & { code?: string; field?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('loadTaskSet sources', () => {
  it('detects a task file, a Fusion project and a git repository, and names the directory when none is there', async () => {
    await writeFile(join(dir, 'tasks.json'), JSON.stringify([{ id: 'T-9', column: 'done' }]));
    expect((await loadTaskSet({ projectDir: dir, tasksFile: 'tasks.json', cwd: dir })).source).toBe('files');
    expect((await loadTaskSet({ projectDir: await fusionProject() })).source).toBe('fusion');
    expect((await loadTaskSet({ projectDir: (await taskRepo()).dir })).source).toBe('git');
    await mkdir(join(dir, 'empty-dir'));
    const error = await caught(loadTaskSet({ projectDir: join(dir, 'empty-dir'), cwd: dir }));
    expect(isTaskevalError(error) && error.code).toBe('source_unreadable');
    expect(error.message).toContain(join(dir, 'empty-dir'));
    expect(error.message).toMatch(/\.kb[/\\]tasks.*no git repository.*--tasks/);
    const missing = await caught(loadTaskSet({ projectDir: join(dir, 'no-such-dir'), cwd: dir }));
    expect(missing.message).toBe(
      `${join(dir, 'no-such-dir')} does not exist: --project names a Fusion project or a git repository`,
    );
  });

  it('infers git-only tasks with titles from the first subject and dates from the first and last commit', async () => {
    const r = await taskRepo();
    const set = await loadTaskSet({ projectDir: r.dir });
    expect(set.repo).toBe(r.dir);
    expect(set.projectId).toBe(pathProjectId(r.dir));
    expect(set.items.map((i) => [i.task.id, i.task.title, i.task.createdAt, i.completedAt])).toEqual([
      ['T-2', 'handle empty config', '2026-03-03T10:00:00.000Z', '2026-03-03T10:00:00.000Z'],
      ['T-1', 'parse the config', '2026-03-02T10:00:00.000Z', '2026-03-04T10:00:00.000Z'],
    ]);
    const t1 = set.items[1]!;
    expect(t1.task.column).toBe('done');
    expect(t1.commits!.map((c) => c.subject)).toEqual(['feat(T-1): parse the config', 'test(T-1): cover the parser']);
    expect(t1.history).toMatchObject({ reverted: false, lastCommitAt: '2026-03-04T10:00:00.000Z' });
  });

  it('lets a caller choose among the selected tasks before commits are read: only the chosen get them, and the count selected stays', async () => {
    const r = await taskRepo();
    const offered: Array<[string, unknown]> = [];
    const set = await loadTaskSet({
      projectDir: r.dir,
      choose: async (items, projectId) => {
        expect(projectId).toBe(pathProjectId(r.dir));
        offered.push(...items.map((i): [string, unknown] => [i.task.id, i.commits]));
        return items.filter((i) => i.task.id === 'T-1');
      },
    });
    expect(offered).toEqual([
      ['T-2', null],
      ['T-1', null],
    ]);
    expect(set.items.map((i) => [i.task.id, i.commits?.length])).toEqual([['T-1', 2]]);
    expect(set.selectedCount).toBe(2);
  });

  it('merges commits from --repo into task-file records, so tests and docs are known', async () => {
    const r = await taskRepo();
    await writeFile(
      join(dir, 'tasks.jsonl'),
      [
        JSON.stringify({ id: 'T-1', title: 'Parse', column: 'done' }),
        JSON.stringify({ id: 'T-3', column: 'todo' }),
      ].join('\n'),
    );
    const set = await loadTaskSet({ projectDir: dir, tasksFile: 'tasks.jsonl', repo: r.dir, cwd: dir });
    expect(set.source).toBe('files');
    expect(set.repo).toBe(r.dir);
    expect(set.items.map((i) => i.task.id)).toEqual(['T-1', 'T-3']);
    const [t1, t3] = set.items;
    expect(t1!.commits!.some((c) => c.touchesTests) && t1!.commits!.some((c) => c.touchesDocs)).toBe(true);
    expect(t1!.completedAt).toBe('2026-03-04T10:00:00.000Z');
    expect(t3!.commits).toEqual([]);
    const none = await loadTaskSet({ projectDir: dir, tasksFile: 'tasks.jsonl', cwd: dir });
    expect(none.repo).toBeNull();
    expect(none.items[0]!.commits).toBeNull();
    expect(none.items[0]!.history).toBeNull();
  });

  it('fails naming the path when --repo is not a git repository', async () => {
    await writeFile(join(dir, 'tasks.json'), JSON.stringify({ id: 'T-1' }));
    const error = await caught(loadTaskSet({ projectDir: dir, tasksFile: 'tasks.json', repo: dir, cwd: dir }));
    expect(isTaskevalError(error) && error.code).toBe('source_unreadable');
    expect(error.message).toContain(`${dir} is not a git repository`);
  });

  it('reads a Fusion project keeping only completed tasks by default, every task with column all, one column by name', async () => {
    const project = await fusionProject();
    const done = await loadTaskSet({ projectDir: project });
    expect(done.items.map((i) => i.task.id)).toEqual(['KB-126']);
    expect(done.items[0]!.completedAt).toBe('2026-03-30T15:14:04.740Z');
    expect(done.readCount).toBe(3);
    expect(done.repo).toBeNull();
    const all = await loadTaskSet({ projectDir: project, column: 'all' });
    expect(all.items.map((i) => i.task.id)).toEqual(['KB-126', 'KB-341', 'FN-679']);
    expect((await loadTaskSet({ projectDir: project, column: 'In-Review' })).items.map((i) => i.task.id)).toEqual([
      'KB-341',
    ]);
  });

  it('merges commits into Fusion tasks when the project is a git repository', async () => {
    const r = await taskRepo();
    await fusionProject(r.dir);
    await r.commit({
      subject: 'fix(KB-126): make the task modal scrollable',
      files: { 'src/modal.css': 'overflow: auto\n', 'src/modal.test.ts': 'it\n' },
      date: '2026-03-06T10:00:00Z',
    });
    const set = await loadTaskSet({ projectDir: r.dir });
    expect(set.source).toBe('fusion');
    expect(set.repo).toBe(r.dir);
    expect(set.items.map((i) => [i.task.id, i.commits?.map((c) => c.subject)])).toEqual([
      ['KB-126', ['fix(KB-126): make the task modal scrollable']],
    ]);
    expect(set.items[0]!.history?.reverted).toBe(false);
    const git = await loadTaskSet({ projectDir: r.dir, source: 'git' });
    expect(git.items.map((i) => [i.task.id, i.task.title])).toEqual([
      ['T-2', 'handle empty config'],
      ['T-1', 'parse the config'],
      ['KB-126', 'make the task modal scrollable'],
    ]);
  });

  it('fails naming the path when the Fusion database is not readable and nothing else is', async () => {
    const project = join(dir, 'broken-db');
    await mkdir(join(project, '.fusion'), { recursive: true });
    await writeFile(join(project, '.fusion', 'fusion.db'), 'not a database');
    const error = await caught(loadTaskSet({ projectDir: project }));
    expect(isTaskevalError(error) && error.code).toBe('source_unreadable');
    expect(error.message).toContain(join(project, '.fusion', 'fusion.db'));
  });

  it('reports a corrupt task.json naming its path and loads the others; strict makes it fatal', async () => {
    const project = await fusionProject();
    const broken = join(project, '.kb', 'tasks', 'KB-341', 'task.json');
    await writeFile(broken, '{ "id": "KB-341", ');
    const set = await loadTaskSet({ projectDir: project, column: 'all' });
    expect(set.items.map((i) => i.task.id)).toEqual(['KB-126', 'FN-679']);
    expect(set.problems.some((p) => p.path === broken)).toBe(true);
    const error = await caught(loadTaskSet({ projectDir: project, column: 'all', strict: true }));
    expect(isTaskevalError(error)).toBe(true);
    expect(error.message).toContain(broken);
  });
});

describe('loadTaskSet selection', () => {
  const records = [
    { id: 'A-1', column: 'done', executionCompletedAt: '2026-03-01T12:00:00Z', createdAt: '2026-02-01T00:00:00Z' },
    { id: 'A-2', column: 'archived', columnMovedAt: '2026-03-02T23:59:59Z', createdAt: '2026-02-02T00:00:00Z' },
    { id: 'A-3', status: 'done', executionCompletedAt: '2026-03-03T00:00:00Z' },
    { id: 'A-4', column: 'todo', createdAt: '2026-03-02T08:00:00Z' },
  ];
  const load = async (extra: Record<string, unknown> = {}) => {
    await writeFile(join(dir, 'tasks.json'), JSON.stringify(records));
    return loadTaskSet({ projectDir: dir, tasksFile: 'tasks.json', cwd: dir, column: 'done', ...extra });
  };
  const ids = (set: { items: Array<{ task: { id: string } }> }) => set.items.map((i) => i.task.id);

  it('keeps completed tasks (done or archived, by column or status) with column done', async () => {
    expect(ids(await load())).toEqual(['A-1', 'A-2', 'A-3']);
    expect(ids(await load({ column: undefined }))).toEqual(['A-1', 'A-2', 'A-3', 'A-4']);
  });

  it('selects listed ids, still filtered by column, and reports an id no task has', async () => {
    const set = await load({ taskIds: ['A-2', 'A-4', 'Z-9'] });
    expect(ids(set)).toEqual(['A-2']);
    expect(set.problems).toEqual([{ path: 'tasks.json', taskId: 'Z-9', message: 'task Z-9 not found in tasks.json' }]);
    expect(ids(await load({ taskIds: ['A-4'], column: 'all' }))).toEqual(['A-4']);
    const error = await caught(load({ taskIds: ['Z-9'], strict: true }));
    expect(error.message).toContain('task Z-9 not found');
  });

  it('takes --since and --until inclusively, a bare --until through the end of its day', async () => {
    expect(ids(await load({ since: '2026-03-02', until: '2026-03-02' }))).toEqual(['A-2']);
    expect(ids(await load({ since: '2026-03-01T12:00:00Z' }))).toEqual(['A-1', 'A-2', 'A-3']);
    expect(ids(await load({ until: '2026-03-01T12:00:00Z' }))).toEqual(['A-1']);
    expect(ids(await load({ column: 'all', since: '2026-03-02', until: '2026-03-02' }))).toEqual(['A-2', 'A-4']);
  });

  it('takes a batch window exclusive at its start and inclusive at its end, in completion order', async () => {
    const set = await load({
      window: { after: '2026-03-01T12:00:00Z', through: '2026-03-03T00:00:00Z' },
      order: 'completion',
    });
    expect(ids(set)).toEqual(['A-2', 'A-3']);
  });

  it('rejects a bad date naming the flag', async () => {
    const error = await caught(load({ since: '2026-02-30' }));
    expect(isTaskevalError(error) && [error.code, error.field]).toEqual(['usage', '--since']);
    expect(error.message).toContain('--since "2026-02-30" is not a date');
    expect((await caught(load({ until: 'yesterday' }))).message).toContain('--until');
  });

  it('links transcripts from a directory to the selected tasks', async () => {
    const transcripts = join(dir, 'transcripts');
    await mkdir(transcripts);
    await copyFile(join(TRANSCRIPTS, 'claude-code-session.jsonl'), join(transcripts, 'A-1.jsonl'));
    await writeFile(
      join(transcripts, 'A-2.jsonl'),
      `${await readFile(join(TRANSCRIPTS, 'claude-code-session.jsonl'), 'utf8')}\nnot json\n`,
    );
    const set = await load({ transcriptsDir: 'transcripts' });
    expect(set.items[0]!.task.agentLogs?.length).toBeGreaterThan(0);
    expect(set.items[2]!.task.agentLogs ?? []).toEqual([]);
    expect(set.problems.some((p) => p.path.endsWith('A-2.jsonl') && p.taskId === 'A-2' && p.line !== undefined)).toBe(
      true,
    );
    await expect(load({ transcriptsDir: 'transcripts', strict: true })).rejects.toThrow(/A-2\.jsonl/);
  });
});
