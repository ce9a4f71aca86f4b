// Loaded with --import by bench/memory.ts: prints the process's peak resident set size as it exits.
process.on('exit', () => {
  process.stderr.write(`\nmax-rss-kib ${process.resourceUsage().maxRSS}\n`);
});
