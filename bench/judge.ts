import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EvidenceEntry } from '../src/core/index.js';
import { createJudge, createMemoryJudgeCache, judgeTask, mapWithConcurrency, type JudgeCache } from '../src/judge/index.js';
import { SAMPLE_TASK, sampleAssessment, sampleBundle } from '../src/judge/testing/index.js';
import { openSqliteStore } from '../src/store/index.js';
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
  pass: boolean;
}

/** `npm run bench -- judge`: 200 tasks at concurrency 8 against a loopback judge answering in 200 ms, then again from the SQLite cache. */
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
    const judge = createJudge({ provider: 'openai-compatible', model: 'bench-model', baseUrl: server.baseUrl, temperature: 0, timeoutMs: 10_000, concurrency, samples: 1, maxRetries: 2 }, {});
    const bundles = Array.from({ length: tasks }, (_, i) => {
      const entries: EvidenceEntry[] = [
        { id: `task-T-${i}`, source: 'taskMetadata', label: `Task T-${i}`, ref: {} },
        { id: `commit-${i.toString(16).padStart(8, '0')}`, source: 'commits', label: `feat(T-${i}): change ${i}`, ref: {} },
      ];
      return sampleBundle(entries, `T-${i}`);
    });
    // One untimed round first: module loading, JIT warm-up and opening connections are start-up, not throughput.
    await timedPass(Array.from({ length: concurrency }, (_, i) => sampleBundle(undefined, `WARM-${i}`)), concurrency, judge, createMemoryJudgeCache());
    const pass1 = await timedPass(bundles, concurrency, judge, store.judgeCache);
    const pass2 = await timedPass(bundles, concurrency, judge, store.judgeCache);
    const firstTargetMs = 1.25 * ((tasks * delayMs) / concurrency);
    const secondRatio = pass2.ms / pass1.ms;
    const pass = pass1.ms <= firstTargetMs && secondRatio < 0.05 && pass1.errors === 0 && pass2.calls === 0;
    log(`judge: ${tasks} tasks at concurrency ${concurrency}, ${delayMs} ms per answer`);
    log(`  first run  ${pass1.ms.toFixed(0)} ms (target <= ${firstTargetMs.toFixed(0)} ms), ${pass1.calls} calls, ${pass1.errors} errors`);
    log(`  cached run ${pass2.ms.toFixed(0)} ms = ${(secondRatio * 100).toFixed(2)}% of the first (target < 5%), ${pass2.hits} cache hits, ${pass2.calls} calls`);
    log(`  ${pass ? 'PASS' : 'FAIL'}`);
    return { tasks, firstMs: pass1.ms, firstTargetMs, secondMs: pass2.ms, secondRatio, calls: pass1.calls + pass2.calls, cacheHits: pass2.hits, pass };
  } finally {
    await store.close();
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function timedPass(bundles: ReturnType<typeof sampleBundle>[], concurrency: number, judge: ReturnType<typeof createJudge>, cache: JudgeCache) {
  const started = performance.now();
  const outcomes = await mapWithConcurrency(bundles, concurrency, (bundle) =>
    judgeTask({ judge, task: { ...SAMPLE_TASK, id: bundle.taskId }, bundle, assessment: sampleAssessment(), cache }),
  );
  return {
    ms: performance.now() - started,
    calls: outcomes.reduce((n, o) => n + o.calls, 0),
    hits: outcomes.reduce((n, o) => n + o.cacheHits, 0),
    errors: outcomes.filter((o) => o.status === 'error').length,
  };
}

