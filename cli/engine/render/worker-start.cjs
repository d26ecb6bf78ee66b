// A render worker's first module (pool.ts). Plain JavaScript, so that the worker loads no
// TypeScript: it runs the compiled engine (compile.ts), with its code cache, and serves the build.
const { parentPort, workerData } = require('node:worker_threads');
const { loadBundle } = require('../../code-cache.cjs');

loadBundle(workerData.engine).serveRequests(parentPort);
