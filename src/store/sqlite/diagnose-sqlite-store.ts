import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { StoreError } from '../../core/index.js';
import { checkSqliteIntegrity, type IntegrityReport } from './check-sqlite-integrity.js';
import { openSqliteReadOnly } from './open-sqlite-read-only.js';
import { SQLITE_MIGRATIONS } from './sqlite-migrations.js';

/** What `taskeval doctor` reports about a store file; nothing is written to it. */
export interface StoreDiagnosis {
  path: string;
  bytes: number;
  walBytes: number;
  /** Schema versions applied, and the newest this taskeval knows. */
  schema: { applied: number[]; known: number };
  integrity: IntegrityReport;
  /** Runs by status; null when the damage keeps them from being counted. */
  runs: Record<string, number> | null;
  results: number | null;
  /** Runs still marked running or pending (another process, or one that was killed). */
  active: { id: string; status: string; heartbeatAt: string | null }[];
  healthy: boolean;
  /** What limited the check (read-only media with a pending write-ahead log). */
  notes: string[];
}

/** Opens the file read-only and runs the full integrity check, foreign keys included. */
export function diagnoseSqliteStore(file: string): StoreDiagnosis {
  const path = resolve(file);
  if (!existsSync(path))
    throw new StoreError('not_found', `no taskeval store at ${path}`, {
      field: 'db',
      hint: 'name the store with --db PATH or --project DIR',
    });
  let db: Database.Database;
  let note: string | null;
  try {
    ({ db, note } = openSqliteReadOnly(path));
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw new StoreError(
      'store_corrupt',
      `${path}: cannot be opened as a SQLite database: ${(error as Error).message}`,
      { field: 'db', cause: error },
    );
  }
  try {
    const integrity = checkSqliteIntegrity(db, 'full');
    const tryRead = <T>(read: () => T, fallback: T): T => {
      try {
        return read();
      } catch {
        return fallback;
      }
    };
    const applied = tryRead(
      () =>
        (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map(
          (r) => r.version,
        ),
      [],
    );
    const runs = tryRead<Record<string, number> | null>(
      () =>
        Object.fromEntries(
          (
            db.prepare('SELECT status, COUNT(*) AS n FROM eval_runs GROUP BY status ORDER BY status').all() as {
              status: string;
              n: number;
            }[]
          ).map((r) => [r.status, r.n]),
        ),
      null,
    );
    const results = tryRead<number | null>(
      () => (db.prepare('SELECT COUNT(*) AS n FROM eval_task_results').get() as { n: number }).n,
      null,
    );
    const active = tryRead(
      () =>
        (
          db
            .prepare(
              "SELECT id, status, heartbeat_at FROM eval_runs WHERE status IN ('pending','running') ORDER BY created_at",
            )
            .all() as { id: string; status: string; heartbeat_at: string | null }[]
        ).map((r) => ({
          id: r.id,
          status: r.status,
          heartbeatAt: r.heartbeat_at,
        })),
      [],
    );
    const known = Math.max(0, ...SQLITE_MIGRATIONS.map((m) => m.version));
    const wal = `${path}-wal`;
    return {
      path,
      bytes: statSync(path).size,
      walBytes: existsSync(wal) ? statSync(wal).size : 0,
      schema: { applied, known },
      integrity,
      runs,
      results,
      active,
      healthy: integrity.ok,
      notes: note ? [note] : [],
    };
  } finally {
    db.close();
  }
}
