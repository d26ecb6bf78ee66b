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
module.exports = { v8Flags: '--no-turbo-escape --max-inlined-bytecode-size=60 --interrupt-budget=135168' };
