import { hostname } from 'node:os';
import type * as PgBossTypes from 'pg-boss';
import type { PgBoss } from 'pg-boss';
import { ConfigError, StoreError } from '../../core/index.js';
import { withReconnect, type SqlExecutor, type StoreLocation } from '../../store/index.js';
import { ensureQueue } from './ensure-queue.js';
import { pgBossClass } from './load-pg-boss.js';
import { retryOnDeadlock } from './retry-on-deadlock.js';
import { EVALUATE_QUEUE, QueuedTaskJobSchema, type QueuedTaskJob } from './queued-task-job.js';

/** A job a worker holds, with what pg-boss knows of its attempts. */
export interface HeldJob {
  id: string;
  data: QueuedTaskJob;
  retryCount: number;
  retryLimit: number;
}

/** A worker process as it last reported itself. */
export interface QueueWorkerInfo {
  id: string;
  host: string;
  pid: number;
  concurrency: number;
  jobsDone: number;
  startedAt: string;
  seenAt: string;
}

/** What the queue holds now; workers seen in the last 30 seconds count as active. */
export interface QueueStats {
  queued: number;
  active: number;
  retrying: number;
  failed: number;
  completed: number;
  workers: QueueWorkerInfo[];
}

export interface EnqueueOptions {
  /** A job held this long without finishing (its worker died) goes back to the queue. */
  expireInSeconds: number;
  /** Attempts after the first before a job fails for good. */
  retryLimit: number;
}

export interface OpenEvaluationQueueOptions {
  /** How often some worker returns expired jobs to the queue; pg-boss runs it on one instance at a time. */
  maintenanceSeconds?: number;
  /** Supervise (expire, archive): workers do; a process that only enqueues or reads does not. */
  supervise?: boolean;
}

const WORKER_SEEN_MS = 30_000;

/**
 * The evaluation queue on the PostgreSQL store's database: pg-boss keeps its jobs in its own schema
 * (`pgboss`, or `<schema>_pgboss` beside a store in schema `<schema>`), with a small table of workers.
 */
export class EvaluationQueue {
  private constructor(
    private readonly boss: PgBoss,
    readonly schema: string,
  ) {}

  static async open(location: StoreLocation, options: OpenEvaluationQueueOptions = {}): Promise<EvaluationQueue> {
    if (location.kind !== 'postgres') {
      throw new ConfigError('usage', `the queue needs a PostgreSQL store; ${location.path} is a SQLite file`, {
        field: 'db',
        hint: 'name a shared store with --db postgres://… or TASKEVAL_DATABASE_URL (see "Teams" in the README)',
      });
    }
    const schema = location.schema === 'public' ? 'pgboss' : `${location.schema}_pgboss`;
    const PgBossClass = pgBossClass();
    const supervise = options.supervise ?? false;
    const boss = new PgBossClass({
      connectionString: location.connectionString,
      schema,
      max: 4,
      supervise,
      schedule: false,
      // Expired jobs (a worker killed holding them) are failed back to the queue on each supervise pass.
      ...(supervise ? { superviseIntervalSeconds: options.maintenanceSeconds ?? 10, monitorIntervalSeconds: 60 } : {}),
    });
    // pg-boss reports background errors as events; without a listener they would crash the process.
    boss.on('error', () => undefined);
    try {
      await boss.start();
      const db = boss.getDb();
      // IF NOT EXISTS still fails when two processes create the same relation at once: the other one made it.
      const create = (sql: string, relation: string) =>
        retryOnDeadlock(() =>
          db.executeSql(sql, []).catch(async (error: unknown) => {
            const { rows } = await db.executeSql(`SELECT to_regclass('${schema}.${relation}') AS name`, []);
            if (!(rows[0] as { name: string | null }).name) throw error;
          }),
        );
      await create(
        `CREATE TABLE IF NOT EXISTS ${schema}.taskeval_workers (
           id text PRIMARY KEY, host text NOT NULL, pid integer NOT NULL, concurrency integer NOT NULL,
           jobs_done integer NOT NULL DEFAULT 0, started_at timestamptz NOT NULL, seen_at timestamptz NOT NULL)`,
        'taskeval_workers',
      );
      // Counting a run's open jobs after each one stays an index lookup however long the queue grows.
      await create(
        `CREATE INDEX IF NOT EXISTS taskeval_job_run ON ${schema}.job ((data->>'runId'), state)`,
        'taskeval_job_run',
      );
      await ensureQueue(boss, EVALUATE_QUEUE);
    } catch (error) {
      await boss.stop({ graceful: false }).catch(() => undefined);
      const message = ((error as Error).message ?? String(error)).replaceAll(
        location.connectionString,
        location.display,
      );
      throw new StoreError('store_failed', `${location.display}: cannot open the evaluation queue: ${message}`, {
        field: 'db',
        cause: error,
      });
    }
    return new EvaluationQueue(boss, schema);
  }

  /** Writes one job per task through `sql` (the run's own transaction). */
  async enqueue(sql: SqlExecutor, jobs: readonly QueuedTaskJob[], options: EnqueueOptions): Promise<void> {
    const inserts = jobs.map((data) => ({
      data,
      expireInSeconds: options.expireInSeconds,
      retryLimit: options.retryLimit,
    }));
    // pg-boss takes the jobs as one JSON parameter; chunks keep each statement a modest size.
    for (let i = 0; i < inserts.length; i += 500) {
      await this.boss.insert(EVALUATE_QUEUE, inserts.slice(i, i + 500) as PgBossTypes.JobInsert[], {
        db: sql as PgBossTypes.Db,
      });
    }
  }

