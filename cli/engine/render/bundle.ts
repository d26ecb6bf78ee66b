// What compile.ts bundles: the engine, for the build's own thread, and the render tasks of a pool
// worker (worker.ts, engine/pool-worker.cjs), so that both load one file.
export * from './engine.ts';
export { runTask } from './worker.ts';
