import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledFolder, writeFileAtomic } from '../../../cli/support/files.cjs';
import { scratchDir } from '../../helpers.ts';

/** `count` compiled folders under a new parent, the first made longest ago. */
async function compiles(count: number): Promise<{ parent: string; names: string[] }> {
  const parent = await scratchDir('compiled-');
  const names = Array.from({ length: count }, (_, i) => `templates-${i}`);
  names.forEach((name, i) => {
    mkdirSync(join(parent, name));
    const made = new Date(Date.now() - (count - i) * 60_000);
    utimesSync(join(parent, name), made, made);
  });
  return { parent, names };
}

/** Compiles into `parent` under `key`, writing `text` as its one file; counts each compile in `made`. */
const compile = (parent: string, key: string, made: string[] = [], text = key) =>
  compiledFolder({ parent, prefix: 'templates-', key, keep: 8 }, async (temp: string) => {
    made.push(key);
    mkdirSync(temp);
    writeFileSync(join(temp, 'engine.cjs'), text);
  });

describe('a folder compiled under the key of its sources', () => {
  it('is compiled once, then found by every later call with the same key', async () => {
    const parent = await scratchDir('compiled-');
    const made: string[] = [];
    const dir = await compile(parent, 'a', made);
    expect(dir).toBe(join(parent, 'templates-a'));
    expect(await compile(parent, 'a', made, 'again')).toBe(dir);
    expect(made).toEqual(['a']);
    expect(readFileSync(join(dir, 'engine.cjs'), 'utf8')).toBe('a');
    expect(readdirSync(parent)).toEqual(['templates-a']);
  });

  it('is settled by whichever of two processes compiling it at once finishes first, and both use it', async () => {
    const parent = await scratchDir('compiled-');
    const [first, second] = await Promise.all([compile(parent, 'a', [], 'one'), compile(parent, 'a', [], 'two')]);
    expect(first).toBe(second);
    expect(['one', 'two']).toContain(readFileSync(join(first, 'engine.cjs'), 'utf8'));
    expect(readdirSync(parent)).toEqual(['templates-a']);
  });

  it('leaves nothing behind when its compile fails', async () => {
    const parent = await scratchDir('compiled-');
    const failing = compiledFolder({ parent, prefix: 'templates-', key: 'a', keep: 8 }, async (temp: string) => {
      mkdirSync(temp);
      throw new Error('the templates do not compile');
    });
    await expect(failing).rejects.toThrow('the templates do not compile');
    expect(readdirSync(parent)).toEqual([]);
  });

  it('removes the folders made longest ago beyond the number kept', async () => {
    const { parent, names } = await compiles(10);
    await compile(parent, 'new');
    expect(names.filter((name) => existsSync(join(parent, name)))).toEqual(names.slice(3));
  });

  it('keeps the folder a build last loaded from, however many were made after it', async () => {
    const { parent, names } = await compiles(10);
    await compile(parent, '0');
    await compile(parent, 'new');
    expect(existsSync(join(parent, names[0]!))).toBe(true);
    expect(names.filter((name) => !existsSync(join(parent, name)))).toEqual(names.slice(1, 4));
  });
});

describe('the atomic write', () => {
  it('writes parts one after the other, and replaces what stood there, even a folder', async () => {
    const dir = await scratchDir('atomic-');
    const file = join(dir, 'sealed.v8');
    mkdirSync(join(file, 'inside'), { recursive: true });
    const big = Buffer.alloc(3 * 2 ** 20, 7);
    writeFileAtomic(file, [Buffer.from('head\n'), big, new Uint8Array([1, 2, 3])]);
    // Compared as bytes: a deep equality of 3 MB takes seconds.
    expect(readFileSync(file).equals(Buffer.concat([Buffer.from('head\n'), big, Buffer.from([1, 2, 3])]))).toBe(true);
    writeFileAtomic(file, 'text');
    expect(readFileSync(file, 'utf8')).toBe('text');
    expect(readdirSync(dir)).toEqual(['sealed.v8']);
  });
});
