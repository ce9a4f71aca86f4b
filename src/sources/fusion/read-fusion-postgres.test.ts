import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/run-cli.js';
import { captureIo } from '../../cli/testing/capture-io.js';
import { readFusionProject } from './read-fusion-project.js';
import { needs } from '../../store/testing/skip-reason.js';

/** A server the tests may create and drop databases in (.ci/run starts one). */
const url = process.env.TASKEVAL_TEST_PG_URL;

/** The real Fusion task records kept in this repository (fixtures/README.md says where they come from). */
const FIXTURES = fileURLToPath(new URL('../../../fixtures/fusion', import.meta.url));

/**
 * The part of Fusion's PostgreSQL schema taskeval reads, as Fusion lays it out since mid-2026: schema
 * `project`, snake_case columns, JSON in jsonb, times as ISO text, counters as bigint, rows keyed by
 * `project_id` where the table has one.
 */
const FUSION_SCHEMA = `
  CREATE SCHEMA project;
  CREATE TABLE project.tasks (
    id text PRIMARY KEY, project_id text, title text, description text NOT NULL, "column" text NOT NULL, status text, current_step integer DEFAULT 0,
    created_at text NOT NULL, updated_at text NOT NULL, column_moved_at text, execution_started_at text, execution_completed_at text,
    model_provider text, model_id text, merge_retries integer, verification_failure_count integer DEFAULT 0,
    token_usage_input_tokens bigint, token_usage_output_tokens bigint, token_usage_total_tokens bigint,
    steps jsonb DEFAULT '[]', log jsonb DEFAULT '[]', workflow_step_results jsonb DEFAULT '[]', dependencies jsonb DEFAULT '[]',
    merge_details jsonb, search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, ''))) STORED
  );
  CREATE TABLE project.archived_tasks (id text PRIMARY KEY, project_id text, data text NOT NULL, archived_at text NOT NULL);
  CREATE TABLE project.task_documents (
    id text PRIMARY KEY, task_id text NOT NULL, key text NOT NULL, content text NOT NULL DEFAULT '', revision integer NOT NULL DEFAULT 1,
    author text NOT NULL DEFAULT 'user', metadata jsonb, created_at text NOT NULL, updated_at text NOT NULL
  );
  CREATE TABLE project.run_audit_events (
    id text PRIMARY KEY, timestamp text NOT NULL, task_id text, agent_id text NOT NULL, run_id text NOT NULL,
    domain text NOT NULL, mutation_type text NOT NULL, target text NOT NULL, metadata jsonb
  );
  CREATE TABLE project.activity_log (
    project_id text NOT NULL, id text PRIMARY KEY, timestamp text NOT NULL, type text NOT NULL, task_id text, task_title text,
    details text NOT NULL, metadata jsonb
  );
`;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

let admin: pg.Client;
let database: string;
let dbUrl: string;
let reader: string;
let dir: string;

function git(...args: string[]): string {
  return execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Agent',
      GIT_AUTHOR_EMAIL: 'a@example.com',
      GIT_COMMITTER_NAME: 'Agent',
      GIT_COMMITTER_EMAIL: 'a@example.com',
    },
  });
}

async function insertTask(client: pg.Client, row: Record<string, unknown>): Promise<void> {
  const keys = Object.keys(row);
  const values = keys.map((k) => (typeof row[k] === 'object' && row[k] !== null ? JSON.stringify(row[k]) : row[k]));
  await client.query(
    `INSERT INTO project.tasks (${keys.map((k) => `"${snake(k)}"`).join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')})`,
    values,
  );
}

