import { createRequire } from 'node:module';
import type { PgBoss } from 'pg-boss';

let loaded: typeof PgBoss | undefined;

/** pg-boss, loaded when a queue is first opened: neither importing taskeval nor a local run loads it (an ES module, required synchronously). */
export function pgBossClass(): typeof PgBoss {
  return (loaded ??= (createRequire(import.meta.url)('pg-boss') as typeof import('pg-boss')).PgBoss);
}
