import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isTaskevalError } from '../../core/index.js';
import { formatSourceProblem } from '../files/index.js';
import { MAX_ENTRY_TEXT } from '../transcripts/index.js';
import { detectFusionProject } from './detect-fusion-project.js';
import { readFusionProject } from './read-fusion-project.js';

/** The real Fusion task records kept in this repository (fixtures/README.md says where they come from). */
const FIXTURES = fileURLToPath(new URL('../../../fixtures/fusion', import.meta.url));
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-fusion-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const dbPath = () => join(dir, '.fusion', 'fusion.db');

// Fusion's own table and column names (schema version 64), JSON values as TEXT.
const FUSION_SCHEMA = `
CREATE TABLE tasks (
  id TEXT PRIMARY KEY, title TEXT, description TEXT, "column" TEXT NOT NULL DEFAULT 'triage', status TEXT,
  priority TEXT, size TEXT, reviewLevel INTEGER, currentStep INTEGER, branch TEXT, baseBranch TEXT, baseCommitSha TEXT,
  modelProvider TEXT, modelId TEXT, summary TEXT, error TEXT, createdAt TEXT, updatedAt TEXT, columnMovedAt TEXT,
  executionStartedAt TEXT, executionCompletedAt TEXT, tokenUsageInputTokens INTEGER, tokenUsageOutputTokens INTEGER,
  tokenUsageCachedTokens INTEGER, tokenUsageTotalTokens INTEGER, mergeRetries INTEGER DEFAULT 0,
  workflowStepRetries INTEGER DEFAULT 0, recoveryRetryCount INTEGER DEFAULT 0, stuckKillCount INTEGER DEFAULT 0,
  steps TEXT DEFAULT '[]', log TEXT DEFAULT '[]', workflowStepResults TEXT DEFAULT '[]', prInfo TEXT DEFAULT '[]',
  mergeDetails TEXT DEFAULT '[]', modifiedFiles TEXT DEFAULT '[]', dependencies TEXT DEFAULT '[]', paused INTEGER DEFAULT 0
);
CREATE TABLE archivedTasks (id TEXT PRIMARY KEY, data TEXT NOT NULL, archivedAt TEXT NOT NULL);
CREATE TABLE agentLogEntries (id INTEGER PRIMARY KEY AUTOINCREMENT, taskId TEXT NOT NULL, timestamp TEXT NOT NULL,
  text TEXT NOT NULL, type TEXT NOT NULL, detail TEXT, agent TEXT);
CREATE INDEX idxAgentLogEntriesTaskId ON agentLogEntries(taskId);
CREATE TABLE task_documents (id INTEGER PRIMARY KEY AUTOINCREMENT, taskId TEXT NOT NULL, key TEXT NOT NULL, content TEXT,
  revision INTEGER, author TEXT, createdAt TEXT, updatedAt TEXT);
CREATE TABLE runAuditEvents (id TEXT PRIMARY KEY, timestamp TEXT NOT NULL, taskId TEXT, agentId TEXT, runId TEXT,
  domain TEXT NOT NULL, mutationType TEXT NOT NULL, target TEXT, metadata TEXT);
CREATE TABLE __meta (key TEXT PRIMARY KEY, value TEXT);
`;

const T = (s: number) => new Date(Date.UTC(2026, 3, 1, 10, 0, s)).toISOString();

