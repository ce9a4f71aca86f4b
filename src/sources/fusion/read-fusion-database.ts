import type Database from 'better-sqlite3';
import { betterSqlite3 } from '../load-better-sqlite3.js';
import {
  AgentLogEntrySchema,
  RunAuditEventSchema,
  TaskDocumentSchema,
  type AgentLogEntry,
  type RunAuditEvent,
  type TaskDocument,
} from '../../core/index.js';
import type { ProblemList } from '../transcripts/index.js';
import { parseJsonObject, push, validRow } from './row-values.js';
import { LogFragmentJoiner } from './log-fragment-joiner.js';
import { epochToIso, mapTaskRow } from './map-task-row.js';
import { quote, selectExisting, tableColumns } from './table-columns.js';

/** A task record read from a database, before validation. */
export interface DatabaseRecord {
  record: Record<string, unknown>;
  /** Where problems with it are reported. */
  path: string;
  archived: boolean;
}

/** What one Fusion database holds for taskeval. */
export interface FusionDatabaseData {
  records: DatabaseRecord[];
  agentLogs: Map<string, AgentLogEntry[]>;
  documents: Map<string, TaskDocument[]>;
  runAudit: Map<string, RunAuditEvent[]>;
  projectId?: string;
}

type Row = Record<string, unknown>;

/**
 * Reads `.fusion/fusion.db` read-only: tasks, archived tasks, agent log turns, documents, run audit
 * and the project id. Missing tables and columns are skipped. Throws only when the file cannot be
 * opened or read as SQLite; bad values become problems.
 */
export function readFusionDatabase(path: string, problems: ProblemList): FusionDatabaseData {
  // Never immutable: Fusion may be writing in WAL mode, and its -wal file must be read too.
  const Driver = betterSqlite3();
  const db = new Driver(path, { readonly: true, fileMustExist: true });
  try {
    const data: FusionDatabaseData = { records: [], agentLogs: new Map(), documents: new Map(), runAudit: new Map() };
    readTasks(db, path, data, problems);
    readArchivedTasks(db, path, data, problems);
    readAgentLogs(db, path, data, problems);
    readDocuments(db, path, data, problems);
    readRunAudit(db, path, data, problems);
    const projectId = readProjectId(db);
    if (projectId) data.projectId = projectId;
    return data;
  } finally {
    db.close();
  }
}

function readTasks(db: Database.Database, path: string, data: FusionDatabaseData, problems: ProblemList): void {
  const columns = tableColumns(db, 'tasks');
  if (!columns) return;
  const sql = selectExisting(columns, 'tasks', [...columns]);
  if (!sql) return;
  for (const row of db.prepare(`${sql} ORDER BY rowid`).iterate() as Iterable<Row>) {
    const columnProblems: { field: string; message: string }[] = [];
    const record = mapTaskRow(row, columnProblems);
    const taskId = typeof record.id === 'string' ? record.id : undefined;
    for (const p of columnProblems)
      problems.add({ path, ...(taskId ? { taskId } : {}), field: `tasks.${p.field}`, message: p.message });
    data.records.push({ record, path, archived: false });
  }
}

function readArchivedTasks(db: Database.Database, path: string, data: FusionDatabaseData, problems: ProblemList): void {
  const columns = tableColumns(db, 'archivedTasks');
  const sql = columns && selectExisting(columns, 'archivedTasks', ['id', 'data', 'archivedAt']);
  if (!sql || !columns.has('data')) return;
  for (const row of db.prepare(`${sql} ORDER BY rowid`).iterate() as Iterable<Row>) {
    const id = typeof row.id === 'string' ? row.id : undefined;
    const parsed = parseJsonObject(row.data);
    if (!parsed.ok) {
      problems.add({
        path,
        ...(id ? { taskId: id } : {}),
        field: 'archivedTasks.data',
        message: `expected the archived task as a JSON object (${parsed.reason})`,
      });
      continue;
    }
    const record = mapTaskRow(parsed.value, []);
    if (id && record.id === undefined) record.id = id;
    if (record.archivedAt === undefined && row.archivedAt != null)
      record.archivedAt = typeof row.archivedAt === 'number' ? epochToIso(row.archivedAt) : row.archivedAt;
    data.records.push({ record, path, archived: true });
  }
}

