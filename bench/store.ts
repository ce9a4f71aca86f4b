import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  buildSampleResult,
  openPostgresStore,
  openSqliteStore,
  type ListResultsQuery,
  type Store,
} from '../src/store/index.js';

export interface StoreBenchOptions {
  /** Results written (and timed) one by one through saveResult. */
  writes?: number;
  /** Results in the database when listings are timed. */
  queryRows?: number;
  /** Timed repetitions of each listing. */
  repeats?: number;
  log?: (line: string) => void;
}

export interface StoreBenchReport {
  writesPerSecond: number;
  batchedWritesPerSecond: number;
  bytesPerResult: number;
  queries: { name: string; p50Ms: number; maxMs: number; count: number }[];
  pass: boolean;
}

const WRITE_TARGET_PER_S = 2_000;
const QUERY_TARGET_MS = 50;
const BATCH = 100;
/** Results built at a time, outside the timed store calls. */
const BUILD_CHUNK = 500;
const T0 = Date.parse('2026-01-01T00:00:00Z');
const provenance = {
  judgeProvider: 'openai',
  judgeModel: 'gpt-bench',
  rubricVersion: 'rubric-1',
  promptVersion: 'prompt-1',
  taskevalVersion: 'bench',
};

/** Deterministic pseudo-random finals so every run of the benchmark sees the same data. */
function finalsFor(i: number): [number, number, number] {
  const f = (k: number) => ((i * 2_654_435_761 + k * 40_503) >>> 0) % 101;
  return [f(1), f(2), f(3)];
}

/** CPU time of the last fillRun: on a shared machine it shows what wall-clock time hides. */
let lastCpuMs = 0;

/**
 * Writes results `from..to` into a new run, one transaction each or `batch` per transaction; returns ms
 * spent in the store. Results are built a batch at a time outside the timed calls, as a runner hands
 * them over, so the figure is the store's and the heap stays the size of one batch.
 */
