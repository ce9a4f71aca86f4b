import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Peak resident memory, uncapped, of score, run, batch, export and validate over 200,000 task records of about 2 KB. */
const TASKS = process.argv.includes('--quick') ? 5_000 : Number(process.env.BENCH_TASKS ?? 200_000);
/** The small file each command is also timed on, so time per task can be compared from 1k to TASKS. */
const SMALL = 1_000;
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

interface Step {
  name: string;
  args: string[];
  stdout: string;
}

/** Every command in order: run stores what export and validate --run read; score writes what validate --results reads. */
function steps(tasks: string, db: string, labels: string): Step[] {
  const label = ['--labels', labels, '--label', 'bad', '--bad', 'true', '--json'];
  return [
    { name: 'score --json', args: ['score', '--tasks', tasks, '--json'], stdout: 'scores.json' },
    { name: 'batch (every task new)', args: ['batch', '--tasks', tasks, '--db', db, '--json'], stdout: 'batch.json' },
    // Nothing completed since: the batch reads the file as heads and evaluates nothing.
    { name: 'batch (nothing new)', args: ['batch', '--tasks', tasks, '--db', db, '--json'], stdout: 'batch2.json' },
    { name: 'run --json', args: ['run', '--tasks', tasks, '--json', '--db', db], stdout: 'run.json' },
    {
      name: 'export --format json',
      args: ['export', '--run', 'latest', '--db', db, '--format', 'json'],
      stdout: 'export.json',
    },
    {
      name: 'export --format csv',
      args: ['export', '--run', 'latest', '--db', db, '--format', 'csv'],
      stdout: 'export.csv',
    },
    { name: 'validate --results', args: ['validate', '--results', 'scores.json', ...label], stdout: 'v.json' },
    {
      name: 'validate --run',
      args: ['validate', '--run', 'latest', '--db', db, ...label, '--no-save'],
      stdout: 'v2.json',
    },
  ];
}

async function writeLabels(path: string, n: number): Promise<void> {
  await new Promise<void>((done) => {
    const out = createWriteStream(path);
    out.write('taskId,bad\n');
    for (let i = 1; i <= n; i++) out.write(`FN-${i},${i % 3 === 0}\n`);
    out.end(done);
  });
}

export async function run(
  log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<{ pass: boolean }> {
  if (!existsSync(join(root, 'dist/cli/bin.js')))
    throw new Error('bench memory runs the built CLI: run `npm run build` first');
  const dir = mkdtempSync(join(tmpdir(), 'taskeval-bench-memory-'));
  try {
    const perTask = new Map<string, number>();
    let pass = true;
    for (const n of [SMALL, TASKS]) {
      const sub = join(dir, String(n));
      mkdirSync(sub);
      await writeTasks(join(sub, 'tasks.jsonl'), n);
      await writeLabels(join(sub, 'labels.csv'), n);
      for (const step of steps('tasks.jsonl', join(sub, 'taskeval.db'), 'labels.csv')) {
        const m = await cli(step.args, sub, join(sub, step.stdout));
        const cpuPerTask = (m.cpuSeconds / n) * 1e6;
        if (n === SMALL) {
          perTask.set(step.name, cpuPerTask);
          continue;
        }
        const ok = m.code === 0 && m.rssMib < TARGET_MIB;
        pass &&= ok;
        const small = perTask.get(step.name)!;
        log(
          `memory: ${step.name} over ${n.toLocaleString('en-US')} tasks of ~2 KB: peak RSS ${m.rssMib} MiB uncapped (target < ${TARGET_MIB} MiB), ` +
            `${m.seconds.toFixed(0)} s wall, ${m.cpuSeconds.toFixed(0)} s CPU; ${cpuPerTask.toFixed(0)} µs CPU a task against ${small.toFixed(0)} at ${SMALL.toLocaleString('en-US')} tasks ` +
            `(${(cpuPerTask / small).toFixed(2)}x; start-up included), exit ${m.code} ${ok ? 'PASS' : 'MISS'}`,
        );
      }
    }
    return { pass };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
