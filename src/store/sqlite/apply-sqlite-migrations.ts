import type Database from 'better-sqlite3';
import { StoreError } from '../../core/index.js';
import type { Migration } from './migration.js';

/** The error for a store a newer taskeval wrote: this one cannot read or write it. */
export function newerSchemaError(path: string, newest: number, known: number): StoreError {
  return new StoreError(
    'store_version',
    `${path}: this database was written by a newer taskeval (schema ${newest}, this version knows ${known}); upgrade taskeval`,
    {
      field: 'db',
      hint: 'npm install taskeval@latest, or point --db at another file',
    },
  );
}

/** Applies the migrations a database lacks, in one immediate transaction; refuses a newer schema. */
export function applySqliteMigrations(
  db: Database.Database,
  migrations: readonly Migration[],
  now: string,
  path: string,
): number[] {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const known = Math.max(0, ...migrations.map((m) => m.version));
  const apply = db.transaction(() => {
    const applied = new Set(
      (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version),
    );
    const newest = Math.max(0, ...applied);
    if (newest > known) throw newerSchemaError(path, newest, known);
    const done: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        now,
      );
      done.push(migration.version);
    }
    return done;
  });
  return apply.immediate();
}
