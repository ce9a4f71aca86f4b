import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  boundTaskRecord,
  isTaskevalError,
  SourceError,
  TaskSchema,
  type Task,
  type TaskLogEntry,
} from '../../core/index.js';

import { describeZodIssue, formatSourceProblem, issueFieldPath } from '../files/index.js';
import type { SourceProblem, SourceReadResult } from '../source-read-result.js';
import { ProblemList } from '../transcripts/index.js';
import {
  detectFusionProject,
  FUSION_ARCHIVE_DB,
  FUSION_DB,
  FUSION_ENV,
  FUSION_PROJECT_JSON,
} from './detect-fusion-project.js';
import { readFusionPostgres } from './read-fusion-postgres.js';
import { readArchiveDatabase } from './read-archive-database.js';
import { readFusionDatabase, type DatabaseRecord, type FusionDatabaseData } from './read-fusion-database.js';
import { readAgentLogFile, readTaskFolders, type TaskFolder } from './read-task-folders.js';
import { titleFromPrompt } from './title-from-prompt.js';

export interface ReadFusionProjectOptions {
  /** Make the first problem fatal instead of a reported one. */
  strict?: boolean;
  /**
   * A Fusion PostgreSQL database URL: tasks, archived tasks, documents, run audit and the board's activity
   * log are read from it instead of `.fusion/fusion.db`. Without it, a project with no fusion.db uses
   * DATABASE_URL from `.fusion/.env` when Fusion wrote a postgres:// one there.
   */
  fusionDb?: string;
}

/** Problems listed per project before the rest are summarised. */
const MAX_PROBLEMS = 1000;
const MAX_ISSUES_PER_RECORD = 5;

/**
 * Reads a Fusion project's tasks without Fusion. Fusion's PostgreSQL era (`fusionDb`, or DATABASE_URL in
 * `.fusion/.env`): tasks, archived tasks, documents, run audit and the board's activity log from the
 * database, read-only in one transaction, agent logs from the task folders. Before it: `.fusion/fusion.db` (read-only) with its archived
 * tasks, agent log turns, documents and run audit, `.fusion/archive.db`, and the task folders
 * (`.fusion/tasks/<ID>/`, `.kb/tasks/<ID>/` with task.json, PROMPT.md, agent-log.jsonl). A database
 * row is preferred over its task.json; PROMPT.md fills the prompt and, when missing, the title.
 * Invalid records and unreadable files are problems (with `strict`, the first one throws).
 */
export async function readFusionProject(
  dir: string,
  options: ReadFusionProjectOptions = {},
): Promise<SourceReadResult> {
  if (!detectFusionProject(dir)) {
    throw new SourceError(
      'source_unreadable',
      `${dir} is not a Fusion project: found no ${FUSION_DB}, .fusion/tasks or .kb/tasks`,
      {
        field: 'project',
        hint: 'Point --project at the directory that holds .fusion/ (or .kb/), or give tasks with --tasks.',
      },
    );
  }
  const problems = new ProblemList(dir, options.strict, MAX_PROBLEMS);
  const unreadable: SourceProblem[] = [];
  const notices: string[] = [];
  const dbPath = join(dir, FUSION_DB);
  const projectJson = await projectJsonId(dir);
  const pgUrl = options.fusionDb ?? (existsSync(dbPath) ? undefined : await envDatabaseUrl(dir));
  let db: FusionDatabaseData | undefined;
  let activity: Map<string, TaskLogEntry[]> | undefined;
  if (pgUrl !== undefined) {
    const pg = await readFusionPostgres(pgUrl, projectJson, problems);
    db = pg;
    activity = pg.activity;
  } else if (existsSync(dbPath)) {
    db = readSafely(dbPath, () => readFusionDatabase(dbPath, problems), problems, unreadable);
  } else if (existsSync(join(dir, FUSION_PROJECT_JSON))) {
    notices.push(
      `${dir} keeps its Fusion tasks in PostgreSQL and no database was given: read the task folders only, without documents, run audit or the board's activity log (give --fusion-db URL)`,
    );
  }
  const archivePath = join(dir, FUSION_ARCHIVE_DB);
  const archived = existsSync(archivePath)
    ? readSafely(archivePath, () => readArchiveDatabase(archivePath, problems), problems, unreadable)
    : undefined;
  const folders = await readTaskFolders(dir, problems);

  const chosen = chooseRecords([...(db?.records ?? []), ...(archived ?? [])], folders, problems);
  const folderOf = new Map<string, TaskFolder>();
  for (const folder of folders) {
    folderOf.set(folder.id, folder);
    if (typeof folder.record?.id === 'string') folderOf.set(folder.record.id, folder);
  }
  const tasks: Task[] = [];
  for (const [id, source] of chosen) {
    const record = await complete(id, source, folderOf.get(id), db, problems);
    const board = activity?.get(id);
    if (board) record.log = [...(Array.isArray(record.log) ? record.log : []), ...board];
    const parsed = TaskSchema.safeParse(boundTaskRecord(record));
    if (parsed.success) {
      tasks.push(parsed.data);
      continue;
    }
    const issues = parsed.error.issues;
    for (const issue of issues.slice(0, MAX_ISSUES_PER_RECORD)) {
      const field = issueFieldPath(issue);
      problems.add({ path: source.path, taskId: id, ...(field ? { field } : {}), message: describeZodIssue(issue) });
    }
    if (issues.length > MAX_ISSUES_PER_RECORD)
      problems.add({
        path: source.path,
        taskId: id,
        message: `${issues.length - MAX_ISSUES_PER_RECORD} more problems in this record`,
      });
  }
  if (unreadable.length > 0 && tasks.length === 0) {
    // Nothing else could be read: an empty result would look like a project without tasks.
    throw new SourceError('source_unreadable', formatSourceProblem(unreadable[0]!), {
      field: 'project',
      hint: 'Check that the file is a Fusion SQLite database and readable by this user.',
    });
  }
  tasks.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  const result: SourceReadResult = { tasks, problems: problems.done() };
  const projectId = db?.projectId ?? projectJson;
  if (projectId) result.projectId = projectId;
  if (notices.length > 0) result.notices = notices;
  return result;
}