function readAgentLogs(db: Database.Database, path: string, data: FusionDatabaseData, problems: ProblemList): void {
  const columns = tableColumns(db, 'agentLogEntries');
  if (!columns?.has('taskId')) return;
  const sql = selectExisting(columns, 'agentLogEntries', ['taskId', 'timestamp', 'text', 'type', 'detail', 'agent']);
  const joiners = new Map<string, LogFragmentJoiner>();
  // Rowid order is write order; fragments of a task stay consecutive for it even when tasks interleave.
  for (const row of db.prepare(`${sql} ORDER BY rowid`).iterate() as Iterable<Row>) {
    const taskId = String(row.taskId);
    const entry = validRow(
      AgentLogEntrySchema,
      withIsoTime(row, 'timestamp'),
      path,
      taskId,
      'agentLogEntries',
      problems,
    );
    if (!entry) continue;
    let joiner = joiners.get(taskId);
    if (!joiner) joiners.set(taskId, (joiner = new LogFragmentJoiner()));
    joiner.add(entry);
  }
  for (const [taskId, joiner] of joiners) data.agentLogs.set(taskId, joiner.entries());
}

function readDocuments(db: Database.Database, path: string, data: FusionDatabaseData, problems: ProblemList): void {
  const columns = tableColumns(db, 'task_documents');
  if (!columns?.has('taskId')) return;
  const sql = selectExisting(columns, 'task_documents', [
    'taskId',
    'key',
    'content',
    'revision',
    'author',
    'createdAt',
    'updatedAt',
  ]);
  for (const row of db
    .prepare(`${sql} ORDER BY ${quote('taskId')}, ${columns.has('key') ? quote('key') : 'rowid'}`)
    .iterate() as Iterable<Row>) {
    const taskId = String(row.taskId);
    const { taskId: _, ...rest } = withIsoTime(withIsoTime(row, 'createdAt'), 'updatedAt');
    const doc = validRow(TaskDocumentSchema, rest, path, taskId, 'task_documents', problems);
    if (doc) push(data.documents, taskId, doc);
  }
}

function readRunAudit(db: Database.Database, path: string, data: FusionDatabaseData, problems: ProblemList): void {
  const columns = tableColumns(db, 'runAuditEvents');
  if (!columns?.has('taskId')) return;
  const sql = selectExisting(columns, 'runAuditEvents', [
    'id',
    'timestamp',
    'taskId',
    'agentId',
    'runId',
    'domain',
    'mutationType',
    'target',
    'metadata',
  ]);
  for (const row of db.prepare(`${sql} ORDER BY rowid`).iterate() as Iterable<Row>) {
    if (row.taskId === null) continue;
    const taskId = String(row.taskId);
    const { taskId: _, ...rest } = withIsoTime(row, 'timestamp');
    if (typeof rest.metadata === 'string') {
      const parsed = parseJsonObject(rest.metadata);
      if (parsed.ok) rest.metadata = parsed.value;
    }
    const event = validRow(RunAuditEventSchema, rest, path, taskId, 'runAuditEvents', problems);
    if (event) push(data.runAudit, taskId, event);
  }
}

function readProjectId(db: Database.Database): string | undefined {
  const columns = tableColumns(db, '__meta');
  if (!columns?.has('key') || !columns.has('value')) return undefined;
  const row = db
    .prepare(`SELECT ${quote('value')} AS value FROM ${quote('__meta')} WHERE ${quote('key')} = ?`)
    .get('projectId') as { value?: unknown } | undefined;
  return typeof row?.value === 'string' && row.value !== '' ? row.value : undefined;
}

function withIsoTime(row: Row, key: string): Row {
  const value = row[key];
  return typeof value === 'number' ? { ...row, [key]: epochToIso(value) } : row;
}
