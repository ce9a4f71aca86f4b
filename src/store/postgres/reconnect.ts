import type pg from 'pg';
import { StoreError } from '../../core/index.js';

/** How long a store keeps trying to reach a PostgreSQL server that went away (a restart, a failover). */
export const RECONNECT_WITHIN_MS = 60_000;
const FIRST_WAIT_MS = 250;
const LONGEST_WAIT_MS = 5_000;

// Connection-class SQLSTATEs (08…), the server shutting down or starting (57P01-57P03), and socket errors.
const LOSS_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const LOSS_MESSAGE =
  /Connection terminated|connection error|not queryable|terminating connection|the database system is (starting up|shutting down)/i;

/** Whether an error means the server could not be reached or dropped the connection, rather than refused the statement. */
export function isConnectionLoss(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth += 1
  ) {
    if (typeof e.code === 'string' && LOSS_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && LOSS_MESSAGE.test(e.message)) return true;
  }
  return false;
}

export interface ReconnectOptions {
  withinMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Runs `attempt` again, with backoff, while the server is unreachable, for at most `withinMs`; then a
 * store_failed error says so. Only for work that is safe to repeat after a lost connection.
 */
export async function withReconnect<T>(
  context: string,
  attempt: () => Promise<T>,
  options: ReconnectOptions = {},
): Promise<T> {
  const withinMs = options.withinMs ?? RECONNECT_WITHIN_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const started = Date.now();
  let wait = FIRST_WAIT_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!isConnectionLoss(error)) throw error;
      if (Date.now() - started + wait > withinMs) {
        throw new StoreError(
          'store_failed',
          `${context}: the PostgreSQL server could not be reached for ${Math.round((Date.now() - started) / 1000)} s: ${(error as Error).message}`,
          {
            cause: error,
            hint: 'check that the server is up; work stored so far is kept, and queued jobs return to the queue',
          },
        );
      }
      await sleep(wait);
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    }
  }
}

/** Pools that have reached their server at least once; only those wait for it to come back. */
const reached = new WeakSet<pg.Pool>();
const patched = new WeakSet<pg.Pool>();

/**
 * Makes a pool ride out a server restart: a single statement and a connection are tried again while the
 * server is unreachable (pg drops the broken clients itself). Transactions retry in inTransaction.
 */
export function reconnectingPool(pool: pg.Pool, options: ReconnectOptions = {}): pg.Pool {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  // A server never reached is a wrong URL or a server that is down: said at once, not waited for.
  const retrying = <T>(context: string, attempt: () => Promise<T>): Promise<T> => {
    const once = async () => {
      const value = await attempt();
      reached.add(pool);
      return value;
    };
    return reached.has(pool) ? withReconnect(context, once, options) : once();
  };
  patched.add(pool);
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) =>
    typeof args.at(-1) === 'function' ? query(...args) : retrying('query', () => query(...args));
  (pool as unknown as { connect: unknown }).connect = (callback?: unknown) =>
    typeof callback === 'function'
      ? (connect as (cb: unknown) => void)(callback)
      : retrying('connect', () => connect());
  return pool;
}

/** Whether a pool has reached its server at least once (a pool not made by reconnectingPool counts as reached). */
export function poolEverReached(pool: pg.Pool): boolean {
  return reached.has(pool) || !patched.has(pool);
}
