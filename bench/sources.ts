import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCommitIndex, GIT_LOG_ARGS } from '../src/evidence/index.js';
import { createSyntheticGitRepo } from './synthetic-git-repo.js';

export interface SourcesBenchOptions {
  tasks?: number;
  minCommits?: number;
  /** Tasks timed with one `git log --grep` process each. */
  perTaskSample?: number;
  /** Timed repetitions of (a) and (b); the median is reported. */
  repeats?: number;
  log?: (line: string) => void;
}

export interface SourcesBenchReport {
  commits: number;
  tasks: number;
  rawLogMs: number;
  indexMs: number;
  perTaskMs: number;
  /** (b)/(a): index build over one raw `git log --all --numstat`; target at most 1.5. */
  indexOverRaw: number;
  /** (c)/(b): one git process per task over the index build; target at least 20. */
  perTaskOverIndex: number;
  pass: boolean;
}

const INDEX_OVER_RAW_MAX = 1.5;
const PER_TASK_OVER_INDEX_MIN = 20;

const ms = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs git and discards its output, resolving when it exits. */
function drain(args: readonly string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...args], { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.resume();
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git ${args.join(' ')} exited ${code}`))));
  });
}

/** `npm run bench -- sources`: the one-pass commit index against raw git log and one git process per task. */
export async function run(options: SourcesBenchOptions = {}): Promise<SourcesBenchReport> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const repeats = options.repeats ?? 3;
  const sample = options.perTaskSample ?? 500;
  const root = mkdtempSync(join(tmpdir(), 'taskeval-bench-sources-'));
  try {
    let start = process.hrtime.bigint();
    const repo = await createSyntheticGitRepo({
      dir: join(root, 'repo'),
      ...(options.tasks ? { tasks: options.tasks } : {}),
      ...(options.minCommits ? { minCommits: options.minCommits } : {}),
    });
    log(`sources: generated ${repo.commits} commits over ${repo.taskIds.length} task ids (${repo.branches} merged branches) with git fast-import in ${(ms(start) / 1000).toFixed(1)} s`);

    // Warm the page cache once so neither side pays for the first read.
    await drain(['log', '--all', '--numstat'], repo.dir);
    const raw: number[] = [];
    const built: number[] = [];
    let index = await buildCommitIndex({ repo: repo.dir });
    for (let i = 0; i < repeats; i += 1) {
      start = process.hrtime.bigint();
      await drain(['log', '--all', '--numstat'], repo.dir);
      raw.push(ms(start));
      start = process.hrtime.bigint();
      index = await buildCommitIndex({ repo: repo.dir });
      built.push(ms(start));
    }
    const rawLogMs = median(raw);
    const indexMs = median(built);

    const step = Math.max(1, Math.floor(repo.taskIds.length / sample));
    const ids = repo.taskIds.filter((_, i) => i % step === 0).slice(0, sample);
    // The same format and numstat the index reads, so both approaches get the same evidence.
    const grepArgs = (id: string) => [...GIT_LOG_ARGS, `--grep=${id}`];
    start = process.hrtime.bigint();
    for (const id of ids) await drain(grepArgs(id), repo.dir);
    const perTaskMs = ms(start);

    const attributed = ids.reduce((n, id) => n + index.commitsFor({ id }).length, 0);
    const indexOverRaw = indexMs / rawLogMs;
    const perTaskOverIndex = perTaskMs / indexMs;
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    const okRaw = indexOverRaw <= INDEX_OVER_RAW_MAX;
    const okTask = perTaskOverIndex >= PER_TASK_OVER_INDEX_MIN;
    log(`sources: (a) one raw git log --all --numstat        ${rawLogMs.toFixed(0).padStart(8)} ms  (median of ${repeats})`);
    log(`sources: (b) taskeval buildCommitIndex             ${indexMs.toFixed(0).padStart(8)} ms  (median of ${repeats})`);
    log(`sources: (c) git log --grep=<id> × ${String(ids.length).padEnd(4)} tasks       ${perTaskMs.toFixed(0).padStart(8)} ms  (${attributed} commits attributed to those tasks by the index)`);
    log(`sources: (b)/(a) = ${indexOverRaw.toFixed(2)} (target ≤ ${INDEX_OVER_RAW_MAX}) ${verdict(okRaw)}`);
    log(`sources: (c)/(b) = ${perTaskOverIndex.toFixed(1)} (target ≥ ${PER_TASK_OVER_INDEX_MIN}) ${verdict(okTask)}`);
    return {
      commits: repo.commits,
      tasks: repo.taskIds.length,
      rawLogMs,
      indexMs,
      perTaskMs,
      indexOverRaw,
      perTaskOverIndex,
      pass: okRaw && okTask,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await run();
  process.exitCode = report.pass ? 0 : 1;
}
