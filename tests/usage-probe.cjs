// Preloaded into a child process (node --require) by tests that bound what a command may use, where
// an issue demands it: at exit, writes its peak resident set size and its CPU time, every thread's,
// to $USAGE_FILE as JSON. CPU time, not wall time: on a busy machine the wall clock measures the
// neighbours. (cli/commands/bench/peak-rss.cjs is the benchmark's own probe, of the RSS alone.)
const { writeFileSync } = require('node:fs');

const file = process.env.USAGE_FILE;
if (file)
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ rssBytes: usage.maxRSS * 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }));
  });
