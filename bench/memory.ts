import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Peak resident memory of `run` and `score --json` over 50,000 tasks (issue: memory and repeated work). */
const TASKS = process.argv.includes('--quick') ? 5_000 : 50_000;
const TARGET_MIB = 400;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

async function writeTasks(path: string, n: number): Promise<void> {
  const out = createWriteStream(path);
  for (let i = 0; i < n; i++) {
    const line = JSON.stringify({
      id: `FN-${i + 1}`,
      title: `Task ${i + 1}: change the parser for case ${i % 97}`,
      column: 'done',
      executionCompletedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      workflowStepResults: [{ workflowStepId: 'tests', workflowStepName: 'Run tests', status: i % 7 ? 'passed' : 'failed' }],
      log: [{ timestamp: '2026-01-01T00:00:00Z', action: i % 5 ? 'Spec review: APPROVE' : 'Spec review: REVISE' }],
    });
    if (!out.write(`${line}\n`)) await new Promise<void>((done) => out.once('drain', () => done()));
  }
  await new Promise<void>((done) => out.end(done));
}

/** Runs the CLI with stdout to a file; returns its exit code, peak RSS (MiB) and seconds. */
function cli(args: string[], cwd: string, stdoutFile: string): Promise<{ code: number; rssMib: number; seconds: number }> {
  const started = Date.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), '--import', join(root, 'bench/report-max-rss.mjs'), join(root, 'src/cli/bin.ts'), ...args], {
      cwd,
      stdio: ['ignore', openSync(stdoutFile, 'w'), 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)));
    child.on('error', fail);
    child.on('close', (code) => {
      const kib = Number(/max-rss-kib (\d+)/.exec(err)?.[1] ?? NaN);
      done({ code: code ?? -1, rssMib: Math.round(kib / 1024), seconds: (Date.now() - started) / 1000 });
    });
  });
}

export async function run(log: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<{ pass: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'taskeval-bench-memory-'));
  try {
    await writeTasks(join(dir, 'tasks.jsonl'), TASKS);
    const score = await cli(['score', '--tasks', 'tasks.jsonl', '--json'], dir, join(dir, 'score.json'));
    const runCmd = await cli(['run', '--tasks', 'tasks.jsonl', '--json', '--db', join(dir, 'taskeval.db')], dir, join(dir, 'run.json'));
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    for (const [name, r] of [['score --json', score], ['run', runCmd]] as const) {
      log(`memory: ${name} over ${TASKS} tasks: exit ${r.code}, peak RSS ${r.rssMib} MiB in ${r.seconds.toFixed(0)} s (target < ${TARGET_MIB} MiB) ${verdict(r.code === 0 && r.rssMib < TARGET_MIB)}`);
    }
    return { pass: [score, runCmd].every((r) => r.code === 0 && r.rssMib < TARGET_MIB) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
