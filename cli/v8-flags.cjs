// The V8 flags every sitegen process runs under (bin.cjs sets them), and the bench's run of the
// stack alone (commands/bench/stack-alone.tsx) too. TurboFan spent a fifth of a 4,000-post cold
// build's CPU compiling, on two cores the build shares with it; a short-lived process gains more
// from compiling quickly than from the code:
// - Escape analysis took 0.6-1 s of CPU per thread to optimize one function, the Markdown parser's
//   `compiler`, which runs once per text and only makes closures. Without it: ~1.5 s less CPU.
// - Inlining only functions under 60 bytes of bytecode (V8's limit is 460): cold builds 8.5 s
//   against 9.0 s over 5 alternating runs, the real site's 1.63 s against 1.72 s, dev and a
//   one-post rebuild unchanged; check-links of 4,338 pages, whose HTML tokenizer gains from
//   inlining, ~5 % slower.
// - Twice V8's interrupt budget, so that a function must run twice as long before it is optimized:
//   ~5 % less CPU in cold builds (medians 7.61 s against 7.63 s over 4 alternating runs), dev
//   rebuilds 125-133 ms against 129-147 ms, the real site and a one-post rebuild unchanged.
//
// And one of Node's own options, which only its command line sets: the npm scripts pass it, and the
// bench its timed processes, as they run. `--v8-pool-size=0` gives V8 one helper thread fewer than
// the machine has cores (one here) instead of four: with two render workers and the main thread,
// seven threads took turns on two cores. Alternating pairs on 27 Nov: the real site's cold build
// 895 ms against 965 ms (16 pairs, 6 % less CPU); 4,000 posts, 2-3 % less CPU in each of four sets
// of 6-12 pairs with one or two helper threads, and 0-6 % less wall time; a one-post rebuild the
// same (10 pairs). `npx sitegen` runs without it: a shebang cannot pass it everywhere.
module.exports = {
  v8Flags: '--no-turbo-escape --max-inlined-bytecode-size=60 --interrupt-budget=135168',
  nodeFlags: ['--v8-pool-size=0'],
};
