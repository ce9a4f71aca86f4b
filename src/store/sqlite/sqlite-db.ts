import type Database from 'better-sqlite3';
import { makeRowMappers } from '../row-mappers.js';
import { mapSqliteError } from './map-sqlite-error.js';

/** JSON columns are TEXT in SQLite. */
export const sqliteMappers = makeRowMappers((value) =>
  typeof value === 'string' ? JSON.parse(value) : (value ?? null),
);

export function toJsonText(value: unknown): string {
  return JSON.stringify(value);
}

/** A database handle with cached prepared statements and typed-error transactions. */
export class SqliteDb {
  private readonly statements = new Map<string, Database.Statement>();
  // One wrapper for every write: better-sqlite3 builds closures per transaction() call.
  private readonly transaction: Database.Transaction<(fn: () => unknown) => unknown>;

  /** Writes committed through this handle; with SQLite's data_version (other connections' commits), the data's version. */
  writes = 0;

  constructor(readonly raw: Database.Database) {
    this.transaction = raw.transaction((fn: () => unknown) => fn());
  }

  stmt(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      // Listings with IN lists make many shapes; keep the cache bounded.
      if (this.statements.size >= 500) this.statements.clear();
      statement = this.raw.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.stmt(sql).get(...params) as T | undefined;
  }

  all<T>(sql: string, ...params: unknown[]): T[] {
    return this.stmt(sql).all(...params) as T[];
  }

  run(sql: string, ...params: unknown[]): Database.RunResult {
    return this.stmt(sql).run(...params);
  }

  /** Runs `fn` in BEGIN IMMEDIATE so reads that decide a write cannot race another process. */
  write<T>(context: string, fn: () => T): T {
    const value = this.read(context, () => this.transaction.immediate(fn) as T);
    this.writes += 1;
    return value;
  }

  /**
   * A write of data derived from what is stored (sums a read brings up to date): it changes no answer, so
   * it leaves the data's version, and the caches keyed by it, as they are.
   */
  derive<T>(context: string, fn: () => T): T {
    return this.read(context, () => this.transaction.immediate(fn) as T);
  }

  /** Runs `fn`, turning SQLite's errors into typed store errors. */
  read<T>(context: string, fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      throw mapSqliteError(error, context, this.raw.name);
    }
  }

  /** Runs several reads in one deferred transaction, so they all see the same snapshot of the file. */
  snapshot<T>(context: string, fn: () => T): T {
    return this.read(context, () => this.transaction.deferred(fn) as T);
  }
}
