import { createRequire } from 'node:module';
import type PgBossModule from 'pg-boss';

let loaded: typeof PgBossModule | undefined;

/** pg-boss, loaded when a queue is first opened: neither importing taskeval nor a local run loads it. */
export function pgBossClass(): typeof PgBossModule {
  return (loaded ??= createRequire(import.meta.url)('pg-boss') as typeof PgBossModule);
}
