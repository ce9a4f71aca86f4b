import type pg from 'pg';
import { pgDriver } from './load-pg.js';
import { LifecycleError, StoreError, isTaskevalError } from '../../core/index.js';
import { makeRowMappers } from '../row-mappers.js';
import { isConnectionLoss, poolEverReached, withReconnect } from './reconnect.js';

/** jsonb arrives parsed; timestamps arrive as ISO strings (see the type parsers below). */
export const pgMappers = makeRowMappers((value) => value ?? null);

const TIMESTAMPTZ = 1184;
const TIMESTAMP = 1114;
/** Timestamps come back as the same ISO-8601 UTC strings SQLite keeps, so both backends answer alike. */
export const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TIMESTAMPTZ || oid === TIMESTAMP)
      return (value: string) => new Date(oid === TIMESTAMP ? `${value}Z` : value).toISOString();
    return pgDriver().types.getTypeParser(oid, format);
  },
};

/** Something that runs a query: the pool, or a client inside a transaction. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

/** Turns the shared `?` placeholders into `$1, $2, ...`; our SQL has no other `?`. */
export function numberPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

export async function rows<R extends pg.QueryResultRow>(
  q: Queryable,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  return (await q.query<R>(numberPlaceholders(sql), params)).rows;
}

export async function one<R extends pg.QueryResultRow>(
  q: Queryable,
  sql: string,
  params: unknown[] = [],
): Promise<R | undefined> {
  return (await rows<R>(q, sql, params))[0];
}

/** Turns a PostgreSQL failure into the store's typed errors; constraint names decide the code. */
export function mapPgError(error: unknown, context: string): Error {
  if (isTaskevalError(error)) return error;
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e.code === '23505' && e.constraint === 'eval_runs_one_active') {
    return new LifecycleError(
      'active_run_conflict',
      `${context}: another run with this trigger is already active for the project`,
      {
        cause: error,
        hint: 'wait for it to finish or cancel it',
      },
    );
  }
  if (e.code === '23505' && e.constraint === 'eval_task_results_run_task') {
    return new StoreError('duplicate_result', `${context}: the run already has a result for this task`, {
      cause: error,
    });
  }
  return new StoreError('store_failed', `${context}: ${e.message ?? String(error)}`, { cause: error });
}

/**
 * Runs `fn` in one transaction on one pooled client; rolls back on any error. A connection lost before
 * COMMIT was sent left nothing behind, so the transaction is tried again once the server is back; one
 * lost during COMMIT may have committed, and is reported, not repeated.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  context: string,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  try {
    return poolEverReached(pool)
      ? await withReconnect(context, () => transactionOnce(pool, fn))
      : await transactionOnce(pool, fn);
  } catch (error) {
    throw mapPgError(error, context);
  }
}

async function transactionOnce<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let lost: unknown;
  let committing = false;
  try {
    await client.query('BEGIN');
    const value = await fn(client);
    committing = true;
    await client.query('COMMIT');
    return value;
  } catch (error) {
    if (isConnectionLoss(error)) {
      lost = error;
      if (committing)
        throw new StoreError(
          'store_failed',
          `the connection was lost while committing; the change may or may not be stored: ${(error as Error).message}`,
          { cause: error },
        );
    } else await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    // A broken client is destroyed, not handed to the next caller.
    client.release(lost instanceof Error ? lost : undefined);
  }
}

export async function read<T>(context: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw mapPgError(error, context);
  }
}
