import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { openSqliteStore } from '../../store/index.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

interface Row {
  taskId: string;
  reverted: boolean;
  revertShas: string[];
  fixCommits: string[];
  blamedLines: number;
  bugIntroducing: boolean;
}

let dir: string;
let repo: GitTestRepo;
const shas: Record<string, string> = {};

const lines = (...l: string[]) => `${l.join('\n')}\n`;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-outcomes-'));
  repo = await createGitTestRepo();
  await repo.commit({ subject: 'chore: initial', files: { 'README.md': '# app\n' }, date: '2026-03-01T09:00:00Z' });
  await repo.commit({
    subject: 'feat(T-1): parse the config',
    files: { 'src/config.ts': lines('a', 'b', 'c') },
    date: '2026-03-02T10:00:00Z',
  });
  await repo.commit({
    subject: 'feat(T-2): load plugins',
    files: { 'src/plugins.ts': lines('p1', 'p2'), 'tests/plugins.test.ts': lines('t1') },
    date: '2026-03-02T12:00:00Z',
  });
  shas.t3 = await repo.commit({
    subject: 'feat(T-3): cache results',
    files: { 'src/cache.ts': lines('x', 'y') },
    date: '2026-03-03T10:00:00Z',
  });
  // Two days after T-1: changes one of its lines and deletes another.
  shas.fix1 = await repo.commit({
    subject: 'fix: config parsing drops the last key',
    files: { 'src/config.ts': lines('a', 'B') },
    date: '2026-03-04T10:00:00Z',
  });
  // Touches only T-2's test: tests are never blamed.
  await repo.commit({
    subject: 'fix: flaky plugin test',
    files: { 'tests/plugins.test.ts': lines('t2') },
    date: '2026-03-04T11:00:00Z',
  });
  // T-3 fixing its own line is rework inside the task, never blamed on it.
  await repo.commit({
    subject: 'fix(T-3): cache key',
    files: { 'src/cache.ts': lines('x', 'Y') },
    date: '2026-03-04T12:00:00Z',
  });
  // Twenty days after T-2, moving one of its lines: outside a 7-day window, inside a 30-day one.
  shas.fix2 = await repo.commit({
    subject: 'Fix plugin order',
    files: { 'src/plugins.ts': lines('p2', 'p1') },
    date: '2026-03-22T10:00:00Z',
  });
  shas.t4 = await repo.commit({
    subject: 'feat(T-4): telemetry',
    files: { 'src/telemetry.ts': lines('send') },
    date: '2026-03-23T10:00:00Z',
  });
  await repo.git(['revert', '--no-edit', shas.t4]);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await repo.cleanup();
});

