import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { StoreError } from '../../core/index.js';
import { applySqliteMigrations, newerSchemaError } from './apply-sqlite-migrations.js';
import { assertSqliteIntact } from './check-sqlite-integrity.js';
import { SQLITE_MIGRATIONS } from './sqlite-migrations.js';
import { openSqliteReadOnly } from './open-sqlite-read-only.js';
import { SqliteStore } from './sqlite-store.js';
import { betterSqlite3 } from './load-better-sqlite3.js';

export interface OpenSqliteStoreOptions {
  /** The database file; its directory is created when missing. */
  path: string;
  /** Clock for migration records. */
  now?: () => string;
  /** How long a write waits for another process's lock. */
  busyTimeoutMs?: number;
  /** Results saved before WAL checkpoints move to a worker thread (default 200; Infinity: never). */
  backgroundCheckpointAfter?: number;
  /** Run SQLite's quick_check before anything is written, refusing a damaged file (store_corrupt). */
  checkIntegrity?: boolean;
  /** Open for reading only: nothing is written or migrated, and read-only media can be read. */
  readOnly?: boolean;
  /**
   * SQLite's page cache in MiB (default 16). A command writing a run needs little (64 MiB cost a 200,000-task
   * run 50 MB of its 400 MB); the dashboard's server walks indexes of 100k+ results and asks for 64.
   */
  cacheMiB?: number;
  /**
   * How much of the file SQLite maps into memory, in MiB (default 0). Mapped pages count as the process's own
   * once read: a batch's integrity check of a 3.5 GB store touched 256 MiB of them. The server maps 256.
   */
  mmapMiB?: number;
  /** Hold task ids and titles in memory for text search: a long-lived server's choice (~55 MB a million results). */
  textInMemory?: boolean;
}

/**
 * Opens (or creates) the SQLite store: WAL, busy timeout, foreign keys, migrations applied (an existing
 * store is copied to a backup first). With `readOnly`, the file is only read, at the schema it has.
 */
export function openSqliteStore(options: OpenSqliteStoreOptions): SqliteStore {
  const path = resolve(options.path);
  if (options.readOnly) return openForReading(path, options.cacheMiB ?? 16);
  let db: Database.Database;
  // The store's own folder (.taskeval/) is made when missing; a path whose folders above that are missing is a
  // mistyped --db, not a tree to create from the root.
  if (!existsSync(dirname(dirname(path))))
    throw new StoreError('store_failed', `${path}: the directory ${dirname(dirname(path))} does not exist`, {
      field: 'db',
      hint: 'check the path given with --db (or db in the config), or create the directory first',
    });
  try {
    mkdirSync(dirname(path), { recursive: true });
    const Driver = betterSqlite3();
    db = new Driver(path);
  } catch (error) {
    throw new StoreError('store_failed', `${path}: cannot open the database: ${(error as Error).message}`, {
      cause: error,
      hint: 'check that the directory is writable, or pass --db PATH',
    });
  }
  try {
    db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 10_000)}`);
    // Only takes effect on a new, empty file (before WAL and the first table): 8 KiB pages cut a result's
    // ~30 KiB row to 4 overflow pages and each commit's WAL frames by a fifth; measured ~15% less CPU per write.
    db.pragma('page_size = 8192');
    db.pragma('journal_mode = WAL');
    // WAL with NORMAL survives a crash of the process; only power loss may drop the last commits.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // Results carry ~30 KiB bundles; checkpoint every ~40 MiB of WAL rather than every 4 MiB.
    db.pragma('wal_autocheckpoint = 10000');
    db.pragma(`cache_size = -${Math.trunc((options.cacheMiB ?? 16) * 1024)}`);
    db.pragma(`mmap_size = ${Math.trunc((options.mmapMiB ?? 0) * 1024 * 1024)}`);
    if (options.checkIntegrity) assertSqliteIntact(db, path);
    const now = (options.now ?? (() => new Date().toISOString()))();
    const state = sqliteSchemaState(db);
    const backup =
      state.newest > 0 && state.newest < state.known ? backupBeforeMigrating(db, path, state.newest, now) : null;
    applySqliteMigrations(db, SQLITE_MIGRATIONS, now, path);
    const store = new SqliteStore(db, path, {
      backgroundCheckpointAfter: options.backgroundCheckpointAfter,
      textInMemory: options.textInMemory ?? false,
    });
    if (backup) store.upgraded = { from: state.newest, to: state.known, backup };
    return store;
  } catch (error) {
    db.close();
    if (error instanceof StoreError) throw error;
    throw new StoreError('store_failed', `${path}: cannot prepare the database: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** Largest store a reading command checks (quick_check) before it reads. */
export const READ_CHECK_MAX_BYTES = 256 * 1024 * 1024;

/** A store read at the schema it has: refused, naming the command that upgrades it, when that is older. */
function openForReading(path: string, cacheMiB: number): SqliteStore {
  const { db, note } = openSqliteReadOnly(path);
  try {
    // As a writing command's: a reading command mostly walks results once, which a larger cache would only hold.
    db.pragma(`cache_size = -${Math.trunc(cacheMiB * 1024)}`);
    // About a second per 256 MiB: small stores are checked before every read; larger ones report damage
    // when a read meets it (SQLITE_CORRUPT → store_corrupt), and `taskeval doctor` checks all of it.
    if (statSync(path).size <= READ_CHECK_MAX_BYTES) assertSqliteIntact(db, path);
    const state = sqliteSchemaState(db);
    if (state.newest > state.known) throw newerSchemaError(path, state.newest, state.known);
    if (state.newest < state.known) {
      throw new StoreError(
        'store_version',
        `${path}: the store has schema ${state.newest || 'none'}, older than this taskeval's ${state.known}; reading commands do not change it`,
        {
          field: 'db',
          hint: `upgrade it with \`taskeval migrate --db ${path}\` (a backup is kept), or read it with the taskeval that wrote it`,
        },
      );
    }
  } catch (error) {
    db.close();
    throw error;
  }
  const store = new SqliteStore(db, path, { backgroundCheckpointAfter: Number.POSITIVE_INFINITY, readOnly: true });
  if (note) store.notes.push(note);
  return store;
}

/** The newest schema version a database has applied, and the newest this taskeval knows. */
export function sqliteSchemaState(db: Database.Database): { newest: number; known: number } {
  const known = Math.max(0, ...SQLITE_MIGRATIONS.map((m) => m.version));
  const hasTable =
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get() !== undefined;
  if (!hasTable) return { newest: 0, known };
  const row = db.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number | null };
  return { newest: row.v ?? 0, known };
}

/** A consistent copy of the store before its schema changes: an older taskeval can still read the copy. */
function backupBeforeMigrating(db: Database.Database, path: string, from: number, now: string): string {
  const target = `${path}.schema-${from}.${now.replace(/[:.]/g, '-')}.bak`;
  db.prepare('VACUUM INTO ?').run(target);
  return target;
}
