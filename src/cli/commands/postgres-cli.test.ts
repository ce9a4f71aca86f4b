import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';
import { needs } from '../../store/testing/skip-reason.js';

/** A server the tests may create and drop schemas in (.ci/run starts one). */
const url = process.env.TASKEVAL_TEST_PG_URL;

let dir: string;
let schema: string;

async function cli(argv: string[], env: Record<string, string> = {}) {
  const io = captureIo(dir, { env });
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** Ids, times and the store's own name differ between two stores; everything else must not. */
const normalise = (text: string) =>
  text
    .replace(/\b(run|res)_[0-9a-f]{32}\b/g, '$1_X')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, 'T')
    .replace(/\d+(\.\d+)? ?(ms|s)\b/g, 'D');

describe.skipIf(!url)(
  needs('every command on PostgreSQL (--db postgres://…)', [!url && 'TASKEVAL_TEST_PG_URL']),
  () => {
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'taskeval-pgcli-'));
      schema = `taskeval_cli_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      const tasks = Array.from({ length: 12 }, (_, i) =>
        JSON.stringify({
          id: `FN-${i + 1}`,
          title: `Task ${i + 1}`,
          column: 'done',
          modelId: i % 2 ? 'gpt-5' : 'claude-sonnet-4-5',
          executionCompletedAt: `2026-03-0${(i % 5) + 1}T10:00:00Z`,
          workflowStepResults: [
            { workflowStepId: 't', workflowStepName: 'Run tests', status: i % 3 ? 'passed' : 'failed' },
          ],
        }),
      );
      await writeFile(join(dir, 'tasks.jsonl'), tasks.join('\n'));
    });
    afterEach(async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
      await rm(dir, { recursive: true, force: true });
    });

    it('runs, lists, shows, exports, compares and prunes with the same output as SQLite', async () => {
      const pgDb = `${url}?schema=${schema}`;
      const outputs = async (db: string) => {
        const run = await cli(['run', '--tasks', 'tasks.jsonl', '--db', db, '--label', 'prompt=v2']);
        expect(run.code, run.err).toBe(0);
        const runs = await cli(['runs', '--db', db]);
        const results = await cli(['results', '--db', db, '--model', 'gpt-5', '--limit', '500']);
        const show = await cli(['show', 'FN-3', '--db', db]);
        const csv = await cli(['export', '--run', 'latest', '--format', 'csv', '--db', db]);
        const compare = await cli(['compare', '--by', 'model', '--min-n', '2', '--json', '--db', db]);
        const prune = await cli(['prune', '--older-than', '30d', '--dry-run', '--db', db]);
        for (const r of [runs, results, show, csv, compare, prune]) expect(r.code, r.err).toBe(0);
        return [run.out, runs.out, results.out, show.out, csv.out, compare.out, prune.out].map(normalise);
      };
      const onPostgres = await outputs(pgDb);
      const onSqlite = await outputs(join(dir, 'local.db'));
      expect(onPostgres).toEqual(onSqlite);
      expect(onPostgres[2]).toContain('gpt-5');

      // The same store through TASKEVAL_DATABASE_URL, and the URL never printed with its password.
      const viaEnv = await cli(['runs', '--json'], { TASKEVAL_DATABASE_URL: pgDb });
      expect(JSON.parse(viaEnv.out).count).toBe(1);
    });

    it('says which server it could not reach without printing the password (exit 6)', async () => {
      const bad = await cli(['runs', '--db', 'postgres://taskeval:s3cret-pw@127.0.0.1:1/taskeval']);
      expect(bad.code).toBe(6);
      expect(bad.err).toContain('postgres://taskeval:***@127.0.0.1:1/taskeval');
      expect(bad.err).not.toContain('s3cret-pw');
      const doctor = await cli(['doctor', '--db', `${url}?schema=${schema}`]);
      expect(doctor.code).toBe(2);
      expect(doctor.err).toMatch(/doctor checks a SQLite store file/);
    });
  },
);
