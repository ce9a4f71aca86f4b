import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStoreLocation } from '../../store/index.js';
import { EvaluationQueue } from './evaluation-queue.js';
import { runQueuedSchedule } from './run-queued-schedule.js';
import { needs } from '../../store/testing/skip-reason.js';

/** A server the tests may create and drop schemas in (.ci/run starts one). */
const url = process.env.TASKEVAL_TEST_PG_URL;
const schemas: string[] = [];

function freshLocation() {
  const schema = `taskeval_qs_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  schemas.push(schema);
  return parseStoreLocation(`${url}${url!.includes('?') ? '&' : '?'}schema=${schema}`, '/');
}

describe.skipIf(!url)(needs('scheduled batches on the queue', [!url && 'TASKEVAL_TEST_PG_URL']), () => {
  afterEach(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const schema of schemas.splice(0)) await client.query(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
    await client.end();
  });

  it('two schedulers and a worker starting at once on a new database all start (queue creation can deadlock; it is retried)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const location = freshLocation();
      const errors: string[] = [];
      const controller = new AbortController();
      const fired: number[] = [];
      const minutes: number[] = [];
      const schedulers = [0, 1].map((k) =>
        runQueuedSchedule({
          location,
          projectId: 'p',
          cron: '* * * * *',
          pollSeconds: 1,
          signal: controller.signal,
          log: (line) => {
            if (/failed|cannot|error/i.test(line)) errors.push(`${k}: ${line}`);
          },
          enqueueBatch: async () => {
            fired.push(k);
            minutes.push(Math.floor(Date.now() / 60_000));
          },
        }).catch((error: Error) => void errors.push(`${k} threw: ${error.message}`)),
      );
      const worker = await EvaluationQueue.open(location, { supervise: true }).catch(
        (error: Error) => void errors.push(`worker threw: ${error.message}`),
      );
      // An every-minute schedule fires at once for the minute just begun; each firing is taken by one scheduler.
      const end = Date.now() + 20_000;
      while (fired.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1500));
      controller.abort();
      await Promise.all(schedulers);
      await worker?.close();
      expect(errors).toEqual([]);
      expect(fired.length).toBeGreaterThanOrEqual(1);
      // A round may cross into the next minute, whose firing is another; never two for one minute.
      expect(new Set(minutes).size).toBe(minutes.length);
    }
  }, 90_000);

  it('stopped before pg-boss has started, it stops instead of waiting for ever', async () => {
    const controller = new AbortController();
    const lines: string[] = [];
    const running = runQueuedSchedule({
      location: freshLocation(),
      projectId: 'p',
      cron: '0 5 * * *',
      pollSeconds: 1,
      signal: controller.signal,
      log: (l) => lines.push(l),
      enqueueBatch: async () => undefined,
    });
    controller.abort();
    await running;
    expect(lines.at(-1)).toBe('schedule stopped');
  }, 30_000);
});
