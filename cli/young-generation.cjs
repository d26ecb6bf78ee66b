// How large V8 lets a thread's young generation grow. A build's main thread holds it small: memory
// touched for the first time is dear on these machines (README), and by default the young
// generation grows to 32 MB, each new page of it touched once. Plain JavaScript, like
// code-cache.cjs, which makes and checks its caches under V8's default growth.
const { getHeapSpaceStatistics, setFlagsFromString } = require('node:v8');

/**
 * This thread's state, shared by every copy of this file the thread runs (bin.cjs's, and the one
 * bundled with the command line). A worker thread has its own, and never holds.
 * @type {{ limit: number | undefined, held: boolean, calls: number }}
 */
const state = (globalThis[Symbol.for('sitegen.youngGeneration')] ??= { limit: undefined, held: false, calls: 0 });

/**
 * Read by V8 each time it grows the young generation: 1 holds it, 2 (V8's default) doubles it.
 * @param {boolean} held
 */
const setGrowth = (held) => setFlagsFromString(`--semi-space-growth-factor=${held ? 1 : 2}`);

/** @param {boolean} held */
function setHeld(held) {
  if (held === state.held) return;
  state.held = held;
  setGrowth(held);
}

const newSpaceBytes = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;

/** Holds the young generation once it has reached its limit, lets it grow while under it. */
function check() {
  if (state.limit !== undefined) setHeld(newSpaceBytes() >= 2 * state.limit * 2 ** 20);
}

/**
 * Lets each of the young generation's two halves grow to about `megabytes`: 0 holds it at the
 * size it has, undefined lets it grow as V8 likes. V8's flags belong to the process: a thread
 * that holds stops the others' young generations growing too, so render pools let it grow.
 * @param {number | undefined} megabytes
 */
function limitYoungGeneration(megabytes) {
  state.limit = megabytes;
  if (megabytes === undefined) setHeld(false);
  else check();
}

/**
 * Raises the limit to `megabytes` where one is set; a thread that lets its young generation grow
 * as V8 likes (dev, a test) keeps doing so.
 * @param {number} megabytes
 */
function raiseYoungGenerationLimit(megabytes) {
  if (state.limit !== undefined) limitYoungGeneration(Math.max(state.limit, megabytes));
}

/** Called as work repeats (a content file loaded, a text or a page rendered): looks at every 8th call. */
function checkYoungGeneration() {
  if (state.limit !== undefined && (++state.calls & 7) === 0) check();
}

/**
 * Runs `work`, which makes or checks a code cache, under V8's default growth: V8 rejects a cache
 * made under other flags, and every process, whatever its young generation, shares the caches.
 * @template T
 * @param {() => T} work
 * @returns {T}
 */
function withDefaultGrowth(work) {
  if (!state.held) return work();
  setGrowth(false);
  try {
    return work();
  } finally {
    setGrowth(true);
  }
}

module.exports = { checkYoungGeneration, limitYoungGeneration, raiseYoungGenerationLimit, withDefaultGrowth };
