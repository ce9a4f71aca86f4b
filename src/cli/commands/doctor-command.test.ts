import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let dir: string;
const dbPath = () => join(dir, '.taskeval', 'taskeval.db');

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-doctor-'));
  const tasks = Array.from({ length: 40 }, (_, i) => JSON.stringify({ id: `FN-${i + 1}`, title: `Task ${i + 1}`, column: 'done', executionCompletedAt: `2026-03-01T10:${String(i).padStart(2, '0')}:00Z` }));
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
  const { rootpage } = db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(name) as { rootpage: number };
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = openSync(dbPath(), 'r+');
  writeSync(fd, Buffer.alloc(16, 0x5a), 0, 16, (rootpage - 1) * pageSize);
  closeSync(fd);
}

const digest = async (path: string) => createHash('sha256').update(await readFile(path)).digest('hex');

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

  it('names the damage of a corrupted store (exit 3), and run refuses to write to it, leaving the file as it was', async () => {
    expect((await cli(['run', '--tasks', 'tasks.jsonl'])).code).toBe(0);
    damageIndex('eval_task_results_by_task');
    const doctor = await cli(['doctor']);
    expect(doctor.code).toBe(3);
    expect(doctor.out).toMatch(/integrity: DAMAGED/);
    expect(doctor.err).toMatch(/the store is damaged/);

    const before = await digest(dbPath());
    const run = await cli(['run', '--tasks', 'tasks.jsonl']);
    expect(run.code).toBe(3);
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
