// Preloaded into the measured build (node --require): when it exits, writes its peak resident set
// size in bytes to $BENCH_RSS_FILE. getrusage's maxrss covers every thread, workers included.
// CommonJS: preloaded with --import, an ES module set up Node's module loader first and added
// ~13 ms to every timed process (a build that changed nothing: 214 ms against 203 ms, 4 alternating
// rounds of 10), time no user's build pays.
const { writeFileSync } = require('node:fs');

const file = process.env.BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)));
