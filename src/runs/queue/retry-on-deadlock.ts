const ATTEMPTS = 8;

/**
 * Runs a schema change again when PostgreSQL picked it as a deadlock victim. pg-boss keeps each queue
 * as a partition of one job table, and several processes creating queues or indexes on a new database
 * at once can deadlock: the loser waits a moment and tries again.
 */
export async function retryOnDeadlock<T>(change: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await change();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isDeadlock(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80 * attempt));
    }
  }
}

function isDeadlock(error: unknown): boolean {
  return (error as { code?: string }).code === '40P01' || /deadlock detected/i.test((error as Error).message ?? '');
}
