// A render worker's first module (pool.ts). Plain JavaScript, so that the worker loads no
// TypeScript: it runs the compiled engine (compile.ts) and serves the build.
const { parentPort, workerData } = require('node:worker_threads');

// As bin.cjs does for the main thread, in the folder it named: a worker thread does not share its compile cache.
require('node:module').enableCompileCache?.(process.env.NODE_COMPILE_CACHE);
require(workerData.engine).serveRequests(parentPort);
