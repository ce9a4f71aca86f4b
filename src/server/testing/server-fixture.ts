import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TaskResult } from '../../core/index.js';
import {
  openSqliteStore,
  type EvalRun,
  type RunStatus,
  type SqliteStore,
  type StoredResult,
} from '../../store/index.js';
import type { AppDeps } from '../app-deps.js';
import { createApp } from '../create-app.js';
import { createEventBus, type EventBus } from '../event-bus.js';

export const TEST_TOKEN = 'a'.repeat(64);

const PROVENANCE = {
  judgeProvider: 'openai',
  judgeModel: 'gpt-test',
  rubricVersion: 'rubric-1',
  promptVersion: 'prompt-1',
  taskevalVersion: '0.1.0',
};

export interface ServerFixture {
  dir: string;
  store: SqliteStore;
  events: EventBus;
  app: ReturnType<typeof createApp>;
  /** `app.request` with the bearer token. */
  get(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** A real SQLite store in a temp dir and the app over it. */
export async function createServerFixture(overrides: Partial<AppDeps> = {}): Promise<ServerFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'taskeval-server-'));
  const store = openSqliteStore({ path: join(dir, 'taskeval.db') });
  const events = createEventBus();
  const app = createApp({ store, token: TEST_TOKEN, events, ...overrides });
  return {
    dir,
    store,
    events,
    app,
    get: (path, init = {}) =>
      Promise.resolve(
        app.request(path, {
          ...init,
          headers: { authorization: `Bearer ${TEST_TOKEN}`, ...(init.headers as Record<string, string> | undefined) },
        }),
      ),
    close: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface SeedRunOptions {
  status?: RunStatus;
  trigger?: 'manual' | 'schedule' | 'api' | 'task_completion';
  /** Minutes after 2026-03-02T10:00Z for the run's clock; results follow one second apart. */
  at?: number;
  judge?: boolean;
  labels?: Record<string, string>;
}

/** Stores a run holding `results`, brought to `status` (completed by default). */
export async function seedRun(
  store: SqliteStore,
  results: readonly TaskResult[],
  options: SeedRunOptions = {},
): Promise<{ run: EvalRun; results: StoredResult[] }> {
  const t = (offsetMs: number) =>
    new Date(Date.parse('2026-03-02T10:00:00.000Z') + (options.at ?? 0) * 60_000 + offsetMs).toISOString();
  const provenance =
    options.judge === false
      ? { ...PROVENANCE, judgeProvider: null, judgeModel: null, promptVersion: null }
      : PROVENANCE;
  const run = await store.createRun({
    projectId: 'proj',
    trigger: options.trigger ?? 'manual',
    provenance,
    ...(options.labels ? { settings: { judge: null, labels: options.labels, queued: false } } : {}),
    now: t(0),
  });
  const status = options.status ?? 'completed';
  if (status === 'pending') return { run, results: [] };
  await store.transitionRun(run.id, 'running', { now: t(1) });
  const stored: StoredResult[] = [];
  for (const [i, result] of results.entries()) {
    stored.push(
      await store.saveResult(run.id, { result: { ...result, evaluatedAt: t(1000 * (i + 1)) }, now: t(1000 * (i + 1)) }),
    );
  }
  const final =
    status === 'running'
      ? await store.getRun(run.id)
      : await store.transitionRun(run.id, status, { now: t(1000 * (results.length + 2)) });
  return { run: final, results: stored };
}
