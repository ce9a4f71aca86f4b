import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Peak resident memory, uncapped, of score, run, export and validate over 50,000 task records of about 2 KB. */
const TASKS = process.argv.includes('--quick') ? 5_000 : Number(process.env.BENCH_TASKS ?? 50_000);
const TARGET_MIB = 400;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Task records of realistic size, about 2 KB each: a statement, steps, a test step with output, a log. */
async function writeTasks(path: string, n: number): Promise<void> {
  const out = createWriteStream(path);
  const words = 'parser cache retry token stream config plugin schema branch commit review merge test lint build'.split(
    ' ',
  );
  for (let i = 0; i < n; i++) {
    const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000 + ms).toISOString();
    const line = JSON.stringify({
      id: `FN-${i + 1}`,
      title: `Task ${i + 1}: change the parser for case ${i % 97}`,
      description: Array.from({ length: 160 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' '),
      column: 'done',
      createdAt: at(-3_600_000),
      executionCompletedAt: at(0),
      steps: [
        { name: 'Plan', status: 'done' },
        { name: 'Implement', status: 'done' },
        { name: 'Test', status: i % 5 ? 'done' : 'failed' },
      ],
      workflowStepResults: [
        {
          workflowStepId: 'tests',
          workflowStepName: 'Run tests',
          status: i % 7 ? 'passed' : 'failed',
          output: 'ok '.repeat(40),
        },
      ],
      log: Array.from({ length: 6 }, (_, k) => ({
        timestamp: at(k * 1000),
        action: k % 2 ? 'Spec review: APPROVE' : `Step ${k} done`,
        outcome: 'fine',
      })),
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
): Promise<{ code: number; rssMib: number; seconds: number; cpuSeconds: number }> {
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
      const cpuUs = Number(/cpu-us (\d+)/.exec(err)?.[1] ?? NaN);
      done({
        code: code ?? -1,
        rssMib: Math.round(kib / 1024),
        seconds: (Date.now() - started) / 1000,
        cpuSeconds: cpuUs / 1e6,
      });
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
    const db = join(dir, 'taskeval.db');
    const labels = join(dir, 'labels.csv');
    await new Promise<void>((done) => {
      const out = createWriteStream(labels);
      out.write('taskId,bad\n');
      for (let i = 1; i <= TASKS; i++) out.write(`FN-${i},${i % 3 === 0}\n`);
      out.end(done);
    });
    let pass = true;
    // In order: run stores what export and validate --run read; score writes what validate --results reads.
    for (const [name, args, stdout] of [
      ['score --json', ['score', '--tasks', 'tasks.jsonl', '--json'], 'scores.json'],
      ['run --json', ['run', '--tasks', 'tasks.jsonl', '--json', '--db', db], 'run.json'],
      ['export --format json', ['export', '--run', 'latest', '--db', db, '--format', 'json'], 'export.json'],
      [
        'validate --results',
        ['validate', '--results', 'scores.json', '--labels', labels, '--label', 'bad', '--bad', 'true', '--json'],
        'v.json',
      ],
      [
        'validate --run',
        [
          'validate',
          '--run',
          'latest',
          '--db',
          db,
          '--labels',
          labels,
          '--label',
          'bad',
          '--bad',
          'true',
          '--json',
          '--no-save',
        ],
        'v2.json',
      ],
    ] as const) {
      const m = await cli([...args], dir, join(dir, stdout));
      const ok = m.code === 0 && m.rssMib < TARGET_MIB;
      pass &&= ok;
      log(
        `memory: ${name} over ${TASKS.toLocaleString('en-US')} tasks of ~2 KB: peak RSS ${m.rssMib} MiB uncapped (target < ${TARGET_MIB} MiB), ` +
          `${m.seconds.toFixed(0)} s wall, ${m.cpuSeconds.toFixed(0)} s CPU, ${((m.cpuSeconds / TASKS) * 1e6).toFixed(0)} µs CPU a task, exit ${m.code} ${ok ? 'PASS' : 'MISS'}`,
      );
    }
    return { pass };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
