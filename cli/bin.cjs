#!/usr/bin/env node
// The CLI is TypeScript. It runs from esbuild bundles of cli/index.ts and cli/quick.ts, compiled again whenever a
// source file changes: loading one bundle starts several times faster than compiling each module
// on the fly, and maintainers still need no build step. CommonJS, like the helpers it loads: an ES
// module entry set up Node's module loader first, ~13 ms of every command (a build that changed
// nothing took 230 ms against 217 ms, over 4 alternating rounds of 10).
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { setFlagsFromString } = require('node:v8');
const { cliBuild } = require('./bundling.cjs');
const { loadBundle } = require('./code-cache.cjs');
const { keepNewest, markUsed, settleFolder, sourcesKey } = require('./files.cjs');
const { limitYoungGeneration } = require('./young-generation.cjs');

// Set before any bundle loads, so that its code cache is always made and checked under the same
// flags. TurboFan spent a fifth of a 4,000-post cold build's CPU compiling, on two cores the build
// shares with it; a short-lived process gains more from compiling quickly than from the code:
// - Escape analysis took 0.6-1 s of CPU per thread to optimize one function, the Markdown parser's
//   `compiler`, which runs once per text and only makes closures. Without it: ~1.5 s less CPU.
// - Inlining only functions under 60 bytes of bytecode (V8's limit is 460): cold builds 8.5 s
//   against 9.0 s over 5 alternating runs, the real site's 1.63 s against 1.72 s, dev and a
//   one-post rebuild unchanged; check-links of 4,338 pages, whose HTML tokenizer gains from
//   inlining, ~5 % slower.
// - Twice V8's interrupt budget, so that a function must run twice as long before it is optimized:
//   ~5 % less CPU in cold builds (medians 7.61 s against 7.63 s over 4 alternating runs), dev
//   rebuilds 125-133 ms against 129-147 ms, the real site and a one-post rebuild unchanged.
setFlagsFromString('--no-turbo-escape --max-inlined-bytecode-size=60 --interrupt-budget=135168');

const root = join(__dirname, '..');
// templates/ is not in the bundle: the engine compiles it on its own (engine/render/compile.ts), and
// a build's stamp takes its stats (engine/incremental/stamp.ts). Editing a template recompiled
// this bundle, for nothing, and dropped its code cache (~1 s of the next build).
const sourceFolders = ['cli', 'functions'];

async function compile(outdir) {
  const { build } = await import('esbuild');
  const temp = `${outdir}.tmp-${process.pid}`;
  await build(cliBuild(root, temp));
  settleFolder(temp, outdir);
  // The newest bundle and three older ones: a process started before an edit writes its code cache there as it exits.
  keepNewest(join(outdir, '..'), 'cli-', 4);
}

/** Runs the command line from the compiled bundles in `outdir`. */
function run(outdir) {
  const bundle = (/** @type {string} */ name) => join(outdir, `${name}.cjs`);
  if (process.argv.includes('--debug')) {
    // --debug shows stack traces: Node's own loader maps them to the sources, which it does for no
    // script run with a code cache. Source maps cost start-up time, so only here.
    process.setSourceMapsEnabled(true);
    require(bundle('index')).run();
    return;
  }
  // `build` asks the small quick bundle first: when nothing changed, it answers alone. A build
  // holds its young generation at the size it has until it finds it must render much
  // (engine/build-site.ts).
  let quick;
  if (process.argv[2] === 'build') {
    limitYoungGeneration(0);
    quick = loadBundle(bundle('quick')).quickBuild(process.argv.slice(3));
  }
  if (!quick?.answered) loadBundle(bundle('index')).run(quick);
}

const outdir = join(root, 'node_modules/.cache/sitegen', `cli-${sourcesKey(root, sourceFolders)}`);
if (existsSync(outdir)) {
  markUsed(outdir);
  run(outdir);
} else {
  compile(outdir).then(
    () => run(outdir),
    () => {
      process.exitCode = 1; // esbuild has printed where the sources fail to compile
    },
  );
}
