import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot, scratchDir } from '../../helpers.ts';

const loader = pathToFileURL(join(repoRoot, 'cli/code-cache.cjs')).href;

/** A bundle in a folder of its own, like the compiled engine: `answer()` gives `value`. */
async function bundle(value: string): Promise<string> {
  const file = join(await scratchDir('bundle-'), 'engine.cjs');
  await writeFile(file, `exports.answer = () => ${JSON.stringify(value)} + require('node:path').sep;\n`);
  return file;
}

/** Loads `file` in a new process, as a build does, and gives what its `answer()` returned. */
function run(file: string): string {
  const script = `const { loadBundle } = await import(${JSON.stringify(loader)});
    console.log(loadBundle(${JSON.stringify(file)}).answer());`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim();
}

/** A file's inode and time: a file written again may get the inode number the old one freed. */
const identity = async (file: string) => {
  const info = await stat(file);
  return `${info.ino}:${info.mtimeMs}`;
};

describe('the code cache of a compiled bundle', () => {
  it('is written by the first process that runs the bundle and read, unchanged, by the next', async () => {
    const file = await bundle('first');
    expect(run(file)).toBe('first/');
    const written = await identity(`${file}.v8`);
    expect(run(file)).toBe('first/');
    expect(await identity(`${file}.v8`)).toBe(written);
  });

  it('tells the process that will write it, so that what it runs first is kept compiled', async () => {
    const file = await bundle('told');
    const script = `const { loadBundle, writesCodeCache } = await import(${JSON.stringify(loader)});
      loadBundle(${JSON.stringify(file)}); console.log(writesCodeCache(${JSON.stringify(file)}));`;
    const writes = () => execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim();
    expect(writes()).toBe('true');
    expect(existsSync(`${file}.v8`)).toBe(true);
    expect(writes()).toBe('false');
  });

  it('is not trusted once damaged: the bundle still runs, and the cache is written again', async () => {
    const file = await bundle('intact');
    run(file);
    const bytes = await readFile(`${file}.v8`);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 8) ^ 0xff, bytes.length - 8);
    await writeFile(`${file}.v8`, bytes);
    const damaged = await identity(`${file}.v8`);
    expect(run(file)).toBe('intact/');
    expect(await identity(`${file}.v8`)).not.toBe(damaged);
    expect(await readFile(`${file}.v8`)).not.toEqual(bytes);
  });

  it('is written for the newest compile only, however many compiles of the bundle a dev session loads', async () => {
    const files = await Promise.all(Array.from({ length: 12 }, (_, i) => bundle(`compile ${i}`)));
    const script = `const { loadBundle } = await import(${JSON.stringify(loader)}); for (const file of ${JSON.stringify(files)}) loadBundle(file);`;
    const { stderr } = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(stderr).toBe('');
    expect(existsSync(`${files.at(-1)}.v8`)).toBe(true);
    expect(files.slice(0, -1).filter((file) => existsSync(`${file}.v8`))).toEqual([]);
  });

  it('is not used for a bundle of the same length with other code', async () => {
    const file = await bundle('before');
    run(file);
    await writeFile(file, (await readFile(file, 'utf8')).replace('before', 'after!'));
    expect(run(file)).toBe('after!/');
  });
});
