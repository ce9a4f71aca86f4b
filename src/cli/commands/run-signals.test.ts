import { spawn, execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
let tmp: string;
let tasksFile: string;
const TASKS = 60_000;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'taskeval-signals-'));
  tasksFile = join(tmp, 'tasks.jsonl');
  const lines = Array.from({ length: TASKS }, (_, i) =>
    JSON.stringify({
      id: `T-${i + 1}`,
      title: `task ${i + 1}`,
      column: 'done',
      executionCompletedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    }),
  );
  await writeFile(tasksFile, lines.join('\n'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

interface Child {
  exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
  kill: (signal: NodeJS.Signals) => void;
}

function startCli(args: string[]): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', ...args], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => void (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
  return {
    exited: new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr }))),
    kill: (signal) => void child.kill(signal),
  };
}

interface RunRow {
  id: string;
  status: string;
  reason: string | null;
  heartbeat_at: string;
  created_at: string;
}

/** The store as another process sees it, read-only, while the run writes. */
function peek(db: string): { run: RunRow | undefined; results: number } {
  try {
    const conn = new Database(db, { readonly: true, fileMustExist: true });
    try {
      const run = conn
        .prepare('SELECT id, status, reason, heartbeat_at, created_at FROM eval_runs ORDER BY created_at DESC LIMIT 1')
        .get() as RunRow | undefined;
      const { n } = conn.prepare('SELECT count(*) AS n FROM eval_task_results').get() as { n: number };
      return { run, results: n };
    } finally {
      conn.close();
    }
  } catch {
    return { run: undefined, results: 0 };
  }
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a long deterministic run', () => {
  it('writes its heartbeat on time while other commands read the store, so none of them marks it failed', async () => {
    const db = join(tmp, 'alive.db');
    const child = startCli(['run', '--tasks', tasksFile, '--db', db]);
    await waitFor(() => peek(db).results > 0, 60_000);
    const first = peek(db).run!;
    // Readers in the meantime: each opens the store (and would recover a stale run).
    for (let i = 0; i < 3; i += 1) {
      const { stdout } = await exec(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', 'runs', '--db', db], {
        cwd: root,
      });
      expect(stdout).toContain(first.id);
      expect(peek(db).run!.status).toBe('running');
    }
    // The heartbeat moves on while tasks are evaluated: the event loop is not starved.
    await waitFor(() => {
      const now = peek(db).run!;
      return now.status !== 'running' || Date.parse(now.heartbeat_at) > Date.parse(first.heartbeat_at);
    }, 30_000);
    const { code } = await child.exited;
    expect(code).toBe(0);
    const done = peek(db);
    expect(done.run!.status).toBe('completed');
    expect(done.results).toBe(TASKS);
  }, 240_000);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`stops early on ${signal}: exit 130, the run cancelled, every result so far kept`, async () => {
      const db = join(tmp, `${signal}.db`);
      const child = startCli(['run', '--tasks', tasksFile, '--db', db]);
      await waitFor(() => peek(db).results >= 500, 60_000);
      child.kill(signal);
      const { code, stdout } = await child.exited;
      expect(code).toBe(130);
      const after = peek(db);
      expect(after.run!.status).toBe('cancelled');
      expect(after.results).toBeGreaterThanOrEqual(500);
      // Before, a run never yielded and went on to the last of 60,000 tasks.
      expect(after.results).toBeLessThan(TASKS);
      expect(stdout).toContain(`cancelled after ${after.results} of ${TASKS} tasks`);
    }, 120_000);
  }
});