function seed(db: Database.Database): void {
  db.exec(FUSION_SCHEMA);
  const insert =
    db.prepare(`INSERT INTO tasks (id, title, description, "column", status, reviewLevel, branch, createdAt, updatedAt,
    tokenUsageInputTokens, tokenUsageOutputTokens, mergeRetries, steps, log, workflowStepResults, prInfo, mergeDetails, modifiedFiles)
    VALUES (@id, @title, @description, @column, @status, @reviewLevel, @branch, @createdAt, @updatedAt, @tin, @tout, @mergeRetries,
    @steps, @log, @wsr, @prInfo, @mergeDetails, @modifiedFiles)`);
  insert.run({
    id: 'FN-1',
    title: 'Persist settings',
    description: 'Settings are dropped',
    column: 'in-review',
    status: 'merging',
    reviewLevel: 2,
    branch: 'fusion/fn-1',
    createdAt: T(0),
    updatedAt: T(50),
    tin: 1200,
    tout: 300,
    mergeRetries: 1,
    steps: JSON.stringify([{ name: 'Fix', status: 'done' }]),
    log: JSON.stringify([{ timestamp: T(1), action: 'Spec review: APPROVE', outcome: 'Clear spec' }]),
    wsr: JSON.stringify([{ workflowStepId: 'tests', workflowStepName: 'Tests', status: 'passed' }]),
    prInfo: '[]',
    mergeDetails: JSON.stringify({
      commitSha: 'abc123',
      filesChanged: 3,
      insertions: 10,
      deletions: 2,
      mergeConfirmed: true,
    }),
    modifiedFiles: JSON.stringify(['packages/core/src/store.ts']),
  });
  db.prepare(
    `INSERT INTO tasks (id, "column", description, steps, log, prInfo, mergeDetails, executionStartedAt) VALUES ('FN-2', 'todo', 'Later', NULL, '[]', NULL, '[]', '')`,
  ).run();
  db.prepare('INSERT INTO archivedTasks (id, data, archivedAt) VALUES (?, ?, ?)').run(
    'FN-0',
    JSON.stringify({ id: 'FN-0', title: 'Old', description: 'Old task', steps: [] }),
    T(5),
  );
  const log = db.prepare(
    'INSERT INTO agentLogEntries (taskId, timestamp, text, type, detail, agent) VALUES (?, ?, ?, ?, ?, ?)',
  );
  log.run('FN-1', T(10), 'I will ', 'text', null, 'executor');
  log.run('FN-2', T(10), 'other task', 'text', null, 'triage');
  log.run('FN-1', T(11), 'fix the ', 'text', null, 'executor');
  log.run('FN-1', T(12), 'store.', 'text', null, 'executor');
  log.run('FN-1', T(13), 'Bash', 'tool', 'pnpm test', 'executor');
  log.run('FN-1', T(14), 'exit code 1', 'tool_error', 'pnpm test', 'executor');
  log.run('FN-1', T(15), 'Looks ', 'text', null, 'reviewer');
  log.run('FN-1', T(16), 'good.', 'text', null, 'reviewer');
  db.prepare(
    'INSERT INTO task_documents (taskId, key, content, revision, author, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run('FN-1', 'plan', 'Add both keys.', 2, 'executor', T(2), T(3));
  db.prepare(
    'INSERT INTO runAuditEvents (id, timestamp, taskId, agentId, runId, domain, mutationType, target, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(
    'evt-1',
    T(20),
    'FN-1',
    'agent-7',
    'run-3',
    'git',
    'commit',
    'packages/core/src/store.ts',
    JSON.stringify({ sha: 'abc123' }),
  );
  db.prepare('INSERT INTO __meta (key, value) VALUES (?, ?)').run('projectId', 'proj-42');
}

async function buildDb(extra?: (db: Database.Database) => void): Promise<void> {
  await mkdir(join(dir, '.fusion'), { recursive: true });
  const db = new Database(dbPath());
  try {
    seed(db);
    extra?.(db);
  } finally {
    db.close();
  }
}

async function copyFixtures(root: '.kb' | '.fusion'): Promise<string[]> {
  const ids = (await readdir(FIXTURES))
    .filter((n) => n.endsWith('.task.json'))
    .map((n) => n.replace('.task.json', ''))
    .sort();
  for (const id of ids) {
    const folder = join(dir, root, 'tasks', id);
    await mkdir(folder, { recursive: true });
    await copyFile(join(FIXTURES, `${id}.task.json`), join(folder, 'task.json'));
    await copyFile(join(FIXTURES, `${id}.PROMPT.md`), join(folder, 'PROMPT.md'));
  }
  return ids;
}

const fingerprint = async (path: string) => ({
  sha: createHash('sha256')
    .update(await readFile(path))
    .digest('hex'),
  mtime: (await stat(path)).mtimeMs,
});

describe('readFusionProject: the SQLite database', () => {
  it('reads tasks, archived tasks, joined agent log turns, documents, run audit and the project id', async () => {
    await buildDb();
    const { tasks, problems, projectId } = await readFusionProject(dir);
    expect(problems).toEqual([]);
    expect(projectId).toBe('proj-42');
    expect(tasks.map((t) => t.id)).toEqual(['FN-0', 'FN-1', 'FN-2']);
    const [archived, fn1, fn2] = tasks;
    expect(archived).toMatchObject({ title: 'Old', column: 'archived', archivedAt: T(5) });
    expect(fn1).toMatchObject({
      title: 'Persist settings',
      column: 'in-review',
      status: 'merging',
      reviewLevel: 2,
      tokenUsageInputTokens: 1200,
      mergeRetries: 1,
      steps: [{ name: 'Fix', status: 'done' }],
      modifiedFiles: ['packages/core/src/store.ts'],
      mergeDetails: { commitSha: 'abc123', mergeConfirmed: true },
      workflowStepResults: [{ workflowStepId: 'tests', status: 'passed' }],
    });
    expect(fn1!.prInfo).toBeUndefined();
    expect(fn1!.agentLogs).toEqual([
      { timestamp: T(10), type: 'text', text: 'I will fix the store.', agent: 'executor' },
      { timestamp: T(13), type: 'tool', text: 'Bash', detail: 'pnpm test', agent: 'executor' },
      { timestamp: T(14), type: 'tool_error', text: 'exit code 1', detail: 'pnpm test', agent: 'executor' },
      { timestamp: T(15), type: 'text', text: 'Looks good.', agent: 'reviewer' },
    ]);
    expect(fn1!.documents).toEqual([
      { key: 'plan', content: 'Add both keys.', revision: 2, author: 'executor', createdAt: T(2), updatedAt: T(3) },
    ]);
    expect(fn1!.runAudit).toEqual([
      expect.objectContaining({ id: 'evt-1', domain: 'git', mutationType: 'commit', metadata: { sha: 'abc123' } }),
    ]);
    expect(fn2).toMatchObject({ column: 'todo', agentLogs: [{ text: 'other task', agent: 'triage' }] });
    expect(fn2!.mergeDetails).toBeUndefined();
    expect('steps' in fn2!).toBe(false);
  });

  it('never writes the database: bytes and mtime unchanged, no journal files made', async () => {
    await buildDb();
    const before = await fingerprint(dbPath());
    await readFusionProject(dir);
    await readFusionProject(dir, { strict: true });
    expect(await fingerprint(dbPath())).toEqual(before);
    expect((await readdir(join(dir, '.fusion'))).sort()).toEqual(['fusion.db']);
  });

  it('reads while Fusion holds the database open in WAL mode, including rows still in the -wal file', async () => {
    await buildDb();
    const writer = new Database(dbPath());
    try {
      writer.pragma('journal_mode = WAL');
      writer.pragma('wal_autocheckpoint = 0');
      writer
        .prepare(
          `INSERT INTO tasks (id, "column", description) VALUES ('FN-3', 'in-progress', 'Written by a running Fusion')`,
        )
        .run();
      const mainBefore = await fingerprint(dbPath());
      const { tasks, problems } = await readFusionProject(dir);
      expect(problems).toEqual([]);
      expect(tasks.find((t) => t.id === 'FN-3')).toMatchObject({ column: 'in-progress' });
      expect(await fingerprint(dbPath())).toEqual(mainBefore);
      writer.prepare(`UPDATE tasks SET "column" = 'done' WHERE id = 'FN-3'`).run();
      expect((await readFusionProject(dir)).tasks.find((t) => t.id === 'FN-3')!.column).toBe('done');
    } finally {
      writer.close();
    }
  });

  it('bounds a turn joined from thousands of fragments while joining', async () => {
    await buildDb((db) => {
      const log = db.prepare(
        `INSERT INTO agentLogEntries (taskId, timestamp, text, type, agent) VALUES ('FN-2', ?, ?, 'thinking', 'executor')`,
      );
      db.transaction(() => {
        for (let i = 0; i < 5000; i++) log.run(T(20), `chunk ${String(i).padStart(4, '0')} `);
      })();
    });
    const fn2 = (await readFusionProject(dir)).tasks.find((t) => t.id === 'FN-2')!;
    const thinking = fn2.agentLogs!.filter((e) => e.type === 'thinking');
    expect(thinking).toHaveLength(1);
    expect(thinking[0]!.text.startsWith('chunk 0000 chunk 0001 ')).toBe(true);
    expect(thinking[0]!.text.length).toBeLessThanOrEqual(MAX_ENTRY_TEXT);
  });

  it('reads a WAL-mode database Fusion has closed without changing its bytes', async () => {
    await buildDb((db) => db.pragma('journal_mode = WAL'));
    const before = await fingerprint(dbPath());
    expect((await readFusionProject(dir)).tasks).toHaveLength(3);
    expect(await fingerprint(dbPath())).toEqual(before);
  });

  it('reads a database missing optional tables and columns', async () => {
    await mkdir(join(dir, '.fusion'), { recursive: true });
    const db = new Database(dbPath());
    db.exec(
      `CREATE TABLE tasks (id TEXT PRIMARY KEY, description TEXT, "column" TEXT); INSERT INTO tasks VALUES ('KB-1', 'Old schema', 'done');`,
    );
    db.close();
    const result = await readFusionProject(dir);
    expect(result).toEqual({ tasks: [{ id: 'KB-1', description: 'Old schema', column: 'done' }], problems: [] });
  });

  it('reports a JSON column that does not parse and still loads the task', async () => {
    await buildDb((db) => db.prepare(`UPDATE tasks SET steps = '[{"name": "Fix",' WHERE id = 'FN-1'`).run());
    const { tasks, problems } = await readFusionProject(dir);
    expect(problems).toEqual([
      expect.objectContaining({
        path: dbPath(),
        taskId: 'FN-1',
        field: 'tasks.steps',
        message: expect.stringContaining('expected JSON text'),
      }),
    ]);
    expect(tasks.find((t) => t.id === 'FN-1')!.steps).toBeUndefined();
    const error = await readFusionProject(dir, { strict: true }).catch((e: unknown) => e);
    expect(isTaskevalError(error) && error.code).toBe('source_invalid');
  });

  it('reports an invalid row by path, task and field path and loads the others', async () => {
    await buildDb((db) => {
      db.prepare(`UPDATE tasks SET workflowStepResults = ? WHERE id = 'FN-2'`).run(
        JSON.stringify([{ workflowStepId: 'lint', status: 'exploded' }]),
      );
      db.prepare(
        `INSERT INTO agentLogEntries (taskId, timestamp, text, type) VALUES ('FN-1', 'soon', 'x', 'text')`,
      ).run();
    });
    const { tasks, problems } = await readFusionProject(dir);
    expect(tasks.map((t) => t.id)).toEqual(['FN-0', 'FN-1']);
    expect(problems.map(formatSourceProblem)).toEqual([
      `${dbPath()} (task FN-1): agentLogEntries.timestamp: expected an ISO-8601 date-time; the row was skipped`,
      `${dbPath()} (task FN-2): workflowStepResults.0.status: expected one of passed|failed|skipped|pending`,
    ]);
  });

  it('fails naming the path when the database is not SQLite and nothing else can be read', async () => {
    await mkdir(join(dir, '.fusion'), { recursive: true });
    await writeFile(dbPath(), 'this is not a database, it is a text file that is long enough'.repeat(100));
    const error = await readFusionProject(dir).catch((e: unknown) => e);
    expect(isTaskevalError(error) && error.code).toBe('source_unreadable');
    expect((error as Error).message).toContain(dbPath());
    expect((error as Error).message).toContain('not a database');
  });

  it('reports a corrupt database as a problem when the task folders still load, and throws with strict', async () => {
    await copyFixtures('.fusion');
    await writeFile(dbPath(), Buffer.alloc(4096, 7));
    const { tasks, problems } = await readFusionProject(dir);
    expect(tasks).toHaveLength(3);
    expect(problems).toEqual([
      expect.objectContaining({ path: dbPath(), message: expect.stringContaining('cannot read the Fusion database') }),
    ]);
    const error = await readFusionProject(dir, { strict: true }).catch((e: unknown) => e);
    expect(isTaskevalError(error) && error.code).toBe('source_unreadable');
  });

  it('prefers the database row over task.json but fills the prompt from PROMPT.md', async () => {
    await buildDb();
    const folder = join(dir, '.fusion', 'tasks', 'FN-1');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'task.json'), JSON.stringify({ id: 'FN-1', title: 'Stale copy', column: 'todo' }));
    await writeFile(join(folder, 'PROMPT.md'), '# Task: FN-1 - From the prompt\n\n## Mission\nPersist both keys.\n');
    const fn1 = (await readFusionProject(dir)).tasks.find((t) => t.id === 'FN-1')!;
    expect(fn1).toMatchObject({ title: 'Persist settings', column: 'in-review' });
    expect(fn1.prompt).toContain('Persist both keys.');
  });

  it('reads archived tasks from .fusion/archive.db', async () => {
    await buildDb();
    const archive = new Database(join(dir, '.fusion', 'archive.db'));
    archive.exec(`CREATE TABLE archived_tasks (id TEXT PRIMARY KEY, taskJson TEXT, prompt TEXT, archivedAt TEXT, title TEXT, description TEXT,
      createdAt TEXT, updatedAt TEXT, columnMovedAt TEXT)`);
    archive
      .prepare('INSERT INTO archived_tasks VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(
        'KB-9',
        JSON.stringify({ id: 'KB-9', column: 'done', steps: [{ name: 'Ship', status: 'done' }] }),
        '# Task: KB-9 - Archived one\n',
        T(30),
        null,
        'Archived',
        T(0),
        T(1),
        T(2),
      );
    archive.close();
    const kb9 = (await readFusionProject(dir)).tasks.find((t) => t.id === 'KB-9')!;
    expect(kb9).toMatchObject({
      column: 'done',
      title: 'Archived one',
      description: 'Archived',
      archivedAt: T(30),
      steps: [{ name: 'Ship', status: 'done' }],
    });
  });
});

