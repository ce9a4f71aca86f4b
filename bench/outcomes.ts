import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGit, type GitRunner } from '../src/evidence/index.js';
import { computeProjectOutcomes } from '../src/runs/index.js';
import { loadTaskSet } from '../src/sources/index.js';
import { createSyntheticGitRepo } from './synthetic-git-repo.js';

/**
 * `taskeval outcomes` against the git blame work it must do: the whole labelling (history read, fix commits
 * diffed, lines blamed) timed beside the same `git blame` commands replayed alone, at the same concurrency.
 * BENCH_REPO=<clone> runs it on a real history; otherwise on a synthetic one.
 */
const TARGET = 3;
const CONCURRENCY = 4;
const WINDOW_MS = 7 * 24 * 3_600_000;

interface Cost {
  wallS: number;
  cpuS: number;
}

/** This process's CPU and that of the children it waited for, in seconds (Linux /proc/self/stat). */
function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // utime, stime, cutime, cstime: fields 14-17 of the line, 12-15 after the name; clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, Cost]> {
  const wall = performance.now();
  const cpu = cpuSeconds();
  const value = await work();
  return [value, { wallS: (performance.now() - wall) / 1000, cpuS: cpuSeconds() - cpu }];
}

async function mapBounded<T>(items: readonly T[], width: number, each: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await each(items[next++]!);
    }),
  );
}

export async function run(
  log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<{ pass: boolean }> {
  const given = process.env.BENCH_REPO;
  const dir = given ? null : mkdtempSync(join(tmpdir(), 'taskeval-bench-outcomes-'));
  try {
    const repo = given ?? join(dir!, 'repo');
    if (!given) {
      const made = await createSyntheticGitRepo({ dir: repo, tasks: 3_000, minCommits: 12_000 });
      log(
        `outcomes: synthetic history of ${made.commits.toLocaleString('en-US')} commits, ${made.taskIds.length} tasks`,
      );
    }
    const blames: { args: string[]; cwd: string }[] = [];
    const recording: GitRunner = (args, options) => {
      if (args[0] === 'blame') blames.push({ args: [...args], cwd: options.cwd });
      return runGit(args, options);
    };
    const [set, readCost] = await timed(() =>
      loadTaskSet({ projectDir: repo, source: 'git', column: 'all', sessions: null }),
    );
    const [outcomes, labelCost] = await timed(() =>
      computeProjectOutcomes({
        set,
        windowMs: WINDOW_MS,
        minLines: 1,
        concurrency: CONCURRENCY,
        cache: null,
        now: new Date().toISOString(),
        runGit: recording,
      }),
    );
    const [, blameCost] = await timed(() =>
      mapBounded(blames, CONCURRENCY, async (b) => void (await runGit(b.args, { cwd: b.cwd }))),
    );
    const total = { wallS: readCost.wallS + labelCost.wallS, cpuS: readCost.cpuS + labelCost.cpuS };
    const ratio = total.cpuS / Math.max(blameCost.cpuS, 0.01);
    const pass = ratio <= TARGET;
    const f = (c: Cost) => `${c.wallS.toFixed(1)} s wall, ${c.cpuS.toFixed(1)} s CPU`;
    log(
      `outcomes: ${set.items.length} tasks, ${outcomes.fixCommits} fix commits, ${outcomes.examinedFixes} diffed, ` +
        `${blames.length} git blame commands, ${outcomes.rows.filter((r) => r.bugIntroducing).length} tasks labelled`,
    );
    log(`outcomes: history read ${f(readCost)}; labelling ${f(labelCost)}; whole ${f(total)}`);
    log(`outcomes: the same git blame commands alone ${f(blameCost)} (concurrency ${CONCURRENCY})`);
    log(
      `outcomes: whole / blame work = ${ratio.toFixed(2)}x CPU, ${(total.wallS / Math.max(blameCost.wallS, 0.01)).toFixed(2)}x wall ` +
        `(target CPU <= ${TARGET}x) ${pass ? 'PASS' : 'MISS'}`,
    );
    return { pass };
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
