import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { TaskevalError } from '../../core/index.js';
import { describeStoreContract, runInput } from '../testing/store-contract.js';
import { openPostgresStore } from './open-postgres-store.js';
import { POSTGRES_MIGRATIONS } from './postgres-migrations.js';

/** Set to a server the tests may create and drop schemas in, e.g. postgres://postgres@127.0.0.1:5432/postgres. */
const url = process.env.TASKEVAL_TEST_PG_URL;

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

const freshSchema = () => `taskeval_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

// CI starts a server (.ci/run); there a missing URL is a broken set-up, not a reason to skip.
it.runIf(Boolean(process.env.CI) && !url)('has a PostgreSQL server to test against in CI', () => {
  expect.fail('TASKEVAL_TEST_PG_URL is not set: .ci/run starts PostgreSQL and sets it');
});

describe.skipIf(!url)('PostgreSQL store', () => {
  describeStoreContract('PostgreSQL', async () => {
    const schema = freshSchema();
    const store = await openPostgresStore({ connectionString: url!, schema });
    return {
      store,
      async breakEventInserts() {
        await store.pool.query(`CREATE FUNCTION ${schema}.break_events() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected event failure'; END $$`);
        await store.pool.query(`CREATE TRIGGER break_events BEFORE INSERT ON ${schema}.eval_run_events FOR EACH ROW EXECUTE FUNCTION ${schema}.break_events()`);
      },
      async dispose() {
        await store.close();
        await dropSchema(schema);
      },
    };
  });

  it('applies migrations once and refuses a schema from a newer taskeval', async () => {
    const schema = freshSchema();
    try {
      await (await openPostgresStore({ connectionString: url!, schema })).close();
      const again = await openPostgresStore({ connectionString: url!, schema });
      expect((await again.pool.query('SELECT version FROM schema_migrations')).rows.map((r) => r.version)).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
      await again.pool.query("INSERT INTO schema_migrations VALUES (999, 'future', 'x')");
      await again.close();
      const error = await openPostgresStore({ connectionString: url!, schema }).catch((e: TaskevalError) => e);
      expect((error as TaskevalError).code).toBe('store_version');
      expect((error as TaskevalError).message).toContain(`schema 999, this version knows ${POSTGRES_MIGRATIONS.length}`);
    } finally {
      await dropSchema(schema);
    }
  });

  it('lets exactly one of two concurrent connections create the active schedule run', async () => {
    const schema = freshSchema();
    const a = await openPostgresStore({ connectionString: url!, schema });
    const b = await openPostgresStore({ connectionString: url!, schema });
    try {
      const outcomes = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).createRun(runInput({ trigger: 'schedule' }))));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(new Set(outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as TaskevalError).code] : [])))).toEqual(new Set(['active_run_conflict']));
    } finally {
      await a.close();
      await b.close();
      await dropSchema(schema);
    }
  });
});
