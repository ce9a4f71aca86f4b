import type { Client } from 'pg';
import {
  redactUrl,
  RunAuditEventSchema,
  SourceError,
  TaskDocumentSchema,
  type TaskLogEntry,
} from '../../core/index.js';
import type { ProblemList } from '../transcripts/index.js';
import { pgDriver } from './load-pg.js';
import { mapTaskRow } from './map-task-row.js';
import type { FusionDatabaseData } from './read-fusion-database.js';
import { parseJsonObject, push, validRow } from './row-values.js';

/** What Fusion's PostgreSQL era holds for one project: the task-database data, plus the board's activity log. */
export interface FusionPostgresData extends FusionDatabaseData {
  /** `activity_log` rows per task, as task log lines marked `source: 'activityLog'`. */
  activity: Map<string, TaskLogEntry[]>;
  /** The tables of schema `project` that were found and read. */
  tables: string[];
}

type Row = Record<string, unknown>;

const SCHEMA = 'project';

/**
 * Reads one project from a Fusion PostgreSQL database (schema `project`, snake_case columns, rows keyed
 * by `project_id`): tasks, archived tasks, documents, run audit and the board's activity log, in one
 * read-only transaction so every table is seen at the same moment. Missing tables and columns are
 * skipped; bad values become problems. Agent logs are not in the database (Fusion keeps them in
 * `.fusion/tasks/<ID>/agent-log.jsonl`). Throws a SourceError naming `--fusion-db` when the server
 * cannot be reached or holds no Fusion schema.
 */
