import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCommitIndex, GIT_LOG_ARGS } from '../src/evidence/index.js';
import { openSqliteStore } from '../src/store/index.js';
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
  /** (d): the first build with the history kept in a store; target at most 1.1× (a). */
  firstKeptMs: number;
  /** (e): the build after NEW_COMMITS new commits; target at most 5% of (d). */
  nextKeptMs: number;
  pass: boolean;
}

const INDEX_OVER_RAW_MAX = 1.5;
const FIRST_OVER_RAW_MAX = 1.1;
const NEXT_OVER_FIRST_MAX = 0.05;
const NEW_COMMITS = 10;
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
    log(
      `sources: generated ${repo.commits} commits over ${repo.taskIds.length} task ids (${repo.branches} merged branches) with git fast-import in ${(ms(start) / 1000).toFixed(1)} s`,
    );

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
    const incremental = await timeIncremental(repo.dir, root, repeats);
    const indexOverRaw = indexMs / rawLogMs;
    const perTaskOverIndex = perTaskMs / indexMs;
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    const okRaw = indexOverRaw <= INDEX_OVER_RAW_MAX;
    const okTask = perTaskOverIndex >= PER_TASK_OVER_INDEX_MIN;
    log(
      `sources: (a) one raw git log --all --numstat        ${rawLogMs.toFixed(0).padStart(8)} ms  (median of ${repeats})`,
    );
    log(
      `sources: (b) taskeval buildCommitIndex             ${indexMs.toFixed(0).padStart(8)} ms  (median of ${repeats})`,
    );
    log(
      `sources: (c) git log --grep=<id> × ${String(ids.length).padEnd(4)} tasks       ${perTaskMs.toFixed(0).padStart(8)} ms  (${attributed} commits attributed to those tasks by the index)`,
    );
    log(
      `sources: (d) first build kept in a SQLite store       ${incremental.firstMs.toFixed(0).padStart(8)} ms  (median of ${repeats}; reads the whole history and saves it; a raw git log run beside each took ${incremental.rawMs.toFixed(0)} ms)`,
    );
    log(
      `sources: (e) next build after ${NEW_COMMITS} new commits      ${incremental.nextMs.toFixed(0).padStart(8)} ms  (median of ${repeats}; reads only the new commits)`,
    );
    log(`sources: (b)/(a) = ${indexOverRaw.toFixed(2)} (target ≤ ${INDEX_OVER_RAW_MAX}) ${verdict(okRaw)}`);
    const okFirst = incremental.firstMs / incremental.rawMs <= FIRST_OVER_RAW_MAX;
    const okNext = incremental.nextMs / incremental.firstMs <= NEXT_OVER_FIRST_MAX;
    log(
      `sources: (d)/(a) = ${(incremental.firstMs / incremental.rawMs).toFixed(2)} (target ≤ ${FIRST_OVER_RAW_MAX}; against the raw reads run beside (d)) ${verdict(okFirst)}`,
    );
    log(
      `sources: (e)/(d) = ${((incremental.nextMs / incremental.firstMs) * 100).toFixed(1)}% (target ≤ ${NEXT_OVER_FIRST_MAX * 100}%) ${verdict(okNext)}`,
    );
    log(`sources: (c)/(b) = ${perTaskOverIndex.toFixed(1)} (target ≥ ${PER_TASK_OVER_INDEX_MIN}) ${verdict(okTask)}`);
    return {
      commits: repo.commits,
      tasks: repo.taskIds.length,
      rawLogMs,
      indexMs,
      perTaskMs,
      indexOverRaw,
      perTaskOverIndex,
      firstKeptMs: incremental.firstMs,
      nextKeptMs: incremental.nextMs,
      pass: okRaw && okTask && okFirst && okNext,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * (d) a first build whose history is kept in a real SQLite store's cache, and (e) the next build after
 * NEW_COMMITS commits land on a new branch: each repeat starts from an empty store and a fresh branch.
 */
async function timeIncremental(
  repoDir: string,
  root: string,
  repeats: number,
): Promise<{ firstMs: number; nextMs: number; rawMs: number }> {
  const first: number[] = [];
  const next: number[] = [];
  const raw: number[] = [];
  for (let r = 0; r < repeats; r += 1) {
    const store = openSqliteStore({ path: join(root, `cache-${r}.db`) });
    const cache = {
      get: (key: string) => store.repositoryCache.get(key),
      set: (key: string, value: unknown) => store.repositoryCache.set(key, value, new Date().toISOString()),
    };
    try {
      // A raw read right before each first build: the two are compared as they ran, side by side.
      let start = process.hrtime.bigint();
      await drain(['log', '--all', '--numstat'], repoDir);
      raw.push(ms(start));
      start = process.hrtime.bigint();
      await buildCommitIndex({ repo: repoDir, cache });
      first.push(ms(start));
      await gitIn(repoDir, ['checkout', '-q', '-b', `bench-${r}`, 'main']);
      for (let c = 0; c < NEW_COMMITS; c += 1)
        await gitIn(repoDir, [
          'commit',
          '-q',
          '--allow-empty',
          '-m',
          `feat(FN-${900_000 + r * 100 + c}): new work ${c}`,
        ]);
      await gitIn(repoDir, ['checkout', '-q', 'main']);
      start = process.hrtime.bigint();
      const index = await buildCommitIndex({ repo: repoDir, cache });
      next.push(ms(start));
      if (index.commitsFor({ id: `FN-${900_000 + r * 100}` }).length !== 1)
        throw new Error('the incremental build missed a new commit');
    } finally {
      await store.close();
    }
  }
  return { firstMs: median(first), nextMs: median(next), rawMs: median(raw) };
}

function gitIn(cwd: string, args: string[]): Promise<void> {
  const env = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'bench',
    GIT_AUTHOR_EMAIL: 'bench@example.com',
    GIT_COMMITTER_NAME: 'bench',
    GIT_COMMITTER_EMAIL: 'bench@example.com',
  };
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, env, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git ${args.join(' ')} exited ${code}`))));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await run();
  process.exitCode = report.pass ? 0 : 1;
}
