import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepNewest, markUsed, writeFileAtomic } from '../../cli/files.cjs';
import { scratchDir } from '../helpers.ts';

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

describe('pruning compiled folders', () => {
  it('removes the folders made longest ago beyond the number kept', async () => {
    const { parent, names } = await compiles(10);
    keepNewest(parent, 'templates-', 8);
    expect(names.filter((name) => existsSync(join(parent, name)))).toEqual(names.slice(2));
  });

  it('keeps the folder a build last loaded from, however many were made after it', async () => {
    const { parent, names } = await compiles(10);
    markUsed(join(parent, names[0]!));
    keepNewest(parent, 'templates-', 8);
    expect(existsSync(join(parent, names[0]!))).toBe(true);
    expect(names.filter((name) => !existsSync(join(parent, name)))).toEqual(names.slice(1, 3));
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