async function run(...argv: string[]) {
  const io = captureIo(dir);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

const byTask = (out: string): Record<string, Row> =>
  Object.fromEntries((JSON.parse(out) as Row[]).map((r) => [r.taskId, r]));

describe('taskeval outcomes', () => {
  it('finds fixes named by a task id or an issue by default, and takes outcomes.fixPattern from the config', async () => {
    // A fix of T-9's lines within its window whose subject the rubric's plain `fix…` test would miss.
    await repo.commit({
      subject: 'feat(T-9): export the report',
      files: { 'src/report.ts': lines('r1', 'r2') },
      date: '2026-04-01T10:00:00Z',
    });
    const id = await repo.commit({
      subject: 'BACK-12 - Fix the report header',
      files: { 'src/report.ts': lines('R1', 'r2') },
      date: '2026-04-02T10:00:00Z',
    });
    const db = join(dir, 'store.db');
    const byDefault = byTask((await run('outcomes', '--project', repo.dir, '--db', db, '--json')).out);
    expect(byDefault['T-9']).toMatchObject({ bugIntroducing: true, fixCommits: [id] });
    // A config that counts only conventional `fix:` subjects leaves T-9 clean.
    await writeFile(join(dir, 'taskeval.config.json'), JSON.stringify({ outcomes: { fixPattern: '^fix(\\(|:)' } }));
    const narrowed = byTask((await run('outcomes', '--project', repo.dir, '--db', db, '--json')).out);
    expect(narrowed['T-9']).toMatchObject({ bugIntroducing: false, fixCommits: [] });
    expect(narrowed['T-1']).toMatchObject({ bugIntroducing: true });
    await writeFile(join(dir, 'taskeval.config.json'), JSON.stringify({ outcomes: { fixPattern: '(' } }));
    const bad = await run('outcomes', '--project', repo.dir, '--json');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('outcomes.fixPattern: not a valid regular expression');
  });

  it('labels a task bug-introducing when a later fix changes its lines within the window, and never for tests, own fixes or late fixes', async () => {
    const db = join(dir, 'store.db');
    const { code, out, err } = await run('outcomes', '--project', repo.dir, '--db', db, '--json');
    expect(code).toBe(0);
    const rows = byTask(out);
    expect(rows['T-1']).toMatchObject({ blamedLines: 2, bugIntroducing: true, fixCommits: [shas.fix1] });
    expect(rows['T-2']).toMatchObject({ blamedLines: 0, bugIntroducing: false, fixCommits: [] });
    expect(rows['T-3']).toMatchObject({ blamedLines: 0, bugIntroducing: false });
    expect(rows['T-4']).toMatchObject({ reverted: true, bugIntroducing: false });
    expect(rows['T-4']!.revertShas).toHaveLength(1);
    expect(err).toContain('4 task(s): 1 bug-introducing within 7d, 1 reverted');
    expect(err).toMatch(/fix commits diffed and blamed/);
  });

  it('counts a fix copied onto another branch once, keeping the original', async () => {
    // A release branch cut before the fix, with the fix cherry-picked onto it: one fix on two branches.
    await repo.git(['branch', 'release', shas.t3!]);
    await repo.git(['checkout', '-q', 'release']);
    // Picked two days later: cherry-pick keeps the author and author time, and lands with its own committer time.
    await repo.git(['cherry-pick', shas.fix1!], undefined, '2026-03-06T10:00:00Z');
    const copy = (await repo.git(['rev-parse', 'HEAD'])).trim();
    await repo.git(['checkout', '-q', 'main']);
    expect(copy).not.toBe(shas.fix1);
    const { code, out, err } = await run('outcomes', '--project', repo.dir, '--db', join(dir, 's.db'), '--json');
    expect(code, err).toBe(0);
    expect(byTask(out)['T-1']).toMatchObject({ blamedLines: 2, fixCommits: [shas.fix1] });
  });

  it('with --since, diffs only the fix commits that could blame the selected tasks', async () => {
    const all = await run('outcomes', '--project', repo.dir, '--db', join(dir, 'a.db'), '--window', '30d', '--json');
    const late = await run(
      'outcomes',
      '--project',
      repo.dir,
      '--db',
      join(dir, 'b.db'),
      '--window',
      '30d',
      '--since',
      '2026-03-23',
      '--json',
    );
    const examined = (err: string) => Number(/(\d+) of \d+ fix commit\(s\) examined/.exec(err)?.[1]);
    expect(examined(all.err)).toBeGreaterThan(0);
    // Only T-4 (23 March) is selected, and no fix follows it: nothing older is diffed.
    expect(Object.keys(byTask(late.out))).toEqual(['T-4']);
    expect(examined(late.err)).toBe(0);
  });

  it('widens with --window and tightens with --min-lines', async () => {
    const db = join(dir, 'store.db');
    const wide = byTask((await run('outcomes', '--project', repo.dir, '--db', db, '--window', '30d', '--json')).out);
    expect(wide['T-2']).toMatchObject({ blamedLines: 1, bugIntroducing: true, fixCommits: [shas.fix2] });
    const strict = byTask((await run('outcomes', '--project', repo.dir, '--db', db, '--min-lines', '3', '--json')).out);
    expect(strict['T-1']).toMatchObject({ blamedLines: 2, bugIntroducing: false });
  });

  it('answers a second call on the same history from the store, and computes again after a new commit', async () => {
    const db = join(dir, 'store.db');
    const first = await run('outcomes', '--project', repo.dir, '--db', db, '--json');
    expect(first.err).not.toContain('cache');
    const second = await run('outcomes', '--project', repo.dir, '--db', db, '--json');
    expect(second.err).toContain("(from the store's cache)");
    expect(second.out).toBe(first.out);
    await repo.commit({
      subject: 'fix: telemetry endpoint',
      files: { 'src/plugins.ts': lines('p2') },
      date: '2026-03-24T10:00:00Z',
    });
    const third = await run('outcomes', '--project', repo.dir, '--db', db, '--json');
    expect(third.err).not.toContain('cache');
    const again = await run('outcomes', '--project', repo.dir, '--db', db, '--no-cache', '--json');
    expect(again.code).toBe(0);
    expect(again.err).not.toContain('cache)');
  });

  it("keeps each task's fate in the store by project and task, a fix inside its window not yet known", async () => {
    const db = join(dir, 'store.db');
    const { code, err } = await run('outcomes', '--project', repo.dir, '--db', db, '--window', '30d');
    expect(code, err).toBe(0);
    expect(err).toMatch(/kept \d+ fate\(s\) of project path:[0-9a-f]{16} in the store/);
    const store = openSqliteStore({ path: db, readOnly: true });
    try {
      const fates = new Map((await store.listTaskFates()).map((f) => [f.taskId, f]));
      expect(fates.get('T-1')).toMatchObject({
        kind: 'task',
        pull: null,
        reverted: false,
        fixed: true,
        fixWindowDays: 30,
      });
      expect(fates.get('T-4')).toMatchObject({ reverted: true });
      // T-4's last commit is a day before the newest commit: no fix yet, but its 30 days have not passed.
      expect(fates.get('T-4')!.fixed).toBeNull();
      expect(fates.get('T-4')!.historyUntil).not.toBeNull();
    } finally {
      await store.close();
    }
  });

  it('prints CSV with a header and shas joined by spaces', async () => {
    const { code, out } = await run('outcomes', '--project', repo.dir, '--db', join(dir, 's.db'), '--format', 'csv');
    expect(code).toBe(0);
    const [header, ...rows] = out.trim().split('\n');
    expect(header).toBe('taskId,completedAt,reverted,revertShas,followUps,fixCommits,blamedLines,bugIntroducing');
    expect(rows.find((r) => r.startsWith('T-1,'))).toMatch(new RegExp(`,false,,,${shas.fix1},2,true$`));
  });

  it('refuses a bad --window or --min-lines with a usage error naming the flag', async () => {
    const bad = await run('outcomes', '--project', repo.dir, '--window', 'soon');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--window must be an age such as 7d');
    const zero = await run('outcomes', '--project', repo.dir, '--min-lines', '0');
    expect(zero.code).toBe(2);
    expect(zero.err).toContain('--min-lines');
  });
});
