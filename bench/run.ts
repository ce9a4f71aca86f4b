/** `npm run bench -- <name>`: runs one benchmark; each module exports run() returning a report with `pass`. */
const BENCHES: Record<string, () => Promise<{ run: () => Promise<{ pass: boolean }> }>> = {
  api: () => import('./api.js'),
  judge: () => import('./judge.js'),
  memory: () => import('./memory.js'),
  pulls: () => import('./pulls.js'),
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
    const report = await bench.run();
    pass &&= report.pass;
  }
  process.exitCode = pass ? 0 : 1;
}
