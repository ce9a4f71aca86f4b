import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTestRepo, gitTestEnv, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

const exec = promisify(execFile);
let repo: GitTestRepo;

async function cli(cwd: string, argv: string[]) {
  const io = captureIo(cwd);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

async function git(args: string[], cwd: string): Promise<string> {
  return (await exec('git', args, { cwd, env: gitTestEnv() })).stdout;
}

beforeEach(async () => {
  repo = await createGitTestRepo();
  // Each task rewrites the same file, so every commit but the last has blobs only the origin holds.
  for (let i = 1; i <= 3; i += 1) {
    await repo.commit({
      subject: `feat: part ${i} (FN-${i})`,
      files: { 'src/app.ts': Array.from({ length: i * 30 }, (_, n) => `export const v${n} = ${n};`).join('\n') },
    });
  }
  await repo.git(['config', 'uploadpack.allowFilter', 'true']);
});
afterEach(async () => {
  await repo.cleanup();
});

/** Every output a user reads a result in: the run's scorecard, results, show, CSV and JSON export. */
async function outputs(cwd: string) {
  const run = await cli(cwd, ['run', '--project', '.', '--db', 'store.db']);
  expect(run.code, run.err).toBe(0);
  const results = await cli(cwd, ['results', '--db', 'store.db']);
  const show = await cli(cwd, ['show', 'FN-1', '--db', 'store.db']);
  const csv = await cli(cwd, ['export', '--run', 'latest', '--format', 'csv', '--db', 'store.db']);
  const jsonl = await cli(cwd, ['export', '--run', 'latest', '--format', 'jsonl', '--db', 'store.db']);
  return { run, results, show, csv, jsonl };
}

describe('results from an incomplete history', () => {
  it('are marked in every output with what was missing: a blobless clone whose remote is gone', async () => {
    const clone = join(repo.root, 'blobless');
    await git(['clone', '-q', '--filter=blob:none', `file://${repo.dir}`, clone], repo.root);
    await rm(repo.dir, { recursive: true, force: true });
    const o = await outputs(clone);
    const gap = /object\(s\) missing \(partial clone\): line counts of \d+ commit\(s\) unknown/;
    expect(o.run.out).toMatch(/^FN-1 .*deterministic only ~$/m);
    expect(o.run.out).toMatch(gap);
    // The missing objects are said, but they are no task record's problem: --strict is not suggested for them.
    expect(o.run.err).toMatch(/object\(s\) are missing/);
    expect(o.run.err).not.toContain('problem(s) in the task sources');
    expect(o.results.out).toMatch(/deterministic only ~/);
    expect(o.results.out).toMatch(gap);
    expect(o.show.out).toMatch(/history incomplete: .*partial clone/);
    const header = o.csv.out.split('\n')[0]!.split(',');
    const row = o.csv.out.split('\n')[1]!;
    expect(header.at(-1)).toBe('history_gaps');
    expect(row).toMatch(gap);
    const first = JSON.parse(o.jsonl.out.split('\n')[0]!) as {
      provenance: { historyGaps: string[] };
      evidenceBundle: { groups: { entries: { id: string; label: string }[] }[] };
    };
    expect(first.provenance.historyGaps[0]).toMatch(gap);
    // The judge reads it too: the history entry of the bundle says so.
    expect(first.evidenceBundle.groups[0]!.entries.find((e) => e.id === 'task-history')!.label).toMatch(
      /INCOMPLETE: .*partial clone/,
    );
  });

  it('are marked for a shallow clone, naming where history stops', async () => {
    const clone = join(repo.root, 'shallow');
    await git(['clone', '-q', '--depth', '1', `file://${repo.dir}`, clone], repo.root);
    const o = await outputs(clone);
    expect(o.run.out).toMatch(/^FN-3 .*deterministic only ~$/m);
    expect(o.run.out).toMatch(/shallow clone: history before \d{4}-\d\d-\d\dT[\d:.]+Z missing/);
  });

  it('survive a commit dated before 1970: the rest of the history is read and the result says which dates were unreadable', async () => {
    // git refuses such a date on commit; a commit object written by hand carries it, as an imported history can.
    const tree = (await repo.git(['write-tree'])).trim();
    const parent = (await repo.git(['rev-parse', 'HEAD'])).trim();
    const body = `tree ${tree}\nparent ${parent}\nauthor Old Timer <old@example.test> -14182940 +0000\ncommitter Old Timer <old@example.test> -14182940 +0000\n\nfix: moon landing (FN-4)\n`;
    const sha = await new Promise<string>((done, fail) => {
      const child = execFile(
        'git',
        ['hash-object', '-t', 'commit', '-w', '--stdin'],
        { cwd: repo.dir, env: gitTestEnv() },
        (error, out) => (error ? fail(error) : done(out.trim())),
      );
      child.stdin!.end(body);
    });
    await repo.git(['update-ref', 'refs/heads/main', sha]);
    const run = await cli(repo.dir, ['run', '--project', '.', '--db', 'store.db']);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/^FN-4 /m);
    expect(run.out).toMatch(/^FN-1 /m);
    // Newer git prints the negative time, which is read as it is; older git prints none, which is marked.
    const show = await cli(repo.dir, ['show', 'FN-4', '--db', 'store.db']);
    if (!show.out.includes('completed 1969-07-20')) {
      expect(run.err).toMatch(/1 commit\(s\) in .* have a date git cannot give/);
      expect(run.out).toContain('1 commit(s) with unreadable dates');
    }
  });
});
