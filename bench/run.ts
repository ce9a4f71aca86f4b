import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
/** `npm run bench -- <name>`: runs one benchmark; each module exports run() returning a report with `pass`. */
const BENCHES: Record<string, () => Promise<{ run: () => Promise<{ pass: boolean }> }>> = {
  api: () => import('./api.js'),
  judge: () => import('./judge.js'),
  memory: () => import('./memory.js'),
  outcomes: () => import('./outcomes.js'),
  pulls: () => import('./pulls.js'),
  serve: () => import('./serve-load.js'),
  sessions: () => import('./sessions.js'),
  sources: () => import('./sources.js'),
  startup: () => import('./startup.js'),
  store: () => import('./store.js'),
  tokens: () => import('./prompt-tokens.js'),
  transcripts: () => import('./transcript-rss.js'),
  validity: () => import('./validity.js'),
  workers: () => import('./workers.js'),
};

// Flags (--quick) are for the bench modules themselves, which read process.argv.
const names = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (names.length === 0 || names.some((n) => !(n in BENCHES))) {
  process.stderr.write(`usage: npm run bench -- <${Object.keys(BENCHES).join('|')}> [...]\n`);
  process.exitCode = 2;
} else {
  let pass = true;
  for (const name of names) {
    const bench = await BENCHES[name]!();
    const started = { wall: performance.now(), cpu: process.cpuUsage(), children: childrenCpuSeconds() };
    const report = await bench.run();
    pass &&= report.pass;
    // Beside every verdict, the CPU it took: a busy machine slows the wall clock, not the work.
    const cpu = process.cpuUsage(started.cpu);
    const children = childrenCpuSeconds();
    const childText =
      children === null || started.children === null
        ? 'child processes not counted'
        : `${(children - started.children).toFixed(1)} s CPU in child processes (git, workers, servers)`;
    process.stdout.write(
      `bench ${name}: ${((performance.now() - started.wall) / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU in this process, ${childText}\n`,
    );
  }
  process.exitCode = pass ? 0 : 1;
}

/** CPU seconds of finished child processes this one waited for (Linux: /proc/self/stat cutime + cstime), or null. */
function childrenCpuSeconds(): number | null {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // cutime and cstime are fields 16 and 17 of the whole line: 14 and 15 after the name; in clock ticks (100 a second).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}