function readSafely<T>(path: string, read: () => T, problems: ProblemList, unreadable: SourceProblem[]): T | undefined {
  try {
    return read();
  } catch (error) {
    if (isTaskevalError(error)) throw error;
    const problem = {
      path,
      message: `cannot read the Fusion database: ${(error as Error).message}; expected a readable SQLite file written by Fusion`,
    };
    unreadable.push(problem);
    problems.add(problem, 'source_unreadable');
    return undefined;
  }
}

/** Live rows first, then archived ones, then task.json files; the first source of an id wins. */
function chooseRecords(
  rows: DatabaseRecord[],
  folders: TaskFolder[],
  problems: ProblemList,
): Map<string, DatabaseRecord> {
  const chosen = new Map<string, DatabaseRecord>();
  rows.forEach((row) => {
    const id = row.record.id;
    if (typeof id !== 'string' || id === '') {
      problems.add({ path: row.path, field: 'id', message: 'required string id is missing; the row was skipped' });
      return;
    }
    if (!chosen.has(id)) chosen.set(id, row);
  });
  for (const folder of folders) {
    const id = typeof folder.record?.id === 'string' && folder.record.id ? folder.record.id : folder.id;
    if (chosen.has(id) || folder.broken) continue;
    if (folder.record) chosen.set(id, { record: { ...folder.record, id }, path: folder.taskJsonPath, archived: false });
    else
      problems.add({
        path: folder.taskJsonPath,
        taskId: folder.id,
        message: 'missing; expected task.json in the task folder (or the task in .fusion/fusion.db)',
      });
  }
  return chosen;
}

async function complete(
  id: string,
  source: DatabaseRecord,
  folder: TaskFolder | undefined,
  db: FusionDatabaseData | undefined,
  problems: ProblemList,
): Promise<Record<string, unknown>> {
  const record = { ...source.record };
  if (record.prompt === undefined && folder?.prompt !== undefined) record.prompt = folder.prompt;
  if (record.title === undefined) {
    const title = titleFromPrompt(typeof record.prompt === 'string' ? record.prompt : undefined, id);
    if (title) record.title = title;
  }
  if (source.archived && record.column === undefined) record.column = 'archived';
  const logs =
    db?.agentLogs.get(id) ??
    (folder?.agentLogPath ? await readAgentLogFile(folder.agentLogPath, id, problems) : undefined);
  if (logs) record.agentLogs = logs;
  const documents = db?.documents.get(id);
  if (documents) record.documents = documents;
  const audit = db?.runAudit.get(id);
  if (audit) record.runAudit = audit;
  return record;
}

/** DATABASE_URL from `.fusion/.env`, when it names a PostgreSQL database (Fusion writes it for a server it does not embed). */
async function envDatabaseUrl(dir: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, FUSION_ENV), 'utf8');
  } catch {
    return undefined;
  }
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?DATABASE_URL\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    const value = m[1]!.replace(/^(['"])(.*)\1$/, '$2');
    return /^postgres(?:ql)?:\/\//i.test(value) ? value : undefined;
  }
  return undefined;
}

/** Newer Fusion versions name the project in `.fusion/project.json`. */
async function projectJsonId(dir: string): Promise<string | undefined> {
  try {
    const value = JSON.parse(await readFile(join(dir, '.fusion', 'project.json'), 'utf8')) as Record<string, unknown>;
    const id = value.projectId ?? value.id;
    return typeof id === 'string' && id !== '' ? id : undefined;
  } catch {
    return undefined;
  }
}
