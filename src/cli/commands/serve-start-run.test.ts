import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, createEventBus, type ServerEvent } from '../../server/index.js';
import { defaultDbPath, openSqliteStore, type SqliteStore } from '../../store/index.js';
import { captureIo } from '../testing/capture-io.js';
import { createServeRuns } from './serve-start-run.js';

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Agent',
  GIT_AUTHOR_EMAIL: 'agent@example.com',
  GIT_COMMITTER_NAME: 'Agent',
  GIT_COMMITTER_EMAIL: 'agent@example.com',
  GIT_AUTHOR_DATE: '2026-03-01T10:00:00Z',
  GIT_COMMITTER_DATE: '2026-03-01T10:00:00Z',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

describe('POST /api/runs of taskeval serve', () => {
  let dir: string;
  let store: SqliteStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'taskeval-serve-run-'));
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: GIT_ENV });
    git('init', '-q', '-b', 'main');
    for (const id of ['FN-1', 'FN-2']) {
      await writeFile(join(dir, `${id}.ts`), `export const x = '${id}';\n`);
      git('add', '.');
      git('commit', '-q', '-m', `feat(${id}): add ${id}`);
    }
    // As serve opens it: task ids and titles held in memory for text search.
    store = openSqliteStore({ path: defaultDbPath(dir), textInMemory: true });
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('starts an api run over the project, answers with its id at once and publishes progress and results', async () => {
    const events = createEventBus();
    const seen: ServerEvent[] = [];
    const finished = new Promise<void>((done) =>
      events.subscribe((e) => (seen.push(e), e.type === 'run' && e.status === 'completed' && done())),
    );
    const runs = createServeRuns({
      store,
      io: captureIo(dir),
      config: {},
      configPath: null,
      events,
      log: () => undefined,
    });
    const app = createApp({ store, token: 't0ken', events, startRun: runs.startRun });
    const response = await app.request('/api/runs', { method: 'POST', headers: { authorization: 'Bearer t0ken' } });
    expect(response.status).toBe(202);
    const { runId } = (await response.json()) as { runId: string };
    await finished;
    await runs.drain();
    const run = await store.getRun(runId);
    expect(run).toMatchObject({ trigger: 'api', status: 'completed', counts: { total: 2, scored: 2 } });
    expect(
      seen
        .filter((e) => e.type === 'result')
        .map((e) => (e as { taskId: string }).taskId)
        .sort(),
    ).toEqual(['FN-1', 'FN-2']);
    expect(seen[0]).toMatchObject({ type: 'run', runId, status: 'running', counts: { total: 2, done: 0 } });
  });

  it('answers 409 to a second POST while the first run is going, and starts one again once it is done', async () => {
    const runs = createServeRuns({ store, io: captureIo(dir), config: {}, configPath: null, log: () => undefined });
    const app = createApp({ store, token: 't0ken', startRun: runs.startRun });
    const post = () => app.request('/api/runs', { method: 'POST', headers: { authorization: 'Bearer t0ken' } });
    const answers = await Promise.all([post(), post(), post()]);
    expect(answers.map((r) => r.status).sort()).toEqual([202, 409, 409]);
    expect(await answers.find((r) => r.status === 409)!.json()).toMatchObject({ code: 'active_run_conflict' });
    await runs.drain();
    const search = async () => {
      const res = await app.request('/api/results?q=fn-2', { headers: { authorization: 'Bearer t0ken' } });
      return ((await res.json()) as { items: { taskId: string }[] }).items.map((r) => r.taskId);
    };
    expect(await search()).toEqual(['FN-2']);
    expect((await post()).status).toBe(202);
    await runs.drain();
    expect((await store.listRuns()).count).toBe(2);
    // The second run's results are searched too: the texts held in memory caught up with them.
    expect(await search()).toEqual(['FN-2', 'FN-2']);
    expect(store.textsInMemory).toBe(4);
  });
});
