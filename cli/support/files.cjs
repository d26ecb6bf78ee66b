// The file primitives every part of the tool shares: one hash, one atomic write, one way to
// compile into a folder named by its sources and prune old ones, one key for source folders. Plain
// JavaScript: bin.cjs uses them before any TypeScript can be loaded.
const { hash, randomUUID } = require('node:crypto');
const { closeSync, openSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync, writeSync } = require('node:fs');
const { join, sep } = require('node:path');

/**
 * The one content hash of the tool: of text, bytes, or any JSON value. base64url by default;
 * hex where it names a file a case-insensitive disk must tell apart.
 * @param {unknown} value
 * @param {'base64url' | 'hex'} [encoding]
 * @returns {string}
 */
function digest(value, encoding = 'base64url') {
  const data = typeof value === 'string' || value instanceof Uint8Array ? value : JSON.stringify(value);
  // One call, without a Hash object: 2-3 times faster for the short values most keys are.
  return hash('sha1', data, encoding);
}

/**
 * Calls `visit` with each file under `dir`, its folders left out, in the order readdir lists them:
 * its path, its path in `dir` with `/` between folders, and its entry. Paths are joined by hand:
 * for thousands of files, path.join costs as much as stat-ing them, and readdirSync's own
 * `recursive` took 7 ms for the ~120 files of cli/, against 1.5 ms this way.
 * @param {string} dir
 * @param {(path: string, inDir: string, entry: import('node:fs').Dirent) => void} visit
 */
function eachFile(dir, visit, prefix = '') {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}${sep}${entry.name}`;
    if (entry.isDirectory()) eachFile(path, visit, `${prefix}${entry.name}/`);
    else visit(path, `${prefix}${entry.name}`, entry);
  }
}

/**
 * A key for the sources under `folders` of `root` and the lockfile: from their paths and file
 * stats, not their text, since stat-ing them costs a few milliseconds where reading them cost a
 * hundred. Any write changes a file's ctime, which no tool sets back, so an edit always changes it.
 * Names the compiled bundles of the CLI and of check-links' worker.
 * @param {string} root
 * @param {string[]} folders
 * @returns {string}
 */
function sourcesKey(root, folders) {
  const stats = folders.flatMap((folder) => {
    /** @type {[string, string][]} */
    const sources = [];
    eachFile(join(root, folder), (path, inFolder) => {
      if (/\.(ts|tsx|js|cjs|mjs|css)$/.test(inFolder)) sources.push([`${folder}/${inFolder}`, path]);
    });
    return sources
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, path]) => {
        const { size, mtimeMs, ctimeMs, ino } = statSync(path);
        return [name, size, mtimeMs, ctimeMs, ino];
      });
  });
  const lock = statSync(join(root, 'package-lock.json'));
  return digest([lock.size, lock.mtimeMs, lock.ctimeMs, stats], 'hex').slice(0, 16);
}

/**
 * Writes a file whole or not at all: into a temporary file of this process and thread, renamed
 * over the target. Whatever stands at the target, even a folder, is replaced. Parts are written
 * one after the other: joining a header to 2.7 MB of cache took ~4.5 ms and 667 page faults in a
 * fresh process, writing the two parts ~2 ms and 5.
 * @param {string} file
 * @param {string | Uint8Array | Uint8Array[]} data
 */
function writeFileAtomic(file, data) {
  // worker_threads is loaded here, not above: a build that changed nothing writes no file.
  const temp = `${file}.${process.pid}-${require('node:worker_threads').threadId}.tmp`;
  if (Array.isArray(data)) writeParts(temp, data);
  else writeFileSync(temp, data);
  try {
    renameSync(temp, file);
  } catch (error) {
    if (!['EISDIR', 'ENOTEMPTY', 'EEXIST', 'ENOTDIR'].includes(/** @type {NodeJS.ErrnoException} */ (error).code ?? '')) throw error;
    rmSync(file, { recursive: true, force: true });
    renameSync(temp, file);
  }
}

/**
 * @param {string} file
 * @param {Uint8Array[]} parts
 */
function writeParts(file, parts) {
  const fd = openSync(file, 'w');
  try {
    for (const part of parts) {
      for (let written = 0; written < part.length; ) written += writeSync(fd, part, written);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * The folder `<parent>/<prefix><key>` of what `make` compiles from the sources `key` names. When
 * it is missing, `make` writes it under a temporary name, and it is settled in place (settleFolder)
 * and older folders of `prefix` pruned (keepNewest); when it is there, it counts as used (markUsed).
 * @param {{ parent: string, prefix: string, key: string, keep: number }} where
 * @param {(temp: string) => Promise<unknown>} make
 * @returns {Promise<string>}
 */
async function compiledFolder({ parent, prefix, key, keep }, make) {
  const dir = join(parent, `${prefix}${key}`);
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    markUsed(dir);
    return dir;
  }
  // Named apart from any other compile of this process or another: they may run at once.
  const temp = `${dir}.tmp-${process.pid}-${randomUUID()}`;
  try {
    await make(temp);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  settleFolder(temp, dir);
  keepNewest(parent, prefix, keep);
  return dir;
}

/**
 * Moves a folder finished under a temporary name to `target`, unless another process already put
 * one there: both were made from the same sources, so either is right and the later one is dropped.
 * @param {string} temp
 * @param {string} target
 */
function settleFolder(temp, target) {
  try {
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    if (!statSync(target, { throwIfNoEntry: false })?.isDirectory()) throw error;
  }
}

/**
 * Removes all but the `keep` folders of `parent` whose names start with `prefix` that were made or
 * used (markUsed) last, in-progress `.tmp-` folders aside: a process started before may still load
 * from the others.
 * @param {string} parent
 * @param {string} prefix
 * @param {number} keep
 */
function keepNewest(parent, prefix, keep) {
  const names = readdirSync(parent).filter((name) => name.startsWith(prefix) && !name.includes('.tmp-'));
  const dated = names.map((name) => ({ name, time: statSync(join(parent, name)).mtimeMs })).sort((a, b) => b.time - a.time);
  for (const { name } of dated.slice(keep)) rmSync(join(parent, name), { recursive: true, force: true });
}

/**
 * Counts a compiled folder as new for keepNewest, once a process loads from it. By its making
 * alone, the compile of the templates a checkout holds was the first removed after eight template
 * edits (three a bench), and the next build compiled them again.
 * @param {string} dir
 */
function markUsed(dir) {
  const now = new Date();
  try {
    utimesSync(dir, now, now);
  } catch {
    // Removed meanwhile by another process, or a read-only cache: the folder still served this one.
  }
}

module.exports = { digest, eachFile, sourcesKey, writeFileAtomic, compiledFolder };
