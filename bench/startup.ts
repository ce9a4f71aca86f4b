import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What starting the CLI costs: CPU of `taskeval --help` and of loading one command, beside bare node. */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = process.argv.includes('--quick') ? 3 : 9;
const probe = join(root, 'bench/report-max-rss.mjs');
const bin = join(root, 'dist/cli/bin.js');

/** Median CPU milliseconds (user + system) and wall milliseconds over RUNS runs of `node --import probe ...args`. */
function measure(args: string[]): { cpuMs: number; wallMs: number } {
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    const child = spawnSync(process.execPath, ['--import', probe, ...args], { cwd: root, encoding: 'utf8' });
    wall.push(Number(process.hrtime.bigint() - started) / 1e6);
    const us = Number(/cpu-us (\d+)/.exec(child.stderr)?.[1] ?? NaN);
    if (Number.isNaN(us)) throw new Error(`no CPU figure from node ${args.join(' ')}: ${child.stderr.slice(-500)}`);
    cpu.push(us / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { cpuMs: Math.round(median(cpu)), wallMs: Math.round(median(wall)) };
}

export async function run(): Promise<{ pass: boolean }> {
  const bare = measure(['-e', '0']);
  const cases: [string, string[]][] = [
    ['taskeval --help', [bin, '--help']],
    ['taskeval schema task', [bin, 'schema', 'task']],
    ['taskeval score --help', [bin, 'score', '--help']],
  ];
  console.log(`start-up, median of ${RUNS} runs (the built CLI: npm run build first)`);
  console.log(`  bare node                ${bare.cpuMs} ms CPU, ${bare.wallMs} ms wall`);
  let help = 0;
  for (const [name, args] of cases) {
    const m = measure(args);
    if (name === 'taskeval --help') help = m.cpuMs;
    console.log(
      `  ${name.padEnd(24)} ${m.cpuMs} ms CPU (${(m.cpuMs / bare.cpuMs).toFixed(1)}x bare), ${m.wallMs} ms wall`,
    );
  }
  // The listing loads no command module and no schema: commander and node, little more.
  const pass = help <= 2.5 * bare.cpuMs;
  console.log(`  --help within 2.5x bare node's CPU: ${pass ? 'yes' : 'no'}`);
  return { pass };
}
