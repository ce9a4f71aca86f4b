import { redactUrl, StoreError } from '../core/index.js';
import type { Store } from './store.js';
import type { StoreLocation } from './store-location.js';

export interface OpenStoreOptions {
  now?: () => string;
  /** SQLite only: refuse a damaged file before writing (quick_check). */
  checkIntegrity?: boolean;
  /** Reading only: no migration, no write; a store at an older schema is refused naming `taskeval migrate`. */
  readOnly?: boolean;
  /** SQLite only: the page cache in MiB (default 16; a long-lived server reading big listings gives more). */
  cacheMiB?: number;
  /** SQLite only: how much of the file is memory-mapped, in MiB (default 0; the server maps 256). */
  mmapMiB?: number;
  /** SQLite only: task ids and titles held in memory for text search (the server). */
  textInMemory?: boolean;
}

/**
 * Opens the store a location names. Each backend is loaded only when chosen, so a SQLite user never
 * loads `pg` and a PostgreSQL user never opens a file.
 */
export async function openStore(location: StoreLocation, options: OpenStoreOptions = {}): Promise<Store> {
  if (location.kind === 'sqlite') {
    const { openSqliteStore } = await import('./sqlite/open-sqlite-store.js');
    return openSqliteStore({
      path: location.path,
      ...(options.now ? { now: options.now } : {}),
      checkIntegrity: options.checkIntegrity ?? false,
      readOnly: options.readOnly ?? false,
      ...(options.cacheMiB !== undefined ? { cacheMiB: options.cacheMiB } : {}),
      ...(options.mmapMiB !== undefined ? { mmapMiB: options.mmapMiB } : {}),
      ...(options.textInMemory ? { textInMemory: true } : {}),
    });
  }
  const { openPostgresStore } = await import('./postgres/open-postgres-store.js');
  try {
    return await openPostgresStore({
      connectionString: location.connectionString,
      schema: location.schema,
      ...(options.now ? { now: options.now } : {}),
      readOnly: options.readOnly ?? false,
    });
  } catch (error) {
    if (error instanceof StoreError && error.code !== 'store_failed') throw error;
    // pg's own messages can carry the URL; say where, without the password.
    const message = redactUrl(
      ((error as Error).message ?? String(error)).replaceAll(location.connectionString, location.display),
    );
    throw new StoreError('store_failed', `${location.display}: cannot open the PostgreSQL store: ${message}`, {
      field: 'db',
      cause: error,
      hint: 'check that the server is running and the URL, user and database are right',
    });
  }
}
