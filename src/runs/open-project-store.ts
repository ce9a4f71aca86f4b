import {
  DEFAULT_STALE_AFTER_MS,
  openStore,
  parseStoreLocation,
  type EvalRun,
  type Store,
  type StoreLocation,
} from '../store/index.js';

export interface OpenProjectStoreOptions {
  /** Where the store is: a SQLite file (created with its directory when missing) or a PostgreSQL URL. */
  location?: StoreLocation;
  /** The SQLite file, when no location is given. */
  path?: string;
  clock?: () => Date;
  /** A run whose heartbeat is older than this is marked failed (`interrupted`); default one minute. */
  staleAfterMs?: number;
  /** Refuse a damaged SQLite file (quick_check) before writing to it; reading commands skip the cost. */
  checkIntegrity?: boolean;
  /** Reading only: nothing migrated, recovered or written (read-only media can be read). */
  readOnly?: boolean;
  /** SQLite's page cache in MiB (openStore's default when absent). */
  cacheMiB?: number;
  /** How much of a SQLite file is memory-mapped, in MiB (openStore's default when absent). */
  mmapMiB?: number;
  /** SQLite only: task ids and titles held in memory for text search (the server). */
  textInMemory?: boolean;
}

/** The store as every command opens it, plus recovery of runs a killed process left `running`. */
export async function openProjectStore(
  options: OpenProjectStoreOptions,
): Promise<{ store: Store; recovered: EvalRun[] }> {
  const clock = options.clock ?? (() => new Date());
  const location = options.location ?? parseStoreLocation(options.path ?? '.taskeval/taskeval.db', '.');
  const store = await openStore(location, {
    now: () => clock().toISOString(),
    checkIntegrity: options.checkIntegrity ?? false,
    readOnly: options.readOnly ?? false,
    ...(options.cacheMiB !== undefined ? { cacheMiB: options.cacheMiB } : {}),
    ...(options.mmapMiB !== undefined ? { mmapMiB: options.mmapMiB } : {}),
    ...(options.textInMemory ? { textInMemory: true } : {}),
  });
  if (options.readOnly) return { store, recovered: [] };
  try {
    const recovered = await store.recoverStaleRuns(
      clock().toISOString(),
      options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS,
    );
    return { store, recovered };
  } catch (error) {
    await store.close();
    throw error;
  }
}