async function fillRun(
  store: Store,
  runIndex: number,
  from: number,
  to: number,
  batch: number,
  marks?: number[],
): Promise<number> {
  const run = await store.createRun({
    projectId: 'bench',
    trigger: 'manual',
    provenance,
    now: new Date(T0 + runIndex * 3_600_000).toISOString(),
  });
  await store.transitionRun(run.id, 'running', { now: run.createdAt });
  let elapsed = 0;
  let cpuMicros = 0;
  for (let start = from; start < to; start += BUILD_CHUNK) {
    const inputs = Array.from({ length: Math.min(BUILD_CHUNK, to - start) }, (_, k) => {
      const i = start + k;
      const result = buildSampleResult({ taskId: `FN-${i}`, title: `Bench task ${i}`, finals: finalsFor(i) });
      return {
        result,
        taskSnapshot: { id: result.taskId, column: 'done' },
        now: new Date(T0 + i * 60_000).toISOString(),
      };
    });
    const started = performance.now();
    const cpu = process.cpuUsage();
    if (batch === 1) for (const input of inputs) await store.saveResult(run.id, input);
    else for (let k = 0; k < inputs.length; k += batch) await store.saveResults(run.id, inputs.slice(k, k + batch));
    const spent = performance.now() - started;
    elapsed += spent;
    marks?.push(spent / inputs.length);
    const used = process.cpuUsage(cpu);
    cpuMicros += used.user + used.system;
  }
  lastCpuMs = cpuMicros / 1000;
  await store.transitionRun(run.id, 'completed', { now: new Date(T0 + to * 60_000).toISOString() });
  return elapsed;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** `npm run bench -- store`: write throughput and listing latency of the SQLite store against the targets. */
export async function run(options: StoreBenchOptions = {}): Promise<StoreBenchReport> {
  const fromArgv = optionsFromArgv(process.argv);
  const writes = options.writes ?? fromArgv.writes ?? 10_000;
  const queryRows = options.queryRows ?? fromArgv.queryRows ?? 100_000;
  const repeats = options.repeats ?? fromArgv.repeats ?? 30;
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const dir = mkdtempSync(join(tmpdir(), 'taskeval-bench-store-'));
  const store = openSqliteStore({ path: join(dir, 'taskeval.db') });
  try {
    const writeMs = await fillRun(store, 0, 0, writes, 1);
    const writesPerSecond = Math.round((writes / writeMs) * 1000);
    const bytesPerResult = Math.round(statSync(join(dir, 'taskeval.db')).size / writes);
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    log(
      `store: saveResult × ${writes}, one transaction each, bundles ~${Math.round(bytesPerResult / 1024)} KiB on disk: ${(writeMs / 1000).toFixed(2)} s, ${writesPerSecond}/s (target ≥ ${WRITE_TARGET_PER_S}/s) ${verdict(writesPerSecond >= WRITE_TARGET_PER_S)}; CPU ${(lastCpuMs / writes).toFixed(2)} ms/result`,
    );
    const batchMs = await fillRun(store, 1, writes, 2 * writes, BATCH);
    const batchedPerSecond = Math.round((writes / batchMs) * 1000);
    log(
      `store: saveResults × ${writes}, ${BATCH} per transaction: ${(batchMs / 1000).toFixed(2)} s, ${batchedPerSecond}/s (target ≥ ${WRITE_TARGET_PER_S}/s) ${verdict(batchedPerSecond >= WRITE_TARGET_PER_S)}; CPU ${(lastCpuMs / writes).toFixed(2)} ms/result`,
    );

    for (let from = 2 * writes, r = 2; from < queryRows; from += writes, r++)
      await fillRun(store, r, from, Math.min(queryRows, from + writes), BATCH);
    const anyRun = (await store.listRuns({ limit: 1 })).items[0]!.id;
    const queries: [string, ListResultsQuery][] = [
      [
        'band strong, by overall desc, page 3',
        { band: 'strong', sort: 'overall', order: 'desc', limit: 50, offset: 100 },
      ],
      [
        'score 60..80, newest first, page 21',
        { min: 60, max: 80, sort: 'evaluatedAt', order: 'desc', limit: 50, offset: 1_000 },
      ],
      ['text "task 4242", by taskId', { q: 'task 4242', sort: 'taskId', order: 'asc', limit: 50 }],
      [
        'one run, weak or failing, by processCompliance',
        { runId: anyRun, band: ['weak', 'failing'], sort: 'processCompliance', order: 'asc', limit: 100 },
      ],
      ['everything, newest first, deep page', { sort: 'evaluatedAt', order: 'desc', limit: 50, offset: 50_000 }],
      [
        'project, scored, by agentPerformance desc (index scan + sort)',
        { projectId: 'bench', status: 'scored', sort: 'agentPerformance', order: 'desc', limit: 50 },
      ],
    ];
    const report: StoreBenchReport['queries'] = [];
    for (const [name, query] of queries) {
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < repeats; i++) {
        const started = performance.now();
        count = (await store.listResults(query)).count;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p50Ms = percentile(times, 0.5);
      const maxMs = times.at(-1)!;
      report.push({ name, p50Ms, maxMs, count });
      log(
        `store: listResults over ${queryRows} results, ${name} (count ${count}): p50 ${p50Ms.toFixed(1)} ms, max ${maxMs.toFixed(1)} ms (target < ${QUERY_TARGET_MS} ms) ${verdict(p50Ms < QUERY_TARGET_MS)}`,
      );
    }
    const postgresOk = await comparePostgres(fromArgvQuick(process.argv) ? 2_000 : 20_000, log);
    log(
      `store: load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${availableParallelism()} CPUs`,
    );
    const pass =
      Math.max(writesPerSecond, batchedPerSecond) >= WRITE_TARGET_PER_S &&
      report.every((q) => q.p50Ms < QUERY_TARGET_MS) &&
      postgresOk;
    return { writesPerSecond, batchedWritesPerSecond: batchedPerSecond, bytesPerResult, queries: report, pass };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const PG_RATIO_TARGET = 0.8;
/** What executeRun keeps in flight on a store across the network (its WRITE_OVERLAP). */
const RUN_WRITES_IN_FLIGHT = 4;

/**
 * Writes n results into a new run with `inFlight` saveResult calls outstanding, as a run does; results
 * are built in chunks outside the timed part. Marks get the cost per result of each chunk.
 */
async function fillRunInFlight(
  store: Store,
  runIndex: number,
  n: number,
  inFlight: number,
  marks?: number[],
): Promise<number> {
  const run = await store.createRun({
    projectId: 'bench',
    trigger: 'manual',
    provenance,
    now: new Date(T0 + runIndex * 3_600_000).toISOString(),
  });
  await store.transitionRun(run.id, 'running', { now: run.createdAt });
  let elapsed = 0;
  for (let start = 0; start < n; start += BUILD_CHUNK) {
    const inputs = Array.from({ length: Math.min(BUILD_CHUNK, n - start) }, (_, k) => {
      const i = start + k;
      const result = buildSampleResult({ taskId: `FN-${i}`, title: `Bench task ${i}`, finals: finalsFor(i) });
      return {
        result,
        taskSnapshot: { id: result.taskId, column: 'done' },
        now: new Date(T0 + i * 60_000).toISOString(),
      };
    });
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < inputs.length) await store.saveResult(run.id, inputs[next++]!);
      }),
    );
    const spent = performance.now() - started;
    elapsed += spent;
    marks?.push(spent / inputs.length);
  }
  await store.transitionRun(run.id, 'completed', { now: new Date(T0 + n * 60_000).toISOString() });
  return elapsed;
}
const PG_FLAT_TARGET = 1.2;

