import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { resolve } from 'node:path';
import { ConfigError, redactUrl, StoreError } from '../core/index.js';

/** Where a store lives: a SQLite file, or a PostgreSQL database (and schema). */
export type StoreLocation =
  | { kind: 'sqlite'; path: string; display: string }
  | { kind: 'postgres'; connectionString: string; schema: string; display: string };

const POSTGRES = /^postgres(?:ql)?:\/\//i;

/** True for a `postgres://` or `postgresql://` URL. */
export function isPostgresUrl(text: string): boolean {
  return POSTGRES.test(text.trim());
}

/**
 * Reads a `--db` value: a file path (resolved against `base`) or a PostgreSQL URL, whose `schema`
 * query parameter (default `public`) names where the tables live and is not sent to the server.
 */
export function parseStoreLocation(text: string, base: string): StoreLocation {
  const value = text.trim();
  if (value === '')
    throw new ConfigError('usage', 'db: an empty value names no store', {
      field: 'db',
      hint: 'give a file path (.taskeval/taskeval.db) or postgres://user@host/database, or leave --db out',
    });
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1];
  if (scheme && !isPostgresUrl(value))
    throw new ConfigError('usage', `db: ${redactUrl(value)}: taskeval has no store for ${scheme}:// URLs`, {
      field: 'db',
      hint: 'a SQLite file path (.taskeval/taskeval.db) or a PostgreSQL URL (postgres://user@host/database)',
    });
  if (!isPostgresUrl(value)) {
    const path = resolve(base, value);
    return { kind: 'sqlite', path, display: path };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StoreError('invalid_input', `db: ${redactUrl(value)} is not a valid PostgreSQL URL`, {
      field: 'db',
      hint: 'postgres://user:password@host:5432/database?schema=taskeval',
    });
  }
  const schema = url.searchParams.get('schema') ?? 'public';
  url.searchParams.delete('schema');
  const connectionString = url.toString();
  return {
    kind: 'postgres',
    connectionString,
    schema,
    display: `${redactUrl(connectionString)}${schema === 'public' ? '' : ` (schema ${schema})`}`,
  };
}

/** Whether a store is at the location: a SQLite file must exist; a PostgreSQL server is asked when opened. */
export function storeExists(location: StoreLocation): boolean {
  return location.kind !== 'sqlite' || existsSync(location.path);
}

/** The size of the SQLite file at the location, 0 for PostgreSQL or a file not made yet. */
export function sqliteStoreBytes(location: StoreLocation): number {
  if (location.kind !== 'sqlite') return 0;
  try {
    return statSync(location.path).size;
  } catch {
    return 0;
  }
}

/** The directory that keeps files beside the store (the dashboard's token): the SQLite file's, else `fallback`. */
export function storeHome(location: StoreLocation, fallback: string): string {
  return location.kind === 'sqlite' ? dirname(location.path) : fallback;
}

/** Whether the store at the location holds an evaluation queue for workers (PostgreSQL). */
export function hasEvaluationQueue(location: StoreLocation): boolean {
  return location.kind === 'postgres';
}