describe('readFusionProject: task folders', () => {
  it('loads the shared fixtures as a .kb/tasks project: titles from PROMPT.md, prompt set, no problems', async () => {
    const ids = await copyFixtures('.kb');
    const { tasks, problems, projectId } = await readFusionProject(dir);
    expect(problems).toEqual([]);
    expect(projectId).toBeUndefined();
    expect(tasks.map((t) => t.id)).toEqual(ids);
    expect(tasks.map((t) => t.title)).toEqual([
      'Persist worktree init and recycle settings',
      'Make New Task Modal Scrollable',
      'Unify Task Comments to Single "Steering" Type',
    ]);
    for (const task of tasks) expect(task.prompt).toMatch(new RegExp(`^# Task: ${task.id} - `));
    expect(tasks[2]).toMatchObject({
      column: 'in-review',
      status: 'merging',
      baseCommitSha: '265bcede89f19988b36ced2d8ab91eef8ec3dfb0',
    });
  });

  it('reports a corrupt task.json naming the file, loads the others, and throws with strict', async () => {
    await copyFixtures('.kb');
    const broken = join(dir, '.kb', 'tasks', 'KB-126', 'task.json');
    await writeFile(broken, '{\n  "id": "KB-126",\n  "column": done\n}\n');
    const { tasks, problems } = await readFusionProject(dir);
    expect(tasks.map((t) => t.id)).toEqual(['FN-679', 'KB-341']);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: broken, taskId: 'KB-126' });
    expect(problems[0]!.message).toContain('expected the task as one JSON object');
    const error = await readFusionProject(dir, { strict: true }).catch((e: unknown) => e);
    expect(isTaskevalError(error) && error.code).toBe('source_invalid');
    expect((error as Error).message).toContain(broken);
  });

  it('reads agent-log.jsonl beside task.json, joining fragments and reporting bad lines', async () => {
    const folder = join(dir, '.fusion', 'tasks', 'FN-5');
    await mkdir(folder, { recursive: true });
    await writeFile(
      join(folder, 'task.json'),
      JSON.stringify({ id: 'FN-5', column: 'done', description: 'Newer Fusion' }),
    );
    const row = (s: number, text: string, type = 'text') =>
      JSON.stringify({ taskId: 'FN-5', timestamp: T(s), text, type, detail: null, agent: 'executor' });
    await writeFile(
      join(folder, 'agent-log.jsonl'),
      [row(1, 'Hello '), row(2, 'world'), '{broken', row(3, 'npm test', 'tool'), ''].join('\n'),
    );
    await writeFile(join(dir, '.fusion', 'project.json'), JSON.stringify({ projectId: 'pg-project' }));
    const { tasks, problems, projectId } = await readFusionProject(dir);
    expect(projectId).toBe('pg-project');
    expect(tasks[0]!.agentLogs).toEqual([
      { timestamp: T(1), type: 'text', text: 'Hello world', agent: 'executor' },
      { timestamp: T(3), type: 'tool', text: 'npm test', agent: 'executor' },
    ]);
    expect(problems).toEqual([
      expect.objectContaining({ path: join(folder, 'agent-log.jsonl'), line: 3, taskId: 'FN-5' }),
    ]);
  });

  it('reports a task folder without task.json and without a database row', async () => {
    await copyFixtures('.kb');
    await mkdir(join(dir, '.kb', 'tasks', 'KB-999'));
    const { tasks, problems } = await readFusionProject(dir);
    expect(tasks).toHaveLength(3);
    expect(problems).toEqual([
      expect.objectContaining({
        path: join(dir, '.kb', 'tasks', 'KB-999', 'task.json'),
        message: expect.stringContaining('missing'),
      }),
    ]);
  });
});

describe('detectFusionProject', () => {
  it('recognises a database or task folders, and readFusionProject refuses anything else', async () => {
    expect(detectFusionProject(dir)).toBe(false);
    const error = await readFusionProject(dir).catch((e: unknown) => e);
    expect(isTaskevalError(error) && error.code).toBe('source_unreadable');
    await mkdir(join(dir, '.kb', 'tasks'), { recursive: true });
    expect(detectFusionProject(dir)).toBe(true);
  });
});
