import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Peak resident memory of `run` and `score --json` over 50,000 tasks (issue: memory and repeated work). */
const TASKS = process.argv.includes('--quick') ? 5_000 : Number(process.env.BENCH_TASKS ?? 50_000);
const TARGET_MIB = 400;
/** A heap limit under which a command that kept every result would fail: it proves what is kept is bounded. */
const HEAP_CAP_MIB = 256;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

async function writeTasks(path: string, n: number): Promise<void> {
  const out = createWriteStream(path);
  for (let i = 0; i < n; i++) {
    const line = JSON.stringify({
      id: `FN-${i + 1}`,
      title: `Task ${i + 1}: change the parser for case ${i % 97}`,
      column: 'done',
      executionCompletedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      workflowStepResults: [
        { workflowStepId: 'tests', workflowStepName: 'Run tests', status: i % 7 ? 'passed' : 'failed' },
      ],
      log: [{ timestamp: '2026-01-01T00:00:00Z', action: i % 5 ? 'Spec review: APPROVE' : 'Spec review: REVISE' }],
    });
    if (!out.write(`${line}\n`)) await new Promise<void>((done) => out.once('drain', () => done()));
  }
  await new Promise<void>((done) => out.end(done));
}

/** Runs the CLI with stdout to a file; returns its exit code, peak RSS (MiB) and seconds. */
function cli(
  args: string[],
  cwd: string,
  stdoutFile: string,
  heapMib?: number,
): Promise<{ code: number; rssMib: number; seconds: number }> {
  const started = Date.now();
  return new Promise((done, fail) => {
    // The built CLI, as users run it (tsx alone adds ~100 MiB of compiled modules): `npm run build` first.
    const heap = heapMib ? [`--max-old-space-size=${heapMib}`] : [];
    const child = spawn(
      process.execPath,
      [...heap, '--import', join(root, 'bench/report-max-rss.mjs'), join(root, 'dist/cli/bin.js'), ...args],
      {
        cwd,
        stdio: ['ignore', openSync(stdoutFile, 'w'), 'pipe'],
      },
    );
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)));
    child.on('error', fail);
    child.on('close', (code) => {
      const kib = Number(/max-rss-kib (\d+)/.exec(err)?.[1] ?? NaN);
      done({ code: code ?? -1, rssMib: Math.round(kib / 1024), seconds: (Date.now() - started) / 1000 });
    });
  });
}

export async function run(
  log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<{ pass: boolean }> {
  if (!existsSync(join(root, 'dist/cli/bin.js')))
    throw new Error('bench memory runs the built CLI: run `npm run build` first');
  const dir = mkdtempSync(join(tmpdir(), 'taskeval-bench-memory-'));
  try {
    await writeTasks(join(dir, 'tasks.jsonl'), TASKS);
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    let pass = true;
    for (const [name, args] of [
      ['score --json', ['score', '--tasks', 'tasks.jsonl', '--json']],
      ['run --json', ['run', '--tasks', 'tasks.jsonl', '--json', '--db', join(dir, 'taskeval.db')]],
    ] as const) {
      // Uncapped, V8 grows its heap with garbage it has not collected yet; capped, what the command really keeps.
      const free = await cli([...args], dir, join(dir, 'out.json'));
      rmSync(join(dir, 'taskeval.db'), { force: true });
      const capped = await cli([...args], dir, join(dir, 'out.json'), HEAP_CAP_MIB);
      rmSync(join(dir, 'taskeval.db'), { force: true });
      const ok = free.code === 0 && capped.code === 0 && capped.rssMib < TARGET_MIB;
      pass &&= ok;
      log(
        `memory: ${name} over ${TASKS} tasks: peak RSS ${capped.rssMib} MiB with the heap capped at ${HEAP_CAP_MIB} MiB (exit ${capped.code}, ${capped.seconds.toFixed(0)} s) ` +
          `(target < ${TARGET_MIB} MiB) ${verdict(ok)}; ${free.rssMib} MiB with V8's default heap (exit ${free.code})`,
      );
    }
    return { pass };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
