import { createRequire } from 'node:module';
import type PgModule from 'pg';

let loaded: typeof PgModule | undefined;

/** The PostgreSQL driver, loaded when a PostgreSQL store is first opened: importing taskeval does not load it. */
export function pgDriver(): typeof PgModule {
  return (loaded ??= createRequire(import.meta.url)('pg') as typeof PgModule);
}
