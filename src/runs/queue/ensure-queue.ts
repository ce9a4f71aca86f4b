import type * as PgBossTypes from 'pg-boss';
import type { PgBoss } from 'pg-boss';
import { retryOnDeadlock } from './retry-on-deadlock.js';

/** pg-boss's own queue for scheduled sends; its timekeeper creates it but swallows a failure to. */
export const PG_BOSS_SEND_IT_QUEUE = '__pgboss__send-it';

/** Creates a pg-boss queue unless it exists; another process creating it first counts as success. */
export async function ensureQueue(boss: PgBoss, name: string, options?: PgBossTypes.Queue): Promise<void> {
  await retryOnDeadlock(async () => {
    if (await boss.getQueue(name)) return;
    await boss.createQueue(name, options ?? { name }).catch(async (error: unknown) => {
      if (!(await boss.getQueue(name))) throw error;
    });
  });
}
