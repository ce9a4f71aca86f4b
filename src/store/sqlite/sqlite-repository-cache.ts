import type { RepositoryCache } from '../repository-cache.js';
import { toJsonText, type SqliteDb } from './sqlite-db.js';

/** Outcomes kept in the outcome_cache table. */
export class SqliteRepositoryCache implements RepositoryCache {
  constructor(private readonly db: SqliteDb) {}

  async get(key: string): Promise<unknown | null> {
    const row = this.db.read('repositoryCache.get', () =>
      this.db.get<{ value: string }>('SELECT value FROM outcome_cache WHERE key = ?', key),
    );
    return row ? (JSON.parse(row.value) as unknown) : null;
  }

  async set(key: string, value: unknown, now: string): Promise<void> {
    // A cache is an optimisation: a store opened for reading computes again instead of writing.
    if (this.db.raw.readonly) return;
    this.db.write('repositoryCache.set', () =>
      this.db.run(
        'INSERT INTO outcome_cache (key, value, created_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, created_at = excluded.created_at',
        key,
        toJsonText(value),
        now,
      ),
    );
  }
}
