import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startFakeOpenAIServer, validAnswerFromPrompt } from '../src/judge/testing/index.js';
import { executeRun, openJudge, resolveJudgeSpec } from '../src/runs/index.js';
import { runTasks } from '../src/runs/testing/run-task-builders.js';
import { openSqliteStore } from '../src/store/index.js';

export interface LocalJudgeReport {
  tasks: number;
  answerMs: number;
  concurrency: number;
  ms: number;
  idealMs: number;
  ratio: number;
  abandoned: number;
  errors: number;
  pass: boolean;
}

/**
 * A local model with one slot (llama-server -np 1, LM Studio, Ollama): `tasks` tasks through the product's loop
 * (flags resolved as the CLI resolves them, so a local base URL gets its default concurrency), against a loopback
 * server that answers one request at a time in `answerMs`. The figure: wall time over tasks × answerMs, and how many
 * answers the server generated for a client that had already given up.
 */
export async function runLocalJudge(options: {
  tasks: number;
  answerMs: number;
  log: (line: string) => void;
}): Promise<LocalJudgeReport> {
  const { tasks, answerMs, log } = options;
  const server = await startFakeOpenAIServer({ slots: 1, answerMs });
  server.setDefault((req) => ({ answer: validAnswerFromPrompt(req.prompt) }));
  const dir = mkdtempSync(join(tmpdir(), 'taskeval-bench-local-judge-'));
  const store = openSqliteStore({ path: join(dir, 'taskeval.db') });
  try {
    const spec = resolveJudgeSpec(
      { judge: 'openai-compatible', judgeModel: 'local-model', judgeBaseUrl: server.baseUrl, cache: false },
      undefined,
    )!;
    const opened = openJudge(spec, {})!;
    const started = performance.now();
    const { run } = await executeRun({
      store,
      projectId: 'bench-local',
      tasks: runTasks(tasks),
      trigger: 'manual',
      taskevalVersion: 'bench',
      judge: opened,
      keepResults: false,
    });
    const ms = performance.now() - started;
    const idealMs = tasks * answerMs;
    const ratio = ms / idealMs;
    const pass = ratio <= 1.1 && server.abandoned === 0 && run.counts.errored === 0;
    log(
      `local judge: ${tasks} tasks against a one-slot server answering in ${answerMs} ms, default concurrency ${spec.concurrency} (a local base URL)`,
    );
    log(
      `  ${(ms / 1000).toFixed(1)} s = ${ratio.toFixed(3)} × ${tasks} × ${answerMs} ms (target <= 1.1), ${server.abandoned} answers abandoned (target 0), ${run.counts.errored} errors, most requests at the server at once ${server.maxInFlight}`,
    );
    // For contrast, what the old default did to the same server: four at once, and a timeout that counts the queue.
    const contrast = await startFakeOpenAIServer({ slots: 1, answerMs });
    const old = openJudge(
      { ...spec, baseUrl: contrast.baseUrl, concurrency: 4, timeoutMs: Math.round(2.5 * answerMs) },
      {},
    )!;
    const before = performance.now();
    const contrastTasks = Math.max(8, Math.round(tasks / 5));
    let said: string;
    try {
      const { run: oldRun } = await executeRun({
        store,
        projectId: 'bench-local-contrast',
        tasks: runTasks(contrastTasks),
        trigger: 'manual',
        taskevalVersion: 'bench',
        judge: old,
        keepResults: false,
      });
      said = `${oldRun.counts.total} tasks, ${oldRun.counts.errored} errors`;
    } catch (error) {
      // Three timed-out tasks in a row stop a run now: that is the point of the contrast too.
      said = `stopped: ${(error as Error).message.slice(0, 70)}…`;
    }
    // The server keeps generating what was queued, read or not: let it finish before counting.
    await new Promise((resolve) => setTimeout(resolve, 4 * answerMs));
    log(
      `  contrast, concurrency 4 and a ${(2.5 * answerMs) / 1000} s timeout on the same server (${contrastTasks} tasks): ${said} after ${((performance.now() - before) / 1000).toFixed(1)} s, ${contrast.calls} requests, ${contrast.abandoned} answers generated for nobody`,
    );
    await contrast.close();
    log(`  ${pass ? 'PASS' : 'FAIL'}`);
    return {
      tasks,
      answerMs,
      concurrency: spec.concurrency,
      ms,
      idealMs,
      ratio,
      abandoned: server.abandoned,
      errors: run.counts.errored,
      pass,
    };
  } finally {
    await store.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
