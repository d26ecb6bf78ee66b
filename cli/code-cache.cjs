// Loads a compiled CommonJS bundle with V8's code cache, which Node 20 does not keep for modules.
// Plain JavaScript: a render worker (engine/render/worker-start.cjs) loads it before any TypeScript.
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { basename, dirname } = require('node:path');
const { Script } = require('node:vm');
const { digest, writeFileAtomic } = require('./files.cjs');

/**
 * Written before the cached bytes: the digests of the bundle and of those bytes. V8 checks a
 * header that holds the source's length, not its text, and in release builds no checksum of the
 * bytes: a stale or damaged cache could run.
 */
const headerLength = 2 * digest('').length;

/**
 * The caches to write as the process exits, by bundle name: a newer compile of a bundle (dev,
 * after a template edit) replaces the older one, which no longer runs and is not kept alive here.
 * @type {Map<string, () => void>}
 */
const unsaved = new Map();

let exitHooked = false;

/**
 * Keeps the code cache of `name` to write as the main thread exits (loadBundle). worker_threads
 * is loaded only here, when a cache is missing: a build that changed nothing never loads it.
 * @param {string} name
 * @param {() => void} save
 */
function saveOnExit(name, save) {
  if (!require('node:worker_threads').isMainThread) return;
  unsaved.set(name, save);
  if (!exitHooked) process.once('exit', () => unsaved.forEach((write) => write()));
  exitHooked = true;
}

/**
 * Runs the CommonJS bundle `file` and returns its exports. The code V8 compiled for it is kept in
 * `<file>.v8`: read when it matches the bundle and its own digest (checked here) and V8 (V8
 * checks), and written when the main thread exits, so that it holds every function the
 * process ran, not just the bundle's top level. The bundle must require its packages: Node 20
 * gives a script run from a code cache no import().
 * @param {string} file
 * @returns {any}
 */
function loadBundle(file) {
  const cacheFile = `${file}.v8`;
  // Its bytes are hashed, not its text: hashing a string of a megabyte takes several times longer.
  const bytes = readFileSync(file);
  const sourceDigest = digest(bytes);
  const source = bytes.toString('utf8');
  const cachedData = readCache(cacheFile, sourceDigest);
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  unsaved.delete(basename(file));
  if (!cachedData || script.cachedDataRejected) saveOnExit(basename(file), () => writeCache(cacheFile, sourceDigest, script));
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

/**
 * Whether this process writes the code cache of the bundle `file` as it exits, having found none
 * that fits: the functions its main thread runs of the bundle until then are what later processes
 * load compiled.
 * @param {string} file
 */
function writesCodeCache(file) {
  return unsaved.has(basename(file));
}

/**
 * @param {string} cacheFile
 * @param {string} sourceDigest
 */
function readCache(cacheFile, sourceDigest) {
  let bytes;
  try {
    bytes = readFileSync(cacheFile);
  } catch {
    return undefined; // not written yet
  }
  const data = bytes.subarray(headerLength);
  return bytes.subarray(0, headerLength).toString('latin1') === sourceDigest + digest(data) ? data : undefined;
}

/**
 * @param {string} cacheFile
 * @param {string} sourceDigest
 * @param {Script} script
 */
function writeCache(cacheFile, sourceDigest, script) {
  try {
    const data = script.createCachedData();
    writeFileAtomic(cacheFile, [Buffer.from(sourceDigest + digest(data), 'latin1'), data]);
  } catch {
    // Only a speed-up: a cache that cannot be written is made again by the next process.
  }
}

module.exports = { loadBundle, writesCodeCache };