  /** The next job, or null when the queue has none ready. */
  async take(): Promise<HeldJob | null> {
    const [job] = await this.boss.fetch<unknown>(EVALUATE_QUEUE, { batchSize: 1, includeMetadata: true });
    if (!job) return null;
    const parsed = QueuedTaskJobSchema.safeParse(job.data);
    if (!parsed.success) {
      await this.boss.fail(EVALUATE_QUEUE, job.id, {
        message: `not a taskeval job: ${parsed.error.issues[0]?.message ?? 'bad data'}`,
      });
      return this.take();
    }
    return {
      id: job.id,
      data: parsed.data as unknown as QueuedTaskJob,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
    };
  }

  /** Marks a job done; tried again through a server restart, so a stored result does not wait out its lease. */
  async complete(jobId: string): Promise<void> {
    await withReconnect('queue.complete', () => this.boss.complete(EVALUATE_QUEUE, jobId));
  }

  /** Gives a job back for a retry (or fails it for good when it has none left). */
  async fail(jobId: string, reason: string): Promise<void> {
    await withReconnect('queue.fail', () => this.boss.fail(EVALUATE_QUEUE, jobId, { message: reason }));
  }

  /** Jobs not yet finished (waiting, held or waiting for a retry), of one run or of all. */
  async openJobCount(runId?: string): Promise<number> {
    const { rows } = await this.sql(
      `SELECT count(*)::int AS n FROM ${this.schema}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')${runId ? " AND data->>'runId' = $2" : ''}`,
      runId ? [EVALUATE_QUEUE, runId] : [EVALUATE_QUEUE],
    );
    return (rows[0] as { n: number }).n;
  }

  /** The tasks of jobs that failed for good (pg-boss keeps finished jobs in its job table until their retention ends). */
  async failedJobs(runId: string): Promise<Array<{ data: QueuedTaskJob; reason: string }>> {
    const { rows } = await this.sql(
      `SELECT data, output FROM ${this.schema}.job WHERE name = $1 AND data->>'runId' = $2 AND state = 'failed'`,
      [EVALUATE_QUEUE, runId],
    );
    return (
      rows as Array<{ data: QueuedTaskJob; output: { message?: string; value?: { message?: string } } | null }>
    ).map((r) => ({
      data: r.data,
      reason: r.output?.message ?? r.output?.value?.message ?? 'no reason recorded',
    }));
  }

  /** Cancels the run's jobs no worker has taken yet. */
  async cancelRun(runId: string): Promise<void> {
    await this.sql(
      `UPDATE ${this.schema}.job SET state = 'cancelled', completed_on = now() WHERE name = $1 AND data->>'runId' = $2 AND state IN ('created', 'retry')`,
      [EVALUATE_QUEUE, runId],
    );
  }

  async stats(now = new Date()): Promise<QueueStats> {
    const { rows } = await this.sql(
      `SELECT state::text AS state, count(*)::int AS n FROM ${this.schema}.job WHERE name = $1 GROUP BY state`,
      [EVALUATE_QUEUE],
    );
    const by = new Map((rows as Array<{ state: string; n: number }>).map((r) => [r.state, r.n]));
    const seen = new Date(now.getTime() - WORKER_SEEN_MS).toISOString();
    const workers = await this.sql(
      `SELECT id, host, pid, concurrency, jobs_done, started_at, seen_at FROM ${this.schema}.taskeval_workers WHERE seen_at >= $1 ORDER BY started_at`,
      [seen],
    );
    return {
      queued: by.get('created') ?? 0,
      active: by.get('active') ?? 0,
      retrying: by.get('retry') ?? 0,
      failed: by.get('failed') ?? 0,
      completed: by.get('completed') ?? 0,
      workers: (workers.rows as Array<Record<string, unknown>>).map((w) => ({
        id: String(w.id),
        host: String(w.host),
        pid: Number(w.pid),
        concurrency: Number(w.concurrency),
        jobsDone: Number(w.jobs_done),
        startedAt: new Date(w.started_at as string).toISOString(),
        seenAt: new Date(w.seen_at as string).toISOString(),
      })),
    };
  }

  /** Records this worker as alive (and how many jobs it has finished). */
  async reportWorker(id: string, concurrency: number, jobsDone: number, startedAt: Date): Promise<void> {
    await this.sql(
      `INSERT INTO ${this.schema}.taskeval_workers (id, host, pid, concurrency, jobs_done, started_at, seen_at) VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (id) DO UPDATE SET jobs_done = excluded.jobs_done, seen_at = now()`,
      [id, hostname(), process.pid, concurrency, jobsDone, startedAt.toISOString()],
    );
  }

  async forgetWorker(id: string): Promise<void> {
    await this.sql(`DELETE FROM ${this.schema}.taskeval_workers WHERE id = $1`, [id]);
  }

  async close(): Promise<void> {
    await this.boss.stop({ graceful: false, close: true });
  }

  private sql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
    return this.boss.getDb().executeSql(text, values as never[]);
  }
}
