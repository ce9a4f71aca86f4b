import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { TaskevalError } from '../../core/index.js';
import { buildSampleError } from '../build-sample-result.js';
import { describeStoreContract, runInput } from '../testing/store-contract.js';
import { openPostgresStore } from './open-postgres-store.js';
import { POSTGRES_MIGRATIONS } from './postgres-migrations.js';
import { needs } from '../testing/skip-reason.js';

/** Set to a server the tests may create and drop schemas in, e.g. postgres://postgres@127.0.0.1:5432/postgres. */
const url = process.env.TASKEVAL_TEST_PG_URL;

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/** A new schema holding the store as taskeval wrote it with migrations 1 to `version`. */
async function migrateTo(client: pg.Client, schema: string, version: number): Promise<void> {
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.query(
    'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  for (const m of POSTGRES_MIGRATIONS.filter((m) => m.version <= version)) {
    await client.query(m.sql);
    await client.query('INSERT INTO schema_migrations VALUES ($1, $2, $3)', [m.version, m.name, 'x']);
  }
}

const freshSchema = () => `taskeval_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

// CI starts a server (.ci/run); there a missing URL is a broken set-up, not a reason to skip.
it.runIf(Boolean(process.env.CI) && !url)('has a PostgreSQL server to test against in CI', () => {
  expect.fail('TASKEVAL_TEST_PG_URL is not set: .ci/run starts PostgreSQL and sets it');
});

describe.skipIf(!url)(needs('PostgreSQL store', [!url && 'TASKEVAL_TEST_PG_URL']), () => {
  describeStoreContract('PostgreSQL', async () => {
    const schema = freshSchema();
    const store = await openPostgresStore({ connectionString: url!, schema });
    return {
      store,
      async breakEventInserts() {
        await store.pool.query(
          `CREATE FUNCTION ${schema}.break_events() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected event failure'; END $$`,
        );
        await store.pool.query(
          `CREATE TRIGGER break_events BEFORE INSERT ON ${schema}.eval_run_events FOR EACH ROW EXECUTE FUNCTION ${schema}.break_events()`,
        );
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
      expect((await again.pool.query('SELECT version FROM schema_migrations')).rows.map((r) => r.version)).toEqual(
        POSTGRES_MIGRATIONS.map((m) => m.version),
      );
      await again.pool.query("INSERT INTO schema_migrations VALUES (999, 'future', 'x')");
      await again.close();
      const error = await openPostgresStore({ connectionString: url!, schema }).catch((e: TaskevalError) => e);
      expect((error as TaskevalError).code).toBe('store_version');
      expect((error as TaskevalError).message).toContain(
        `schema 999, this version knows ${POSTGRES_MIGRATIONS.length}`,
      );
    } finally {
      await dropSchema(schema);
    }
  });

  it('upgrades a store written before the event counter and json documents: results read back whole, event numbers go on', async () => {
    const schema = freshSchema();
    const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await client.connect();
    try {
      // The store as taskeval wrote it with migrations 1 to 4.
      await migrateTo(client, schema, 4);
      await client.query(`INSERT INTO eval_runs (id, project_id, trigger, status, rubric_version, taskeval_version, created_at, heartbeat_at, started_at)
        VALUES ('run_old', 'p', 'manual', 'running', 'r', 'v', now(), now(), now())`);
      await client.query(
        `INSERT INTO eval_run_events (run_id, seq, type, message, created_at) VALUES ('run_old', 1, 'status_changed', 'pending → running', now()), ('run_old', 2, 'info', 'x', now())`,
      );
      await client.query(`INSERT INTO eval_task_results (id, run_id, task_id, status, reason, evaluated_at, task_snapshot, evidence_bundle)
        VALUES ('res_old', 'run_old', 'FN-1', 'error', 'judge timed out', now(), '{"id":"FN-1","b":[1,2]}'::jsonb, NULL)`);
      const store = await openPostgresStore({ connectionString: url!, schema });
      try {
        expect((await store.getResult('res_old')).taskSnapshot).toEqual({ id: 'FN-1', b: [1, 2] });
        const event = await store.appendEvent('run_old', {
          type: 'info',
          message: 'after the upgrade',
          now: '2026-03-02T10:00:00Z',
        });
        expect(event.seq).toBe(3);
        await store.saveResult('run_old', { result: buildSampleError('FN-2'), now: '2026-03-02T10:00:01Z' });
        expect((await store.listEvents('run_old')).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
      } finally {
        await store.close();
      }
    } finally {
      await client.end();
      await dropSchema(schema);
    }
  });

  it('fills the per-day sums, run task counts and comparison sums from what was kept before them, so trends, bands, listings and comparisons count those too', async () => {
    const schema = freshSchema();
    const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await client.connect();
    try {
      // The store as taskeval wrote it with migrations 1 to 12.
      await migrateTo(client, schema, 12);
      await client.query(`INSERT INTO eval_runs (id, project_id, trigger, status, requested_task_ids, rubric_version, taskeval_version, created_at, heartbeat_at, started_at)
        VALUES ('run_old', 'p', 'manual', 'running', '["FN-1","FN-2","FN-3"]', 'r', 'v', now(), now(), now())`);
      // Completed late on 1 March in UTC (2 March in Tokyo), evaluated days later: the trend counts the completion day.
      await client.query(`INSERT INTO eval_task_results (id, run_id, task_id, status, mode, overall_score, overall_band, ap_final, toq_final, pc_final, completed_at, evaluated_at, agent)
        VALUES ('res_a', 'run_old', 'FN-1', 'scored', 'hybrid', 82, 'strong', 80, 90, 70, '2026-03-01T23:30:00+00:00', '2026-03-05T10:00:00Z', 'codex'),
               ('res_b', 'run_old', 'FN-2', 'scored', 'hybrid', 21, 'failing', 30, 20, 10, '2026-03-02T08:30:00+09:00', '2026-03-05T10:00:00Z', NULL),
               ('res_c', 'run_old', 'FN-3', 'error', NULL, NULL, NULL, NULL, NULL, NULL, NULL, '2026-03-05T10:00:00Z', NULL)`);
      const store = await openPostgresStore({ connectionString: url!, schema });
      try {
        expect(await store.resultBands('run_old')).toEqual({ strong: 1, failing: 1 });
        expect(await store.trends({ bucket: 'day', by: 'agent' })).toEqual([
          {
            bucket: '2026-03-01',
            cohort: 'codex',
            count: 1,
            mean: { agentPerformance: 80, taskOutcomeQuality: 90, processCompliance: 70, overall: 82 },
          },
          {
            bucket: '2026-03-01',
            cohort: null,
            count: 1,
            mean: { agentPerformance: 30, taskOutcomeQuality: 20, processCompliance: 10, overall: 21 },
          },
        ]);
        expect(await store.resultModes()).toEqual([{ mode: 'hybrid', rubricVersion: null, n: 2 }]);
        // The run's task counts, kept beside its lists from schema 14, are filled from them.
        expect((await store.listRuns()).items[0]).toMatchObject({ requestedTasks: 3, evaluatedTasks: 0 });
        // Every task kept before the comparison sums (schema 16) is pending, so the first comparison sums them.
        const cells = (await store.compareCells())!;
        expect(cells.map((c) => [c.agent, c.n, c.project])).toEqual(
          expect.arrayContaining([
            ['codex', 1, 'p'],
            [null, 1, 'p'],
          ]),
        );
        expect(cells.reduce((n, c) => n + c.n, 0)).toBe(2);
      } finally {
        await store.close();
      }
    } finally {
      await client.end();
      await dropSchema(schema);
    }
  });

  it('lets exactly one of two concurrent connections create the active schedule run', async () => {
    const schema = freshSchema();
    const a = await openPostgresStore({ connectionString: url!, schema });
    const b = await openPostgresStore({ connectionString: url!, schema });
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).createRun(runInput({ trigger: 'schedule' }))),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(
        new Set(outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as TaskevalError).code] : []))),
      ).toEqual(new Set(['active_run_conflict']));
    } finally {
      await a.close();
      await b.close();
      await dropSchema(schema);
    }
  });
});
