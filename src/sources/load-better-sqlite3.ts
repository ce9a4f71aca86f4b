import { createRequire } from 'node:module';
import type DatabaseConstructor from 'better-sqlite3';

let loaded: typeof DatabaseConstructor | undefined;

/** The native driver, loaded when a Fusion database or a Cursor chat is first read: importing taskeval does not load it. */
export function betterSqlite3(): typeof DatabaseConstructor {
  return (loaded ??= createRequire(import.meta.url)('better-sqlite3') as typeof DatabaseConstructor);
}
