// Loaded with --import by the benches: prints the process's peak resident set size and CPU time as it exits.
process.on('exit', () => {
  const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
  process.stderr.write(`\nmax-rss-kib ${maxRSS}\ncpu-us ${userCPUTime + systemCPUTime}\n`);
});