/**
 * PostgreSQL against SQLite on the same run, one saveResult each, in this process: results/s of both, and
 * PostgreSQL's cost per result at the end of an n-result run against its start (flat means ≤ 1.2×).
 * Needs TASKEVAL_BENCH_PG_URL (or TASKEVAL_TEST_PG_URL); without it the comparison is skipped and says so.
 */
async function comparePostgres(n: number, log: (line: string) => void): Promise<boolean> {
  const url = process.env.TASKEVAL_BENCH_PG_URL ?? process.env.TASKEVAL_TEST_PG_URL;
  if (!url) {
    log(
      'store: PostgreSQL comparison skipped (set TASKEVAL_BENCH_PG_URL to a server the bench may create a schema in)',
    );
    return true;
  }
  const dir = mkdtempSync(join(tmpdir(), 'taskeval-bench-pg-'));
  const sqlite = openSqliteStore({ path: join(dir, 'taskeval.db') });
  const schema = `taskeval_bench_${Date.now().toString(36)}`;
  const pg = await openPostgresStore({ connectionString: url, schema });
  try {
    // One at a time, awaiting each: the latency of every round trip shows in full.
    const sqliteOneMs = await fillRun(sqlite, 0, 0, n, 1);
    const pgOneMs = await fillRun(pg, 0, 0, n, 1);
    log(
      `store: one saveResult at a time × ${n}: PostgreSQL ${Math.round((n / pgOneMs) * 1000)}/s, SQLite ${Math.round((n / sqliteOneMs) * 1000)}/s (${(sqliteOneMs / pgOneMs).toFixed(2)}×; for information)`,
    );
    // As executeRun writes them: a few results in flight while the next tasks are evaluated.
    const sqliteMs = await fillRunInFlight(sqlite, 1, n, RUN_WRITES_IN_FLIGHT);
    const marks: number[] = [];
    const pgMs = await fillRunInFlight(pg, 1, n, RUN_WRITES_IN_FLIGHT, marks);
    const sqlitePerS = Math.round((n / sqliteMs) * 1000);
    const pgPerS = Math.round((n / pgMs) * 1000);
    const ratio = pgPerS / sqlitePerS;
    const head = marks.slice(0, Math.max(1, Math.floor(marks.length / 10)));
    const tail = marks.slice(-Math.max(1, Math.floor(marks.length / 10)));
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const growth = avg(tail) / avg(head);
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    log(
      `store: a run's ${n} results written as executeRun writes them (${RUN_WRITES_IN_FLIGHT} in flight): PostgreSQL ${pgPerS}/s against SQLite's ${sqlitePerS}/s in the same process: ${ratio.toFixed(2)}× (target ≥ ${PG_RATIO_TARGET}×) ${verdict(ratio >= PG_RATIO_TARGET)}`,
    );
    log(
      `store: PostgreSQL cost per result, last tenth against first tenth of the run: ${avg(head).toFixed(2)} → ${avg(tail).toFixed(2)} ms, ${growth.toFixed(2)}× (target ≤ ${PG_FLAT_TARGET}×) ${verdict(growth <= PG_FLAT_TARGET)}`,
    );
    return ratio >= PG_RATIO_TARGET && growth <= PG_FLAT_TARGET;
  } finally {
    await sqlite.close();
    await pg.pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await pg.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function fromArgvQuick(argv: readonly string[]): boolean {
  return argv.includes('--quick');
}

/** `--quick` shrinks N for iterating; the default stays 10,000 writes over 100,000 rows. */
function optionsFromArgv(argv: readonly string[]): StoreBenchOptions {
  return argv.includes('--quick') ? { writes: 2_000, queryRows: 20_000, repeats: 10 } : {};
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await run(optionsFromArgv(process.argv));
  process.exitCode = report.pass ? 0 : 1;
}
