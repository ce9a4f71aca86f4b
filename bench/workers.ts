import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { JudgeSpecSchema } from '../src/judge/index.js';
import { enqueueRun, EvaluationQueue } from '../src/runs/index.js';
import { runTasks } from '../src/runs/testing/run-task-builders.js';
import { startJudgeServerProcess } from './start-judge-server-process.js';
import { openPostgresStore, parseStoreLocation } from '../src/store/index.js';

const JUDGE_LATENCY_MS = 200;
const WORKER_COUNTS = [1, 2, 4] as const;
const SPEEDUP_TARGET = 0.9;
// The built CLI, as users run it: under tsx each worker would compile modules during the timed run.
const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli', 'bin.js');

export interface WorkersBenchReport {
  /** Seconds from enqueue to the run's completion, per worker count. */
  seconds: Record<number, number>;
  speedups: Record<number, number>;
  pass: boolean;
}

/**
 * `npm run bench -- workers`: one run of judge-bound tasks (a loopback judge answering in 200 ms) evaluated
 * by 1, 2 and 4 `taskeval worker` processes, one job at a time each; the speed-up of N workers over one
 * should be at least 0.9×N. Each count gets a fresh schema, so no judge answer is served from the cache.
 * Needs TASKEVAL_BENCH_PG_URL (or TASKEVAL_TEST_PG_URL).
 */
export async function run(
  log: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<WorkersBenchReport> {
  const url = process.env.TASKEVAL_BENCH_PG_URL ?? process.env.TASKEVAL_TEST_PG_URL;
  if (!url) {
    log('workers: skipped — set TASKEVAL_BENCH_PG_URL to a PostgreSQL server the bench may create schemas in');
    return { seconds: {}, speedups: {}, pass: false };
  }
  if (!existsSync(BIN)) throw new Error('bench workers runs the built CLI: run `npm run build` first');
  const tasks = process.argv.includes('--quick') ? 40 : 120;
  const judge = await startJudgeServerProcess(JUDGE_LATENCY_MS);
  const seconds: Record<number, number> = {};
  try {
    for (const n of WORKER_COUNTS) {
      seconds[n] = await timeRun(url, n, tasks, judge.baseUrl);
      log(
        `workers: ${n} worker${n === 1 ? '' : 's'} × 1 job at a time, ${tasks} tasks, judge ${JUDGE_LATENCY_MS} ms: ${seconds[n]!.toFixed(1)} s (${(tasks / seconds[n]!).toFixed(1)} tasks/s)`,
      );
    }
  } finally {
    judge.stop();
  }
  const speedups: Record<number, number> = {};
  let pass = true;
  for (const n of WORKER_COUNTS.slice(1)) {
    speedups[n] = seconds[1]! / seconds[n]!;
    const ok = speedups[n]! >= SPEEDUP_TARGET * n;
    pass &&= ok;
    log(
      `workers: ${n} workers against 1: ${speedups[n]!.toFixed(2)}× (target ≥ ${(SPEEDUP_TARGET * n).toFixed(1)}×) ${ok ? 'PASS' : 'MISS'}`,
    );
  }
  return { seconds, speedups, pass };
}

/** Starts n workers, waits until each has reported itself, then times one run from enqueue to completion. */
async function timeRun(url: string, n: number, taskCount: number, judgeBaseUrl: string): Promise<number> {
  const schema = `taskeval_benchq_${Date.now().toString(36)}_${n}`;
  const db = `${url}${url.includes('?') ? '&' : '?'}schema=${schema}`;
  const store = await openPostgresStore({ connectionString: url, schema });
  const queue = await EvaluationQueue.open(parseStoreLocation(db, '/'));
  const workers: ChildProcess[] = [];
  try {
    for (let i = 0; i < n; i++) {
      workers.push(
        spawn(process.execPath, [BIN, 'worker', '--db', db, '--concurrency', '1', '--quiet'], {
          stdio: ['ignore', 'ignore', 'inherit'],
        }),
      );
    }
    while ((await queue.stats()).workers.length < n) await sleep(100);
    // Let them finish starting (module loading) so the figure is the steady, judge-bound rate.
    await sleep(2_000);
    const settings = JudgeSpecSchema.parse({
      provider: 'openai-compatible',
      model: 'bench-judge',
      baseUrl: judgeBaseUrl,
    });
    const cpuBefore = workers.reduce((sum, w) => sum + cpuSeconds(w.pid), 0);
    const started = performance.now();
    const run = await enqueueRun({
      store,
      queue,
      projectId: 'bench',
      tasks: runTasks(taskCount),
      trigger: 'manual',
      judge: settings,
      taskevalVersion: 'bench',
      now: new Date().toISOString(),
    });
    for (;;) {
      const now = await store.getRun(run.id);
      if (now.status !== 'running') {
        if (now.counts.scored !== taskCount)
          throw new Error(`run ${now.status} with ${now.counts.scored}/${taskCount} scored: ${now.summary}`);
        break;
      }
      await sleep(50);
    }
    const elapsed = (performance.now() - started) / 1000;
    const cpu = workers.reduce((sum, w) => sum + cpuSeconds(w.pid), 0) - cpuBefore;
    process.stdout.write(
      `workers: (${n}) CPU used by the worker processes: ${cpu.toFixed(1)} s in ${elapsed.toFixed(1)} s, ${((cpu / taskCount) * 1000).toFixed(0)} ms per task; load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs\n`,
    );
    return elapsed;
  } finally {
    for (const w of workers) w.kill('SIGKILL');
    await queue.close();
    await store.pool
      .query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`)
      .catch(() => undefined);
    await store.close();
  }
}

/** User and system CPU seconds a process has used so far (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