export async function readFusionPostgres(
  url: string,
  projectId: string | undefined,
  problems: ProblemList,
): Promise<FusionPostgresData> {
  const where = redactUrl(url);
  const Pg = pgDriver();
  const client = new Pg.Client({ connectionString: url, application_name: 'taskeval (read-only)' });
  try {
    await client.connect();
  } catch (error) {
    throw new SourceError(
      'source_unreadable',
      `cannot connect to the Fusion database ${where}: ${(error as Error).message}`,
      {
        field: '--fusion-db',
        hint: 'Check the URL (postgres://user@host:port/database), that the server runs, and that this user may read it.',
      },
    );
  }
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const columns = await schemaColumns(client);
    if (!columns.has('tasks')) {
      throw new SourceError('source_unreadable', `${where} holds no Fusion tasks: found no table ${SCHEMA}.tasks`, {
        field: '--fusion-db',
        hint: "Give the URL of the database Fusion itself uses (its DATABASE_URL), not the application's own.",
      });
    }
    const project = await chooseProject(client, columns, projectId, where);
    const data: FusionPostgresData = {
      records: [],
      agentLogs: new Map(),
      documents: new Map(),
      runAudit: new Map(),
      activity: new Map(),
      tables: [...columns.keys()].sort(),
    };
    if (project !== undefined) data.projectId = project;
    const path = `${where} ${SCHEMA}.tasks`;
    const ids = new Set<string>();
    for (const row of await selectRows(client, columns, 'tasks', project)) {
      const columnProblems: { field: string; message: string }[] = [];
      const record = mapTaskRow(camelRow(row), columnProblems);
      const taskId = typeof record.id === 'string' ? record.id : undefined;
      if (taskId) ids.add(taskId);
      for (const p of columnProblems)
        problems.add({ path, ...(taskId ? { taskId } : {}), field: `tasks.${p.field}`, message: p.message });
      data.records.push({ record, path, archived: false });
    }
    await readArchived(client, columns, project, `${where} ${SCHEMA}.archived_tasks`, data, ids, problems);
    const taskIds = [...ids];
    await readDocuments(client, columns, taskIds, `${where} ${SCHEMA}.task_documents`, data, problems);
    await readRunAudit(client, columns, taskIds, `${where} ${SCHEMA}.run_audit_events`, data, problems);
    await readActivity(client, columns, project, taskIds, data);
    await client.query('COMMIT');
    return data;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (error instanceof SourceError) throw error;
    throw new SourceError(
      'source_unreadable',
      `cannot read the Fusion database ${where}: ${(error as Error).message}`,
      { field: '--fusion-db' },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** table → (column → data type) for every table of schema `project`. */
async function schemaColumns(client: Client): Promise<Map<string, Map<string, string>>> {
  const { rows } = await client.query<{ table_name: string; column_name: string; data_type: string }>(
    'SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, ordinal_position',
    [SCHEMA],
  );
  const tables = new Map<string, Map<string, string>>();
  for (const r of rows) {
    let table = tables.get(r.table_name);
    if (!table) tables.set(r.table_name, (table = new Map()));
    table.set(r.column_name, r.data_type);
  }
  return tables;
}

/**
 * The project whose rows are read: the id from `.fusion/project.json`; without one, the only project the
 * database holds. A database shared by several projects and no id to choose one is an error, not a guess.
 */
async function chooseProject(
  client: Client,
  columns: Map<string, Map<string, string>>,
  projectId: string | undefined,
  where: string,
): Promise<string | undefined> {
  if (!columns.get('tasks')!.has('project_id')) return projectId;
  if (projectId !== undefined) return projectId;
  const { rows } = await client.query<{ project_id: string }>(
    `SELECT DISTINCT project_id FROM ${SCHEMA}.tasks WHERE project_id IS NOT NULL LIMIT 2`,
  );
  if (rows.length > 1) {
    throw new SourceError(
      'source_invalid',
      `${where} holds several Fusion projects and this project names none: found no projectId in .fusion/project.json`,
      {
        field: '.fusion/project.json',
        hint: 'Run taskeval from the project Fusion manages (its .fusion/project.json names the project id).',
      },
    );
  }
  return rows[0]?.project_id;
}

async function selectRows(
  client: Client,
  columns: Map<string, Map<string, string>>,
  table: string,
  project: string | undefined,
): Promise<Row[]> {
  const cols = columns.get(table);
  if (!cols) return [];
  const keyed = project !== undefined && cols.has('project_id');
  const sql = `SELECT * FROM ${SCHEMA}.${table}${keyed ? ' WHERE project_id = $1' : ''}${cols.has('id') ? ' ORDER BY id' : ''}`;
  const { rows } = await client.query<Row>(sql, keyed ? [project] : []);
  return rows.map((row) => numericBigints(row, cols));
}

async function readArchived(
  client: Client,
  columns: Map<string, Map<string, string>>,
  project: string | undefined,
  path: string,
  data: FusionPostgresData,
  ids: Set<string>,
  problems: ProblemList,
): Promise<void> {
  if (!columns.get('archived_tasks')?.has('data')) return;
  for (const row of await selectRows(client, columns, 'archived_tasks', project)) {
    const id = typeof row.id === 'string' ? row.id : undefined;
    const parsed =
      typeof row.data === 'object' && row.data !== null
        ? { ok: true as const, value: row.data as Record<string, unknown> }
        : parseJsonObject(row.data);
    if (!parsed.ok) {
      problems.add({
        path,
        ...(id ? { taskId: id } : {}),
        field: 'archived_tasks.data',
        message: `expected the archived task as a JSON object (${parsed.reason})`,
      });
      continue;
    }
    const record = mapTaskRow(parsed.value, []);
    if (id && record.id === undefined) record.id = id;
    if (record.archivedAt === undefined && typeof row.archived_at === 'string') record.archivedAt = row.archived_at;
    if (typeof record.id === 'string') ids.add(record.id);
    data.records.push({ record, path, archived: true });
  }
}

async function rowsForTasks(
  client: Client,
  columns: Map<string, Map<string, string>>,
  table: string,
  taskIds: string[],
  order: string,
): Promise<Row[]> {
  const cols = columns.get(table);
  if (!cols?.has('task_id') || taskIds.length === 0) return [];
  const { rows } = await client.query<Row>(
    `SELECT * FROM ${SCHEMA}.${table} WHERE task_id = ANY($1::text[]) ORDER BY ${order}`,
    [taskIds],
  );
  return rows.map((row) => camelRow(numericBigints(row, cols)));
}

async function readDocuments(
  client: Client,
  columns: Map<string, Map<string, string>>,
  taskIds: string[],
  path: string,
  data: FusionPostgresData,
  problems: ProblemList,
): Promise<void> {
  for (const row of await rowsForTasks(client, columns, 'task_documents', taskIds, 'task_id, key')) {
    const { taskId, id: _id, metadata: _metadata, ...rest } = row;
    const doc = validRow(TaskDocumentSchema, rest, path, String(taskId), 'task_documents', problems);
    if (doc) push(data.documents, String(taskId), doc);
  }
}

async function readRunAudit(
  client: Client,
  columns: Map<string, Map<string, string>>,
  taskIds: string[],
  path: string,
  data: FusionPostgresData,
  problems: ProblemList,
): Promise<void> {
  for (const row of await rowsForTasks(client, columns, 'run_audit_events', taskIds, 'timestamp, id')) {
    const { taskId, ...rest } = row;
    const event = validRow(RunAuditEventSchema, rest, path, String(taskId), 'run_audit_events', problems);
    if (event) push(data.runAudit, String(taskId), event);
  }
}

/** The board's activity log: what happened to each task on the board, as log lines of the task. */
async function readActivity(
  client: Client,
  columns: Map<string, Map<string, string>>,
  project: string | undefined,
  taskIds: string[],
  data: FusionPostgresData,
): Promise<void> {
  const cols = columns.get('activity_log');
  if (!cols?.has('task_id') || !cols.has('timestamp') || taskIds.length === 0) return;
  const keyed = project !== undefined && cols.has('project_id');
  const { rows } = await client.query<Row>(
    `SELECT * FROM ${SCHEMA}.activity_log WHERE task_id = ANY($1::text[])${keyed ? ' AND project_id = $2' : ''} ORDER BY timestamp, id`,
    keyed ? [taskIds, project] : [taskIds],
  );
  for (const row of rows) {
    if (typeof row.timestamp !== 'string' || Number.isNaN(Date.parse(row.timestamp))) continue;
    const details =
      typeof row.details === 'string' && row.details.trim() ? row.details : String(row.type ?? 'activity');
    push(data.activity, String(row.task_id), {
      timestamp: row.timestamp,
      action: details,
      source: 'activityLog',
      ...(typeof row.type === 'string' ? { type: row.type } : {}),
    });
  }
}

/** snake_case columns as the camelCase fields of Fusion's task records (`execution_completed_at` → `executionCompletedAt`). */
function camelRow(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'search_vector') continue;
    out[key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return out;
}

/** pg returns bigint columns as strings, to be safe past 2^53; counters and token counts fit a number. */
function numericBigints(row: Row, cols: Map<string, string>): Row {
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === 'string' && cols.get(key) === 'bigint' && /^-?\d{1,15}$/.test(value)) row[key] = Number(value);
  }
  return row;
}
