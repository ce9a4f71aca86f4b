import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { mkdirSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applySqliteMigrations } from '../../store/sqlite/apply-sqlite-migrations.js';
import { SQLITE_MIGRATIONS } from '../../store/sqlite/sqlite-migrations.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let dir: string;
const dbPath = () => join(dir, '.taskeval', 'taskeval.db');

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-doctor-'));
  const tasks = Array.from({ length: 40 }, (_, i) =>
    JSON.stringify({
      id: `FN-${i + 1}`,
      title: `Task ${i + 1}`,
      column: 'done',
      executionCompletedAt: `2026-03-01T10:${String(i).padStart(2, '0')}:00Z`,
    }),
  );
  await writeFile(join(dir, 'tasks.jsonl'), tasks.join('\n'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cli(argv: string[]) {
  const io = captureIo(dir);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** Overwrites the header of an index's root page, as a torn write or a bad disk would. */
function damageIndex(name: string): void {
  const db = new Database(dbPath(), { readonly: true });
  const { rootpage } = db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(name) as {
    rootpage: number;
  };
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = openSync(dbPath(), 'r+');
  writeSync(fd, Buffer.alloc(16, 0x5a), 0, 16, (rootpage - 1) * pageSize);
  closeSync(fd);
}

const digest = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

describe('taskeval doctor and the integrity check of writing commands', () => {
  it('reports a healthy store with its schema and run counts, exit 0', async () => {
    expect((await cli(['run', '--tasks', 'tasks.jsonl'])).code).toBe(0);
    const doctor = await cli(['doctor']);
    expect(doctor.code).toBe(0);
    expect(doctor.out).toMatch(/integrity: ok/);
    expect(doctor.out).toMatch(/runs:\s+1 completed/);
    expect(doctor.out).toMatch(/results:\s+40/);
    const json = JSON.parse((await cli(['doctor', '--json'])).out);
    expect(json).toMatchObject({ healthy: true, results: 40, integrity: { mode: 'full', ok: true, problems: [] } });
  });

  it('names the damage of a corrupted store (exit 6), and run refuses to write to it, leaving the file as it was', async () => {
    expect((await cli(['run', '--tasks', 'tasks.jsonl'])).code).toBe(0);
    damageIndex('eval_task_results_by_task');
    const doctor = await cli(['doctor']);
    expect(doctor.code).toBe(6);
    expect(doctor.out).toMatch(/integrity: DAMAGED/);
    expect(doctor.err).toMatch(/the store is damaged/);

    const before = await digest(dbPath());
    const run = await cli(['run', '--tasks', 'tasks.jsonl']);
    expect(run.code).toBe(6);
    expect(run.err).toMatch(/the store is damaged \(.+\); nothing was written/);
    expect(run.err).toMatch(/taskeval doctor/);
    expect(await digest(dbPath())).toBe(before);
  });

  it('says where it looked when there is no store', async () => {
    const doctor = await cli(['doctor', '--project', 'elsewhere']);
    expect(doctor.code).toBe(3);
    expect(doctor.err).toMatch(/no taskeval store at .*elsewhere/);
  });
});

describe('reading commands and the store they read', () => {
  it('say a damaged store is damaged (exit 6) instead of printing what they could read', async () => {
    expect((await cli(['run', '--tasks', 'tasks.jsonl'])).code).toBe(0);
    damageIndex('eval_task_results_by_task');
    for (const argv of [['runs'], ['export', '--run', 'latest'], ['results', '--run', 'latest']]) {
      const read = await cli(argv);
      expect(read.code, argv.join(' ')).toBe(6);
      expect(read.err).toMatch(/the store is damaged/);
      expect(read.err).not.toMatch(/unexpected error|\n\s+at /);
    }
  });

  it('never migrate an older store: they exit 6 naming `taskeval migrate`, which upgrades it and keeps a copy the older version reads', async () => {
    // A store as the previous taskeval made it: every migration but the newest.
    mkdirSync(join(dir, '.taskeval'));
    const db = new Database(dbPath());
    db.pragma('journal_mode = WAL');
    applySqliteMigrations(db, SQLITE_MIGRATIONS.slice(0, -1), '2026-01-01T00:00:00.000Z', dbPath());
    db.close();
    const newest = SQLITE_MIGRATIONS.at(-1)!.version;
    const before = await digest(dbPath());
    const runs = await cli(['runs']);
    expect(runs.code).toBe(6);
    expect(runs.err).toContain(
      `the store has schema ${newest - 1}, older than this taskeval's ${newest}; reading commands do not change it`,
    );
    expect(runs.err).toContain('taskeval migrate --db');
    expect(await digest(dbPath())).toBe(before);

    const migrate = await cli(['migrate']);
    expect(migrate.code, migrate.err).toBe(0);
    const backup = /the store as it was: (\S+)/.exec(migrate.out)![1]!;
    expect(migrate.out).toContain(`upgraded from schema ${newest - 1} to ${newest}`);
    const copy = new Database(backup, { readonly: true });
    expect((copy.prepare('SELECT max(version) AS v FROM schema_migrations').get() as { v: number }).v).toBe(newest - 1);
    copy.close();
    expect((await cli(['run', '--tasks', 'tasks.jsonl'])).code).toBe(0);
    expect((await cli(['runs'])).code).toBe(0);
    expect((await cli(['migrate'])).out).toContain("already at this taskeval's schema; nothing to do");
  });

  it('compare from sums `taskeval migrate` brought up to date, so none is left to sum in memory on every read', async () => {
    expect((await cli(['run', '--tasks', 'tasks.jsonl'])).code).toBe(0);
    // As the schema before per-run sums left it: no per-run sums (nor the fates after them), the comparison sums through every result.
    const db = new Database(dbPath());
    db.exec(
      'DROP TABLE eval_task_fates; DROP TABLE eval_run_cells; DROP TABLE eval_rescored_tasks; DELETE FROM schema_migrations WHERE version >= 15',
    );
    db.close();
    const migrate = await cli(['migrate']);
    expect(migrate.code, migrate.err).toBe(0);
    expect(migrate.err).toMatch(/brought the comparison sums up to date: 40 results/);
    const after = new Database(dbPath(), { readonly: true });
    const through = after.prepare('SELECT through_pk AS t FROM eval_compare_state').get() as { t: number };
    const cells = after
      .prepare("SELECT sum(n) AS n FROM eval_run_cells WHERE run_id = '' AND length(period) = 7")
      .get();
    after.close();
    expect([through.t, cells]).toEqual([40, { n: 40 }]);
    const compared = await cli(['compare', '--by', 'model', '--run', 'latest']);
    expect(compared.code, compared.err).toBe(0);
  });

  it('read a healthy store on read-only media, and doctor calls it healthy', async () => {
    expect((await cli(['run', '--tasks', 'tasks.jsonl'])).code).toBe(0);
    const folder = join(dir, '.taskeval');
    // An immutable directory is read-only even for root, as a read-only mount is; skipped where chattr is not allowed.
    try {
      execFileSync('chattr', ['+i', folder], { stdio: 'ignore' });
    } catch {
      return;
    }
    try {
      const runs = await cli(['runs']);
      expect(runs.code, runs.err).toBe(0);
      expect(runs.out).toContain('completed');
      const exported = await cli(['export', '--run', 'latest', '--format', 'csv']);
      expect(exported.code, exported.err).toBe(0);
      expect(exported.out.trim().split('\n')).toHaveLength(41);
      const doctor = await cli(['doctor']);
      expect(doctor.code, doctor.err).toBe(0);
      expect(doctor.out).toMatch(/integrity: ok/);
      // Writing needs a writable store, and says so.
      const run = await cli(['run', '--tasks', 'tasks.jsonl']);
      expect(run.code).toBe(6);
      expect(run.err).not.toMatch(/unexpected error/);
    } finally {
      execFileSync('chattr', ['-i', folder]);
    }
  });
});
