import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { JudgeSpecSchema, meterJudge } from '../src/judge/index.js';
import { executeRun, openJudge, type OpenedJudge, type RunTask } from '../src/runs/index.js';
import { runTasks } from '../src/runs/testing/run-task-builders.js';
import { openSqliteStore, type SqliteStore } from '../src/store/index.js';
import { runLocalJudge, type LocalJudgeReport } from './local-judge.js';
import { startJudgeServerProcess } from './start-judge-server-process.js';

export interface JudgeBenchOptions {
  tasks?: number;
  concurrency?: number;
  delayMs?: number;
  log?: (line: string) => void;
}

export interface JudgeBenchReport {
  tasks: number;
  firstMs: number;
  firstTargetMs: number;
  secondMs: number;
  secondRatio: number;
  calls: number;
  cacheHits: number;
  local: LocalJudgeReport;
  pass: boolean;
}

/**
 * `npm run bench -- judge`: 200 tasks at concurrency 8 against a loopback judge answering in 200 ms, then again from the
 * SQLite cache; then 200 tasks against a one-slot local server answering in 2 s (`--quick`: 20 tasks in 500 ms).
 */
export async function run(options: JudgeBenchOptions = {}): Promise<JudgeBenchReport> {
  const tasks = options.tasks ?? 200;
  const concurrency = options.concurrency ?? 8;
  const delayMs = options.delayMs ?? 200;
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const server = await startJudgeServerProcess(delayMs);
  // tsx turns on source maps, which make every internal Error the SDK's streams create costly; dist/ runs without them.
  process.setSourceMapsEnabled(false);
  const dir = mkdtempSync(join(tmpdir(), 'taskeval-bench-judge-'));
  const store = openSqliteStore({ path: join(dir, 'taskeval.db') });
  try {
    // The product's own loop: runs of tasks through executeRun → evaluateTasks → evaluateRunTask → judgeTask, stored.
    const opened = openJudge(
      JudgeSpecSchema.parse({
        provider: 'openai-compatible',
        model: 'bench-model',
        baseUrl: server.baseUrl,
        timeoutMs: 10_000,
        concurrency,
      }),
      {},
    )!;
    const items = runTasks(tasks);
    // One untimed round first: module loading, JIT warm-up and opening connections are start-up, not throughput.
    await timedPass(
      runTasks(concurrency, '2026-01-01T00:00:00.000Z').map((t, i) => ({ ...t, task: { ...t.task, id: `WARM-${i}` } })),
      store,
      opened,
    );
    const pass1 = await timedPass(items, store, opened);
    const pass2 = await timedPass(items, store, opened);
    const firstTargetMs = 1.25 * ((tasks * delayMs) / concurrency);
    const secondRatio = pass2.ms / pass1.ms;
    const pass = pass1.ms <= firstTargetMs && secondRatio < 0.05 && pass1.errors === 0 && pass2.calls === 0;
    log(
      `judge: ${tasks} tasks at concurrency ${concurrency}, ${delayMs} ms per answer, through executeRun (bundle, rubric, judge, store)`,
    );
    log(
      `  first run  ${pass1.ms.toFixed(0)} ms (target <= ${firstTargetMs.toFixed(0)} ms), ${pass1.calls} calls, ${pass1.errors} errors`,
    );
    log(
      `  cached run ${pass2.ms.toFixed(0)} ms = ${(secondRatio * 100).toFixed(2)}% of the first (target < 5%), ${pass2.hits} cache hits, ${pass2.calls} calls`,
    );
    log(`  ${pass ? 'PASS' : 'FAIL'}`);
    const quick = process.argv.includes('--quick');
    const local = await runLocalJudge({ tasks: quick ? 20 : 200, answerMs: quick ? 500 : 2_000, log });
    return {
      tasks,
      firstMs: pass1.ms,
      firstTargetMs,
      secondMs: pass2.ms,
      secondRatio,
      calls: pass1.calls + pass2.calls,
      cacheHits: pass2.hits,
      local,
      pass: pass && local.pass,
    };
  } finally {
    await store.close();
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function timedPass(items: RunTask[], store: SqliteStore, opened: OpenedJudge) {
  const meter = meterJudge(opened.judge, store.judgeCache);
  const started = performance.now();
  const { run } = await executeRun({
    store,
    projectId: 'bench',
    tasks: items,
    trigger: 'manual',
    taskevalVersion: 'bench',
    judge: { ...opened, judge: meter.judge },
    ...(meter.cache ? { cache: meter.cache } : {}),
    keepResults: false,
  });
  const totals = meter.totals();
  return { ms: performance.now() - started, calls: totals.calls, hits: totals.cacheHits, errors: run.counts.errored };
}
