import { createRequire } from 'node:module';
import type PgModule from 'pg';

let loaded: typeof PgModule | undefined;

/** The PostgreSQL driver, loaded only when a Fusion PostgreSQL database is read. */
export function pgDriver(): typeof PgModule {
  return (loaded ??= createRequire(import.meta.url)('pg') as typeof PgModule);
}
