// The first module of every pool worker (pool.ts). Plain JavaScript, so that a worker loads no
// TypeScript: each task names the compiled module that answers it (the template engine, or
// check-links' scanner), which the worker loads on its first task of that kind and keeps.

// As bin.cjs does for the main thread, in the folder it named: a worker thread does not share its compile cache.
require('node:module').enableCompileCache?.(process.env.NODE_COMPILE_CACHE);

/** @param {{ file: string, task: unknown }} message */
module.exports = ({ file, task }) => require(file).runTask(task);
