import { betterSqlite3 } from '../load-better-sqlite3.js';
import type { ProblemList } from '../transcripts/index.js';
import type { DatabaseRecord } from './read-fusion-database.js';
import { epochToIso, mapTaskRow } from './map-task-row.js';
import { selectExisting, tableColumns } from './table-columns.js';

const COLUMNS = [
  'id',
  'taskJson',
  'prompt',
  'archivedAt',
  'title',
  'description',
  'createdAt',
  'updatedAt',
  'columnMovedAt',
] as const;

/**
 * Reads the archived tasks some Fusion versions keep in `.fusion/archive.db` (`archived_tasks`):
 * the whole task from `taskJson`, with the row's own columns filling what it lacks. Read-only.
 */
export function readArchiveDatabase(path: string, problems: ProblemList): DatabaseRecord[] {
  const Driver = betterSqlite3();
  const db = new Driver(path, { readonly: true, fileMustExist: true });
  try {
    const columns = tableColumns(db, 'archived_tasks');
    const sql = columns && selectExisting(columns, 'archived_tasks', COLUMNS);
    if (!sql) return [];
    const records: DatabaseRecord[] = [];
    for (const row of db.prepare(`${sql} ORDER BY rowid`).iterate() as Iterable<Record<string, unknown>>) {
      const id = typeof row.id === 'string' ? row.id : undefined;
      let whole: Record<string, unknown> = {};
      if (typeof row.taskJson === 'string') {
        try {
          const parsed = JSON.parse(row.taskJson) as unknown;
          if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
            whole = parsed as Record<string, unknown>;
          else throw new Error('not a JSON object');
        } catch (error) {
          problems.add({
            path,
            ...(id ? { taskId: id } : {}),
            field: 'archived_tasks.taskJson',
            message: `expected the archived task as a JSON object (${(error as Error).message.replace(/\s+/g, ' ')})`,
          });
          continue;
        }
      }
      const record = mapTaskRow(whole, []);
      for (const key of COLUMNS) {
        if (key === 'taskJson' || record[key] !== undefined || row[key] == null) continue;
        const value = row[key];
        record[key] = key.endsWith('At') && typeof value === 'number' ? epochToIso(value) : value;
      }
      records.push({ record, path, archived: true });
    }
    return records;
  } finally {
    db.close();
  }
}
