import { createHash } from 'node:crypto';
import type * as PgBossTypes from 'pg-boss';
import type { PgBoss } from 'pg-boss';
import { ConfigError, StoreError } from '../../core/index.js';
import type { StoreLocation } from '../../store/index.js';
import { nextScheduledRun } from '../run-schedule.js';
import { ensureQueue, PG_BOSS_SEND_IT_QUEUE } from './ensure-queue.js';
import { pgBossClass } from './load-pg-boss.js';

export interface RunQueuedScheduleInput {
  location: StoreLocation;
  projectId: string;
  cron: string;
  timezone?: string;
  /** Loads the project's tasks and enqueues one batch for the workers; its errors are logged and the schedule goes on. */
  enqueueBatch: (signal: AbortSignal) => Promise<void>;
  log: (line: string) => void;
  /** Stops this scheduler; the schedule stays for the others. */
  signal?: AbortSignal;
  /** How often pg-boss checks the schedules and this process looks for a firing (seconds; tests use 1). */
  pollSeconds?: number;
}

/** A firing not picked up within this time is dropped rather than run late (no scheduler was up). */
const FIRING_KEPT_SECONDS = 3600;
/** A scheduler that died while enqueueing leaves its firing to another after this long. */
const FIRING_HELD_SECONDS = 900;

/**
 * The pg-boss queue (and schedule) of one project's batches: pg-boss queue names allow letters, digits,
 * `.`, `-` and `_`, which a project id (`path:3f1c…`) may not be limited to.
 */
export function scheduleQueueName(projectId: string): string {
  return `taskeval-batch-${createHash('sha256').update(projectId).digest('hex').slice(0, 16)}`;
}

/**
 * Scheduled batches on the queue: the cron expression is kept as a pg-boss schedule, which fires once
 * per tick across every scheduler process on the database, however many run. The one process that takes
 * a firing loads the tasks and enqueues the batch (the same window rules as a local batch); the workers
 * evaluate it. Runs until the signal aborts; the schedule itself is left in place for the others.
 */
export async function runQueuedSchedule(input: RunQueuedScheduleInput): Promise<void> {
  const { location, log } = input;
  if (location.kind !== 'postgres') {
    throw new ConfigError(
      'usage',
      `scheduled batches on the queue need a PostgreSQL store; ${location.path} is a SQLite file`,
      {
        field: 'db',
        hint: 'name a shared store with --db postgres://… or TASKEVAL_DATABASE_URL, or leave --queue out to run batches here',
      },
    );
  }
  const timezone = input.timezone ?? 'UTC';
  nextScheduledRun(input.cron, timezone);
  const name = scheduleQueueName(input.projectId);
  const poll = input.pollSeconds ?? 15;
  const PgBossClass = pgBossClass();
  const boss = new PgBossClass({
    connectionString: location.connectionString,
    schema: location.schema === 'public' ? 'pgboss' : `${location.schema}_pgboss`,
    max: 2,
    supervise: true,
    schedule: true,
    cronMonitorIntervalSeconds: Math.min(poll, 45),
    cronWorkerIntervalSeconds: Math.min(poll, 45),
  });
  boss.on('error', (error: Error) =>
    log(`queue: ${error.message.replaceAll(location.connectionString, location.display)}`),
  );
  try {
    await boss.start();
    await ensureQueue(boss, PG_BOSS_SEND_IT_QUEUE);
    // stately: one firing waiting at most, so firings do not pile up while every scheduler is down.
    await ensureQueue(boss, name, { name, policy: 'stately' });
    const previous = (await boss.getSchedules()).find((s) => s.name === name) as
      (PgBossTypes.Schedule & { timezone?: string }) | undefined;
    if (previous && (previous.cron !== input.cron || previous.timezone !== timezone)) {
      log(
        `replacing the project's schedule "${previous.cron}" (${previous.timezone ?? 'UTC'}) with "${input.cron}" (${timezone})`,
      );
    }
    await boss.schedule(
      name,
      input.cron,
      { projectId: input.projectId },
      { tz: timezone, retentionSeconds: FIRING_KEPT_SECONDS, expireInSeconds: FIRING_HELD_SECONDS, retryLimit: 1 },
    );
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => undefined);
    const message = ((error as Error).message ?? String(error)).replaceAll(location.connectionString, location.display);
    throw new StoreError('store_failed', `${location.display}: cannot open the batch schedule: ${message}`, {
      field: 'db',
      cause: error,
    });
  }
  const next = nextScheduledRun(input.cron, timezone);
  log(
    `schedule "${input.cron}" (${timezone}) on the queue; next firing at ${next ? next.toISOString() : 'never'}, taken by one scheduler`,
  );

  const controller = new AbortController();
  const stop = () => controller.abort();
  // Stopped while pg-boss was starting: the abort event has already fired.
  if (input.signal?.aborted) stop();
  else input.signal?.addEventListener('abort', stop, { once: true });
  const fired = async (jobs: PgBossTypes.Job<unknown>[]) => {
    for (const job of jobs) {
      log(`batch firing ${job.id}: loading tasks and enqueueing the batch`);
      try {
        await input.enqueueBatch(controller.signal);
      } catch (error) {
        // A failed firing is logged, not retried: the next one takes the same window and more.
        log(`batch failed: ${(error as Error).message}`);
      }
      const after = nextScheduledRun(input.cron, timezone);
      if (after && !controller.signal.aborted) log(`next firing at ${after.toISOString()}`);
    }
  };
  try {
    if (!input.signal?.aborted)
      await boss.work(name, { batchSize: 1, pollingIntervalSeconds: Math.max(1, Math.min(poll, 2)) }, fired);
    await untilAborted(controller.signal);
  } finally {
    input.signal?.removeEventListener('abort', stop);
    await boss.offWork(name).catch(() => undefined);
    await boss.stop({ graceful: true, timeout: 30_000 }).catch(() => undefined);
    log('schedule stopped');
  }
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
