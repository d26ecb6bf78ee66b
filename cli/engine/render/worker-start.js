// A render worker's first module (pool.ts). Plain JavaScript, so that the worker loads no
// TypeScript: it runs the compiled engine (compile.ts), with its code cache, and serves the build.
import { parentPort, workerData } from 'node:worker_threads';
import { loadBundle } from '../../code-cache.js';

loadBundle(workerData.engine).serveRequests(parentPort);
