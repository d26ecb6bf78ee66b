#!/usr/bin/env node
// The CLI is TypeScript. It runs from one esbuild bundle of cli/index.ts, compiled again whenever a
// source file changes: loading one bundle starts several times faster than compiling each module on
// the fly, and maintainers still need no build step. CommonJS, like the helpers it loads
// (cli/support/), since an ES module entry sets up Node's module loader first (docs/benchmark.md).
const { join } = require('node:path');
const { cliBuild } = require('./support/bundling.cjs');
const { compiledFolder, sourcesKey } = require('./support/files.cjs');

const root = join(__dirname, '..');
// The bundle runs from node_modules/.cache, and node_modules may be a link to another checkout's (a
// git worktree sharing it): the code must read this checkout's sources, templates and content, not
// those above the bundle's real path (support/paths.ts). Its workers inherit it.
process.env.SITEGEN_ROOT = root;

// Node 22.1 and later keep on disk the code V8 compiles for each module, the bundles' included, and
// reuse it at the next start; Node 20 compiles them again. Kept beside the compiled bundles rather
// than in the system's temporary folder, and named in the environment for the render workers.
process.env.NODE_COMPILE_CACHE ??= join(root, 'node_modules', '.cache', 'sitegen', 'v8-compile');
require('node:module').enableCompileCache?.(process.env.NODE_COMPILE_CACHE);
// templates/ is not in the bundle: the engine compiles it on its own (engine/render/compile.ts), and
// a build's stamp takes its stats (engine/incremental/stamp.ts): editing a template need not
// recompile this bundle.
const sourceFolders = ['cli', 'functions'];

/** Runs the command line from the compiled bundle in `outdir`. */
function run(outdir) {
  // --debug shows stack traces mapped to the sources. Source maps cost start-up time, so only then.
  if (process.argv.includes('--debug')) process.setSourceMapsEnabled(true);
  require(join(outdir, 'index.cjs')).run();
}

// The newest bundle and three older ones: a process started before an edit may still read its own (--debug's source maps).
const where = { parent: join(root, 'node_modules/.cache/sitegen'), prefix: 'cli-', key: sourcesKey(root, sourceFolders), keep: 4 };
compiledFolder(where, async (temp) => {
  const { build } = await import('esbuild');
  await build(cliBuild(root, temp));
}).then(run, (error) => {
  if (!error?.errors) console.error(`✗ could not compile the command line into ${where.parent}:`, error.message); // esbuild has printed its own
  process.exitCode = 1;
});
