#!/usr/bin/env node
// The CLI is TypeScript. It runs from esbuild bundles of cli/index.ts and cli/quick.ts, compiled again whenever a
// source file changes: loading one bundle starts several times faster than compiling each module
// on the fly, and maintainers still need no build step. CommonJS, like the helpers it loads: an ES
// module entry set up Node's module loader first, ~13 ms of every command (a build that changed
// nothing took 230 ms against 217 ms, over 4 alternating rounds of 10).
const { join } = require('node:path');
const { cliBuild } = require('./bundling.cjs');
const { loadBundle } = require('./code-cache.cjs');
const { compiledFolder, sourcesKey } = require('./files.cjs');

const root = join(__dirname, '..');
// templates/ is not in the bundle: the engine compiles it on its own (engine/render/compile.ts), and
// a build's stamp takes its stats (engine/incremental/stamp.ts). Editing a template recompiled
// this bundle, for nothing, and dropped its code cache (~1 s of the next build).
const sourceFolders = ['cli', 'functions'];

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
  // `build` asks the small quick bundle first: when nothing changed, it answers alone.
  const quick = process.argv[2] === 'build' ? loadBundle(bundle('quick')).quickBuild(process.argv.slice(3)) : undefined;
  if (!quick?.answered) loadBundle(bundle('index')).run(quick);
}

// The newest bundle and three older ones: a process started before an edit writes its code cache there as it exits.
const where = { parent: join(root, 'node_modules/.cache/sitegen'), prefix: 'cli-', key: sourcesKey(root, sourceFolders), keep: 4 };
compiledFolder(where, async (temp) => {
  const { build } = await import('esbuild');
  await build(cliBuild(root, temp));
}).then(run, (error) => {
  if (!error?.errors) console.error(`✗ could not compile the command line into ${where.parent}:`, error.message); // esbuild has printed its own
  process.exitCode = 1;
});
