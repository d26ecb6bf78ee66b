// Preloaded into the measured build (node --import): when it exits, writes its peak resident set
// size in bytes to $BENCH_RSS_FILE. getrusage's maxrss covers every thread, workers included.
import { writeFileSync } from 'node:fs';

process.on('exit', () => writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS * 1024)));
