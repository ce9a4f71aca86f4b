import { existsSync, readFileSync, statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { StoreError } from '../../core/index.js';
import { betterSqlite3 } from './load-better-sqlite3.js';

/** A store opened for reading, and whether it had to be copied into memory (read-only media). */
export interface ReadOnlySqlite {
  db: Database.Database;
  /** Read from a copy in memory: the directory allows no -shm file; a pending -wal could not be read. */
  inMemory: boolean;
  /** Why the copy misses the newest writes, when it does. */
  note: string | null;
}

/** Largest file copied into memory when the media is read-only. */
const MAX_IN_MEMORY_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * Opens a SQLite store without writing to it. A WAL-mode file needs a -shm file beside it even to read;
 * on read-only media that cannot be created, so the file is read into memory instead (header set back to
 * rollback mode, which is how SQLite reads a WAL file whose log is empty).
 */
export function openSqliteReadOnly(path: string): ReadOnlySqlite {
  const Driver = betterSqlite3();
  let db: Database.Database | undefined;
  try {
    db = new Driver(path, { readonly: true, fileMustExist: true });
    // The file is opened lazily: the first read says whether the -shm could be made.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return { db, inMemory: false, note: null };
  } catch (error) {
    db?.close();
    const code = (error as { code?: string }).code;
    if (code !== 'SQLITE_CANTOPEN' && code !== 'SQLITE_READONLY' && code !== 'SQLITE_READONLY_DIRECTORY')
      throw opening(path, error);
  }
  const size = statSync(path).size;
  if (size > MAX_IN_MEMORY_BYTES) {
    throw new StoreError(
      'store_failed',
      `${path}: the store is on read-only media and too large (${Math.round(size / 2 ** 20)} MiB) to read from a copy in memory`,
      {
        field: 'db',
        hint: 'copy the file to writable storage and point --db at the copy',
      },
    );
  }
  const bytes = readFileSync(path);
  if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) {
    bytes[18] = 1;
    bytes[19] = 1;
  }
  const wal = `${path}-wal`;
  const walBytes = existsSync(wal) ? statSync(wal).size : 0;
  try {
    db = new Driver(bytes, { readonly: true });
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (error) {
    throw opening(path, error);
  }
  return {
    db,
    inMemory: true,
    note:
      walBytes > 0
        ? `${path} is on read-only media with ${walBytes} bytes of write-ahead log that cannot be read there; the newest writes may be missing`
        : null,
  };
}

function opening(path: string, error: unknown): StoreError {
  const code = (error as { code?: string }).code;
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
    return new StoreError(
      'store_corrupt',
      `${path}: the store is damaged or not a SQLite database: ${(error as Error).message}`,
      { field: 'db', cause: error, hint: 'run `taskeval doctor --db PATH` for what is wrong' },
    );
  }
  return new StoreError('store_failed', `${path}: cannot open the database for reading: ${(error as Error).message}`, {
    field: 'db',
    cause: error,
  });
}
