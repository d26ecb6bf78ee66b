// What compile.ts bundles: the engine, for the build's own thread, and the loop of a render
// worker (worker-start.cjs), so that both load one file.
export * from './engine.ts';
export { serveRequests } from './worker.ts';
