import { pgDriver } from './load-pg.js';
import { StoreError } from '../../core/index.js';
import { inTransaction } from './pg-db.js';
import { reconnectingPool } from './reconnect.js';
import { pgTypes } from './pg-db.js';
import { POSTGRES_MIGRATIONS } from './postgres-migrations.js';
import { PostgresStore } from './postgres-store.js';
import type { StoreUpgrade } from '../store.js';

export interface OpenPostgresStoreOptions {
  /** postgres://user:pass@host:port/db */
  connectionString: string;
  /** Schema to keep the tables in (created when missing); default `public`. */
  schema?: string;
  now?: () => string;
  maxConnections?: number;
  /** Reading only: the schema is checked, never created or migrated. */
  readOnly?: boolean;
  /** How long to keep trying a server that went away before failing (default 60 s). */
  reconnectWithinMs?: number;
}

/** Any constant: serialises migrators across processes. */
const MIGRATION_LOCK = 731_204_118;

/** Connects to PostgreSQL and applies the migrations it lacks; refuses a newer schema. */
export async function openPostgresStore(options: OpenPostgresStoreOptions): Promise<PostgresStore> {
  const schema = options.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new StoreError('invalid_input', `schema: "${schema}" must be lower-case letters, digits and _`, {
      field: 'schema',
    });
  }
  const pool = reconnectingPool(
    new (pgDriver().Pool)({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 5,
      types: pgTypes,
      options: `-c search_path=${schema}`,
    }),
    options.reconnectWithinMs === undefined ? {} : { withinMs: options.reconnectWithinMs },
  );
  // An idle client dropped by the server is replaced by the pool; without a listener it would crash the process.
  pool.on('error', () => undefined);
  try {
    if (options.readOnly) {
      await assertReadableSchema(pool, schema);
      return new PostgresStore(pool, true);
    }
    let upgraded: StoreUpgrade | null = null;
    await inTransaction(pool, 'migrate', async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
      );
      const applied = new Set(
        (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
      );
      const known = Math.max(0, ...POSTGRES_MIGRATIONS.map((m) => m.version));
      const newest = Math.max(0, ...applied);
      if (newest > known) {
        throw new StoreError(
          'store_version',
          `PostgreSQL schema ${schema}: this database was written by a newer taskeval (schema ${newest}, this version knows ${known}); upgrade taskeval`,
        );
      }
      const now = (options.now ?? (() => new Date().toISOString()))();
      if (newest > 0 && newest < known) upgraded = { from: newest, to: known, backup: null };
      for (const m of POSTGRES_MIGRATIONS) {
        if (applied.has(m.version)) continue;
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
          m.version,
          m.name,
          now,
        ]);
      }
    });
    const store = new PostgresStore(pool);
    store.upgraded = upgraded;
    return store;
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

/** A reading command's check: the tables exist at exactly the schema this taskeval reads. */
async function assertReadableSchema(
  pool: InstanceType<ReturnType<typeof pgDriver>['Pool']>,
  schema: string,
): Promise<void> {
  const known = Math.max(0, ...POSTGRES_MIGRATIONS.map((m) => m.version));
  const exists = await pool.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [`${schema}.schema_migrations`]);
  if (!exists.rows[0]?.t) {
    throw new StoreError('not_found', `PostgreSQL schema ${schema} holds no taskeval store`, {
      field: 'db',
      hint: 'evaluate first with `taskeval run --db URL`, or check ?schema= in the URL',
    });
  }
  const newest = Number(
    (await pool.query<{ v: number | null }>(`SELECT max(version) AS v FROM ${schema}.schema_migrations`)).rows[0]?.v ??
      0,
  );
  if (newest > known) {
    throw new StoreError(
      'store_version',
      `PostgreSQL schema ${schema}: this database was written by a newer taskeval (schema ${newest}, this version knows ${known}); upgrade taskeval`,
    );
  }
  if (newest < known) {
    throw new StoreError(
      'store_version',
      `PostgreSQL schema ${schema}: the store has schema ${newest}, older than this taskeval's ${known}; reading commands do not change it`,
      {
        field: 'db',
        hint: 'upgrade it with `taskeval migrate --db URL` (one transaction; take a pg_dump first if you want a copy)',
      },
    );
  }
}
