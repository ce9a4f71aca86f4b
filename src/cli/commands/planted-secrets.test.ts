import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAIServer, validAnswerFromPrompt, type FakeLlmServer } from '../../judge/testing/index.js';
import { openSqliteStore } from '../../store/index.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';
import { needs } from '../../store/testing/skip-reason.js';

// Each planted secret is searched for as given, URL-encoded and in base64: the forms a server echoes.
const KEY = 'sk-planted-key/0123456789+abc';
const URL_PASSWORD = 'PlantedUrlPass-8731';
const URL_QUERY_KEY = 'PlantedQueryKey-5512';
const PG_PASSWORD = 'PlantedPgPass-2290';
const PG_QUERY_PASSWORD = 'PlantedPgQuery-6604';

function forms(secret: string): string[] {
  const b64 = Buffer.from(secret).toString('base64');
  return [secret, encodeURIComponent(secret), b64, b64.replace(/=+$/, ''), Buffer.from(secret).toString('base64url')];
}

function expectNoSecret(where: string, text: string, secrets: readonly string[]): void {
  for (const secret of secrets)
    for (const form of forms(secret)) expect(text.includes(form), `${where} holds ${form}`).toBe(false);
}

let dir: string;
let server: FakeLlmServer;

async function cli(argv: string[], env: Record<string, string> = {}) {
  const io = captureIo(dir, { env: { TASKEVAL_JUDGE_API_KEY: KEY, ...env } });
  const code = await runCli(argv, io);
  return { code, text: `${io.out()}\n${io.err()}` };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-secrets-'));
  const tasks = Array.from({ length: 3 }, (_, i) =>
    JSON.stringify({
      id: `S-${i + 1}`,
      title: `task ${i + 1}`,
      column: 'done',
      executionCompletedAt: `2026-03-0${i + 1}T10:00:00Z`,
    }),
  );
  await writeFile(join(dir, 'tasks.jsonl'), tasks.join('\n'));
  server = await startFakeOpenAIServer();
  // A server that echoes the key it was sent into every text field it answers with, in three forms.
  server.setDefault((request) => {
    const key = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    const echo = ` key ${key}, encoded ${encodeURIComponent(key)}, base64 ${Buffer.from(key).toString('base64')}, url ${request.path}`;
    const answer = validAnswerFromPrompt(request.prompt) as {
      overallRationale: string;
      categories: Record<string, { rationale: string }>;
    };
    answer.overallRationale += echo;
    for (const c of Object.values(answer.categories)) c.rationale += echo;
    return { answer };
  });
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every command that shows what a run stored. */
async function readEverything(db: string, runId: string, env: Record<string, string> = {}): Promise<string> {
  const outputs = await Promise.all([
    cli(['runs', '--db', db], env),
    cli(['runs', 'show', runId, '--db', db], env),
    cli(['results', '--run', runId, '--db', db, '--json'], env),
    cli(['show', 'S-1', '--db', db, '--json'], env),
    cli(['export', '--run', runId, '--format', 'jsonl', '--db', db], env),
    cli(['export', '--run', runId, '--format', 'csv', '--db', db], env),
    cli(['doctor', '--db', db], env),
  ]);
  return outputs.map((o) => o.text).join('\n');
}

describe('secrets planted everywhere a user can put one', () => {
  it('appear in no output, event, stored result, setting or store file (SQLite, judge key, judge URL password and api-key)', async () => {
    const db = join(dir, 'store.db');
    const judgeUrl = `${server.baseUrl}?api-key=${URL_QUERY_KEY}`;
    const ok = await cli([
      'run',
      '--tasks',
      'tasks.jsonl',
      '--db',
      db,
      '--judge',
      'openai-compatible',
      '--judge-model',
      'm',
      '--judge-base-url',
      judgeUrl,
    ]);
    expect(ok.code, ok.text).toBe(0);
    const okRun = /run (run_[0-9a-f]{32}) completed/.exec(ok.text)![1]!;
    // A judge behind user:password@ (sent as Basic authentication) that refuses with everything it was sent.
    const refusing = createServer((req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: `denied ${req.headers.authorization} at http://judge:${URL_PASSWORD}@127.0.0.1${req.url}` },
        }),
      );
    });
    await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', r));
    const withUser = `http://judge:${URL_PASSWORD}@127.0.0.1:${(refusing.address() as AddressInfo).port}/v1`;
    const failed = await cli(
      [
        'run',
        '--tasks',
        'tasks.jsonl',
        '--db',
        db,
        '--judge',
        'openai-compatible',
        '--judge-model',
        'm',
        '--judge-base-url',
        withUser,
        '--no-cache',
        '--no-probe',
      ],
      { TASKEVAL_JUDGE_API_KEY: '' },
    );
    await new Promise((r) => refusing.close(r));
    expect(failed.code, failed.text).toBe(4);
    const runId = /run (run_[0-9a-f]{32}) completed/.exec(failed.text)![1]!;
    const secrets = [KEY, URL_PASSWORD, URL_QUERY_KEY];
    expectNoSecret('run output', ok.text + failed.text, secrets);
    expect(failed.text).toContain('HTTP 401: denied Basic [redacted] at http://judge:***@127.0.0.1');
    expectNoSecret('reading commands', await readEverything(db, runId), secrets);
    const first = await readEverything(db, okRun);
    expectNoSecret('reading commands (first run)', first, secrets);
    // The store's own bytes, WAL included, hold none of them either.
    for (const name of await readdir(dir)) {
      if (!name.startsWith('store.db')) continue;
      expectNoSecret(`store file ${name}`, (await readFile(join(dir, name))).toString('latin1'), secrets);
    }
    // What was echoed is visibly redacted, not silently lost.
    expect(first).toContain('[redacted]');
    const store = openSqliteStore({ path: db });
    expect((await store.getRun(okRun)).settings.judge?.baseUrl).toBe(`${server.baseUrl}?api-key=***`);
    await store.close();
  });

  describe.skipIf(!process.env.TASKEVAL_TEST_PG_URL)(
    needs('on PostgreSQL', [!process.env.TASKEVAL_TEST_PG_URL && 'TASKEVAL_TEST_PG_URL']),
    () => {
      const base = process.env.TASKEVAL_TEST_PG_URL!;
      let schema: string;
      beforeEach(() => {
        schema = `taskeval_secret_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      });
      afterEach(async () => {
        const client = new pg.Client({ connectionString: base });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      });

      it('prints no password from the URL (userinfo or ?password=) in any output, the worker start line or a connection error', async () => {
        // Trust authentication ignores the passwords, so both forms reach a real server.
        const withUser = base.replace('postgres://postgres@', `postgres://postgres:${PG_PASSWORD}@`);
        const db = `${withUser}?schema=${schema}&password=${PG_QUERY_PASSWORD}`;
        const run = await cli(['run', '--tasks', 'tasks.jsonl', '--db', db]);
        expect(run.code, run.text).toBe(0);
        const everything = await readEverything(db, 'latest');
        const controller = new AbortController();
        const io = captureIo(dir, { env: {}, signal: controller.signal });
        const worker = runCli(['worker', '--db', db, '--concurrency', '1'], io);
        for (let i = 0; i < 200 && !io.err().includes('taking jobs'); i += 1)
          await new Promise((r) => setTimeout(r, 50));
        controller.abort();
        await worker;
        expect(io.err()).toContain('taking jobs from');
        const unreachable = await cli([
          'runs',
          '--db',
          `postgres://postgres:${PG_PASSWORD}@127.0.0.1:1/postgres?password=${PG_QUERY_PASSWORD}`,
        ]);
        expect(unreachable.code).not.toBe(0);
        expect(unreachable.text).not.toMatch(/unexpected error|\n\s+at /);
        expectNoSecret('PostgreSQL outputs', [run.text, everything, io.out(), io.err(), unreachable.text].join('\n'), [
          PG_PASSWORD,
          PG_QUERY_PASSWORD,
        ]);
        expect(io.err()).toContain('password=***');
      });
    },
  );
});