describe.skipIf(!url)(needs("Fusion's PostgreSQL era (--fusion-db)", [!url && 'TASKEVAL_TEST_PG_URL']), () => {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
    database = `fusion_${suffix}`;
    reader = `fusion_reader_${suffix}`;
    await admin.query(`CREATE DATABASE ${database}`);
    const u = new URL(url!);
    u.pathname = `/${database}`;
    dbUrl = u.toString();
    const fusion = new pg.Client({ connectionString: dbUrl });
    await fusion.connect();
    try {
      await fill(fusion);
    } finally {
      await fusion.end();
    }
    // A role that may only read: taskeval needs no more.
    await admin.query(`CREATE ROLE ${reader} LOGIN`);
    const owner = new pg.Client({ connectionString: dbUrl });
    await owner.connect();
    await owner.query(
      `GRANT USAGE ON SCHEMA project TO ${reader}; GRANT SELECT ON ALL TABLES IN SCHEMA project TO ${reader}`,
    );
    await owner.end();

    dir = await mkdtemp(join(tmpdir(), 'taskeval-fusion-pg-'));
    git('init', '-q', '-b', 'main');
    await writeFile(join(dir, 'toolbar.ts'), 'export const button = 1;\n');
    git('add', '.');
    git(
      'commit',
      '-q',
      '-m',
      'feat: add the export button',
      '-m',
      'Fusion-Task-Id: FN-1',
      '--date',
      '2026-03-01T10:30:00Z',
    );
    await mkdir(join(dir, '.fusion', 'tasks', 'FN-1'), { recursive: true });
    await writeFile(join(dir, '.fusion', 'project.json'), JSON.stringify({ projectId: 'proj-a', name: 'demo' }));
    await writeFile(
      join(dir, '.fusion', 'tasks', 'FN-1', 'agent-log.jsonl'),
      `${JSON.stringify({ timestamp: '2026-03-01T09:30:00.000Z', type: 'tool', text: 'bash', detail: 'npm test', agent: 'executor' })}\n`,
    );
  });

  /** Two projects' rows in one database, as a shared Fusion server holds them. */
  async function fill(fusion: pg.Client): Promise<void> {
    await fusion.query(FUSION_SCHEMA);
    const fixture = JSON.parse(readFileSync(join(FIXTURES, 'FN-679.task.json'), 'utf8')) as Record<string, unknown>;
    await insertTask(fusion, { ...fixture, projectId: 'proj-a' });
    await insertTask(fusion, {
      id: 'FN-1',
      projectId: 'proj-a',
      title: 'Add the export button',
      description: 'Add it',
      column: 'done',
      createdAt: '2026-03-01T09:00:00.000Z',
      updatedAt: '2026-03-01T11:00:00.000Z',
      executionStartedAt: '2026-03-01T09:05:00.000Z',
      executionCompletedAt: '2026-03-01T11:00:00.000Z',
      modelProvider: 'anthropic',
      modelId: 'claude-sonnet-4-5',
      mergeRetries: 1,
      tokenUsageInputTokens: 120000,
      tokenUsageOutputTokens: 8000,
      tokenUsageTotalTokens: 128000,
      steps: [{ name: 'Implement', status: 'done' }],
      log: [{ timestamp: '2026-03-01T09:00:00.000Z', action: 'Task created' }],
      workflowStepResults: [{ workflowStepId: 'WS-1', workflowStepName: 'Run tests', status: 'passed' }],
    });
    await insertTask(fusion, {
      id: 'FN-9',
      projectId: 'proj-b',
      title: 'Another project',
      description: 'x',
      column: 'done',
      createdAt: '2026-03-01T09:00:00.000Z',
      updatedAt: '2026-03-01T09:00:00.000Z',
    });
    await fusion.query(
      `INSERT INTO project.archived_tasks VALUES ('FN-2', 'proj-a', $1, '2026-03-05T00:00:00.000Z'), ('FN-8', 'proj-b', '{"id":"FN-8","column":"done"}', '2026-03-05T00:00:00.000Z')`,
      [
        JSON.stringify({
          id: 'FN-2',
          title: 'Old work',
          description: 'd',
          column: 'done',
          createdAt: '2026-02-01T09:00:00.000Z',
          updatedAt: '2026-02-01T10:00:00.000Z',
        }),
      ],
    );
    await fusion.query(
      `INSERT INTO project.task_documents VALUES ('d1', 'FN-1', 'plan', 'Add a button to the toolbar', 2, 'agent', '{}', '2026-03-01T09:10:00.000Z', '2026-03-01T09:20:00.000Z')`,
    );
    await fusion.query(
      `INSERT INTO project.run_audit_events VALUES ('a1', '2026-03-01T10:00:00.000Z', 'FN-1', 'executor', 'run-1', 'git', 'commit', 'main', '{"sha":"abc"}'), ('a9', '2026-03-01T10:00:00.000Z', 'FN-9', 'executor', 'run-9', 'git', 'commit', 'main', NULL)`,
    );
    await fusion.query(`INSERT INTO project.activity_log VALUES
      ('proj-a', 'act1', '2026-03-01T10:59:00.000Z', 'task:moved', 'FN-1', 'Add the export button', 'Moved to done', NULL),
      ('proj-b', 'act9', '2026-03-01T10:59:00.000Z', 'task:moved', 'FN-9', 'Another project', 'Moved to done', NULL)`);
  }

  afterAll(async () => {
    if (!admin) return;
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${reader}`);
    await admin.end();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const readerUrl = () => {
    const u = new URL(dbUrl);
    u.username = reader;
    return u.toString();
  };

  it("reads only this project's tasks, archived tasks, documents, run audit and board activity, with agent logs from the task folders, as a read-only role", async () => {
    const read = await readFusionProject(dir, { fusionDb: readerUrl() });
    expect(read.problems).toEqual([]);
    expect(read.projectId).toBe('proj-a');
    expect(read.tasks.map((t) => t.id)).toEqual(['FN-1', 'FN-2', 'FN-679']);
    const fn1 = read.tasks[0]!;
    expect(fn1).toMatchObject({
      column: 'done',
      modelId: 'claude-sonnet-4-5',
      mergeRetries: 1,
      tokenUsageInputTokens: 120000,
      tokenUsageTotalTokens: 128000,
      executionCompletedAt: '2026-03-01T11:00:00.000Z',
    });
    expect(fn1.workflowStepResults).toEqual([expect.objectContaining({ workflowStepId: 'WS-1', status: 'passed' })]);
    expect(fn1.documents).toEqual([
      expect.objectContaining({ key: 'plan', revision: 2, content: 'Add a button to the toolbar' }),
    ]);
    expect(fn1.runAudit).toEqual([
      expect.objectContaining({ id: 'a1', domain: 'git', mutationType: 'commit', metadata: { sha: 'abc' } }),
    ]);
    expect(fn1.log).toEqual([
      expect.objectContaining({ action: 'Task created' }),
      expect.objectContaining({ action: 'Moved to done', source: 'activityLog', type: 'task:moved' }),
    ]);
    expect(fn1.agentLogs).toEqual([expect.objectContaining({ type: 'tool', text: 'bash', detail: 'npm test' })]);
    expect(read.tasks[1]).toMatchObject({ id: 'FN-2', column: 'done', archivedAt: '2026-03-05T00:00:00.000Z' });
    // The real FN-679 record, written to PostgreSQL column by column, reads back as it was.
    const fixture = JSON.parse(readFileSync(join(FIXTURES, 'FN-679.task.json'), 'utf8')) as {
      log: unknown[];
      column: string;
    };
    expect(read.tasks[2]).toMatchObject({ column: fixture.column, log: fixture.log });
  });

  it('scores from the CLI with --fusion-db: board activity and documents reach the evidence, the password never reaches the output', async () => {
    const io = captureIo(dir);
    // The server trusts local connections, so the password is never asked for; it must not be printed either.
    const withPassword = new URL(readerUrl());
    withPassword.password = 'pw-never-shown';
    const code = await runCli(
      ['score', '--project', '.', '--fusion-db', withPassword.toString(), '--no-sessions', '--json'],
      io,
    );
    expect(code, io.err()).toBe(0);
    expect(io.out() + io.err()).not.toContain('pw-never-shown');
    const results = JSON.parse(io.out()) as {
      taskId: string;
      evidenceBundle: {
        groups: { source: string; entries: { id: string; label: string; ref: Record<string, unknown> }[] }[];
      };
    }[];
    expect(results.map((r) => r.taskId).sort()).toEqual(['FN-1', 'FN-2']);
    const groups = results.find((r) => r.taskId === 'FN-1')!.evidenceBundle.groups;
    const entries = (source: string) => groups.find((g) => g.source === source)?.entries ?? [];
    expect(entries('taskActivity')).toContainEqual(
      expect.objectContaining({
        label: 'Moved to done',
        ref: expect.objectContaining({ activityType: 'board:task:moved' }),
      }),
    );
    // The document it wrote, and its statement (its description) as the judge's citable spec.
    expect(entries('documents').map((e) => e.id.replace(/-r\d+$/, ''))).toEqual(
      expect.arrayContaining(['statement-1', expect.stringMatching(/^document-/)]),
    );
    expect(entries('documents')).toHaveLength(2);
    expect(entries('runAudit')).toHaveLength(1);
    expect(entries('commits')).toHaveLength(1);
  });

  it('takes DATABASE_URL from .fusion/.env when no --fusion-db is given', async () => {
    await writeFile(join(dir, '.fusion', '.env'), `# written by Fusion\nDATABASE_URL="${readerUrl()}"\n`);
    try {
      const read = await readFusionProject(dir);
      expect(read.tasks.map((t) => t.id)).toEqual(['FN-1', 'FN-2', 'FN-679']);
      expect(read.notices).toBeUndefined();
    } finally {
      await rm(join(dir, '.fusion', '.env'));
    }
  });

  it('without a database, reads the task folders and says what was not available', async () => {
    const io = captureIo(dir);
    const code = await runCli(['score', '--project', '.', '--no-sessions', '--column', 'all'], io);
    expect(io.err()).toMatch(
      /note: .* keeps its Fusion tasks in PostgreSQL and no database was given: .*without documents, run audit or the board's activity log \(give --fusion-db URL\)/,
    );
    // The folder holds an agent log but no task.json: that is a problem, and no task is left to score.
    expect(code).toBe(3);
  });

  it('refuses to guess between several projects when .fusion/project.json names none', async () => {
    const bare = await mkdtemp(join(tmpdir(), 'taskeval-fusion-pg-bare-'));
    try {
      await mkdir(join(bare, '.fusion', 'tasks'), { recursive: true });
      await expect(readFusionProject(bare, { fusionDb: dbUrl })).rejects.toMatchObject({
        code: 'source_invalid',
        field: '.fusion/project.json',
      });
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });

  it('an unreachable server is a clear error naming --fusion-db, with the password hidden', async () => {
    const io = captureIo(dir);
    const code = await runCli(
      ['score', '--project', '.', '--no-sessions', '--fusion-db', 'postgres://someone:s3cret@127.0.0.1:1/nothing'],
      io,
    );
    expect(code).toBe(3);
    expect(io.err()).toContain('cannot connect to the Fusion database postgres://someone:***@127.0.0.1:1/nothing');
    expect(io.err()).not.toContain('s3cret');
  });

  it('--fusion-db with task files is a usage error (exit 2)', async () => {
    await writeFile(join(dir, 'tasks.json'), JSON.stringify({ id: 'T-1', column: 'done' }));
    const io = captureIo(dir);
    expect(await runCli(['score', '--tasks', 'tasks.json', '--fusion-db', dbUrl], io)).toBe(2);
    expect(io.err()).toContain('--fusion-db reads a Fusion project');
    await rm(join(dir, 'tasks.json'));
  });
});
