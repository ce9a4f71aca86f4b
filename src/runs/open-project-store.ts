import { DEFAULT_STALE_AFTER_MS, openSqliteStore, type EvalRun, type SqliteStore } from '../store/index.js';

export interface OpenProjectStoreOptions {
  /** The SQLite file; created with its directory when missing. */
  path: string;
  clock?: () => Date;
  /** A run whose heartbeat is older than this is marked failed (`interrupted`); default one minute. */
  staleAfterMs?: number;
  /** Refuse a damaged file (SQLite quick_check) before writing to it; reading commands skip the cost. */
  checkIntegrity?: boolean;
}

/** The store as every command opens it: the file, plus recovery of runs a killed process left `running`. */
export async function openProjectStore(options: OpenProjectStoreOptions): Promise<{ store: SqliteStore; recovered: EvalRun[] }> {
  const clock = options.clock ?? (() => new Date());
  const store = openSqliteStore({ path: options.path, now: () => clock().toISOString(), checkIntegrity: options.checkIntegrity ?? false });
  try {
    const recovered = await store.recoverStaleRuns(clock().toISOString(), options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS);
    return { store, recovered };
  } catch (error) {
    await store.close();
    throw error;
  }
}
