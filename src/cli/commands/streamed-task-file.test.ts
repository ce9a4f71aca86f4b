import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { FUSION_FIXTURES_DIR } from '../../evidence/testing/evidence-builders.js';
import { openSqliteStore } from '../../store/index.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

// The real Fusion records, and tasks whose commits are in the repository.
const FIXTURES = ['FN-679', 'KB-126', 'KB-341'];
let repo: GitTestRepo;
let records: Record<string, unknown>[];

beforeEach(async () => {
  repo = await createGitTestRepo();
  await repo.commit({ subject: 'chore: initial', files: { 'README.md': '# app\n' }, date: '2026-03-01T09:00:00Z' });
  await repo.commit({
    subject: 'feat(T-1): parse the config',
    files: { 'src/config.ts': 'export {}\n', 'src/config.test.ts': 'it\n' },
    date: '2026-03-02T10:00:00Z',
  });
  await repo.commit({
    subject: 'fix: T-2 empty config',
    files: { 'src/empty.ts': '1\n' },
    date: '2026-03-05T10:00:00Z',
  });
  records = [
    ...(await Promise.all(
      FIXTURES.map(async (id) => JSON.parse(await readFile(join(FUSION_FIXTURES_DIR, `${id}.task.json`), 'utf8'))),
    )),
    ...['T-1', 'T-2'].map((id, i) => ({
      id,
      title: `Task ${id}`,
      description: 'Parse the config file and handle an empty one.',
      column: 'done',
      createdAt: `2026-03-0${i + 1}T08:00:00.000Z`,
      executionCompletedAt: `2026-03-0${i + 2}T12:00:00.000Z`,
      workflowStepResults: [{ workflowStepId: 'tests', workflowStepName: 'Run tests', status: 'passed' }],
    })),
  ];
  await writeFile(join(repo.dir, 'tasks.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  await writeFile(join(repo.dir, 'tasks.json'), JSON.stringify(records));
});
afterEach(async () => {
  await repo.cleanup();
});

async function cli(...argv: string[]) {
  const io = captureIo(repo.dir);
  const code = await runCli([...argv, '--no-sessions'], io);
  return { code, out: io.out(), err: io.err() };
}

/** Results without what differs between two evaluations of the same tasks: the run id and the time. */
const parsed = (out: string) => {
  return (JSON.parse(out.replace(/"score-[0-9a-f]+"/g, '"RUN"')) as Record<string, unknown>[]).map(
    ({ evaluatedAt: _at, ...rest }) => rest,
  );
};

describe('a JSONL task file read as heads, each task read whole when it is evaluated', () => {
  it('scores every task exactly as the same records read whole from a .json file', async () => {
    const streamed = await cli('score', '--tasks', 'tasks.jsonl', '--json');
    const whole = await cli('score', '--tasks', 'tasks.json', '--json');
    expect(streamed.code).toBe(0);
    const a = parsed(streamed.out);
    const b = parsed(whole.out);
    expect(a.map((r) => r.taskId)).toEqual([...FIXTURES, 'T-1', 'T-2']);
    expect(a).toEqual(b);
    // The commits were found from the heads: T-1's commit touched a test.
    expect(a.find((r) => r.taskId === 'T-1')).toMatchObject({ signals: { values: { commits: { count: 1 } } } });
  });

  it('stores each result with the whole record as its snapshot, in a run and in a batch', async () => {
    const db = join(repo.dir, 'taskeval.db');
    expect((await cli('run', '--tasks', 'tasks.jsonl', '--db', db, '--json')).code).toBe(0);
    expect((await cli('batch', '--tasks', 'tasks.jsonl', '--db', db, '--column', 'done', '--json')).code).toBe(0);
    const store = openSqliteStore({ path: db });
    try {
      const runs = (await store.listRuns()).items;
      expect(runs.map((r) => r.trigger).sort()).toEqual(['manual', 'schedule']);
      for (const run of runs) {
        const page = await store.listResults({ runId: run.id, full: true, limit: 10 });
        expect(page.count).toBe(run.requestedTasks);
        expect(page.count).toBeGreaterThanOrEqual(2);
        for (const result of page.items) {
          const source = records.find((r) => r.id === result.taskId)!;
          expect(result.taskSnapshot).toMatchObject({ id: source.id, description: source.description });
        }
      }
    } finally {
      await store.close();
    }
  });
});
