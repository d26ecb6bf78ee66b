import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { digest } from '../../../cli/support/files.cjs';
import { buildSite } from '../../../cli/engine/build-site.ts';
import type { Manifest } from '../../../cli/engine/incremental/cache.ts';
import { copyContent, scratchDir, snapshot } from '../../helpers.ts';

let content: string;
let work: string;
let clean: Map<string, string>;
const out = () => join(work, 'dist');
const cache = () => join(work, '.cache');

/** Builds incrementally; returns what it warned. */
async function build(): Promise<string[]> {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    await buildSite({ content, out: out(), cache: cache() });
    return warn.mock.calls.map((call) => String(call[0]));
  } finally {
    warn.mockRestore();
  }
}

/** The output must be a clean build's, byte for byte. */
async function expectClean(): Promise<void> {
  const now = await snapshot(out());
  expect([...now.keys()]).toEqual([...clean.keys()]);
  for (const [file, bytes] of clean) expect(now.get(file), file).toBe(bytes);
}

/** Every file of the cache, by kind: the manifest, content shards, packs of Markdown HTML and their index. */
async function cacheFiles(): Promise<Record<'manifest' | 'shard' | 'markdown' | 'markdown index', string[]>> {
  const files = (await readdir(cache(), { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
  return {
    manifest: files.filter((f) => f.endsWith('build.v8')),
    shard: files.filter((f) => f.includes('/content/')),
    markdown: files.filter((f) => f.includes('/markdown/') && !f.endsWith('index.v8')),
    'markdown index': files.filter((f) => f.includes('/markdown/') && f.endsWith('index.v8')),
  };
}

/**
 * A pack of Markdown HTML is read only when a page shows one of its texts: removing the output
 * folder makes the next build render every page, and so read `pack`.
 */
async function shown(pack: string): Promise<string> {
  await rm(out(), { recursive: true, force: true });
  return pack;
}

/** A small deterministic generator, so a failing trial can be replayed. */
function random(seed: number): () => number {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** `data` sealed as the builder seals a cache file (sealed.ts). */
function seal(data: unknown): Buffer {
  const body = serialize(data);
  return Buffer.concat([Buffer.from(`${digest(body)}\n`), body]);
}

/** Damages the cache with `damage`, then expects a clean site, a note naming what was damaged, and a quiet next build. */
async function survives(damage: () => Promise<string>): Promise<void> {
  const damaged = await damage();
  const notes = await build();
  await expectClean();
  expect(notes.join('\n')).toContain(damaged);
  expect(
    notes.every((n) => /was damaged \(.*\); it is ignored and rebuilt$/.test(n)),
    notes.join('\n'),
  ).toBe(true);
  expect(await build()).toEqual([]);
  await expectClean();
}

beforeAll(async () => {
  content = await copyContent();
  work = await scratchDir('cache-damage-');
  const reference = join(work, 'reference');
  await buildSite({ content, out: reference, cache: false });
  clean = await snapshot(reference);
  expect(await build()).toEqual([]);
}, 60_000);

describe('a damaged build cache', { timeout: 60_000 }, () => {
  it('is never trusted when a pack of Markdown HTML is edited into valid, poisoned data', async () => {
    const [entry] = (await cacheFiles()).markdown;
    const bytes = await readFile(entry!);
    const newline = bytes.indexOf(10);
    const pack = deserialize(bytes.subarray(newline + 1)) as Record<string, string>;
    const [hash] = Object.keys(pack);
    pack[hash!] = pack[hash!]!.replace('<p>', '<p>CACHE-POISON');
    // The old seal before the new data.
    await writeFile(entry!, Buffer.concat([bytes.subarray(0, newline + 1), serialize(pack)]));
    const poisoned = await readFile(entry!);
    expect(Object.values(deserialize(poisoned.subarray(newline + 1)) as Record<string, string>).join()).toContain('CACHE-POISON');
    await survives(() => shown(entry!));
  });

  it('is never trusted after one byte flips anywhere in any kind of cache file', async () => {
    const next = random(7);
    for (const kind of ['manifest', 'shard', 'markdown', 'markdown index', 'shard', 'markdown', 'manifest'] as const) {
      const files = (await cacheFiles())[kind];
      const file = files[Math.floor(next() * files.length)]!;
      const bytes = await readFile(file);
      const at = Math.floor(next() * bytes.length);
      bytes[at] = bytes[at]! ^ (1 + Math.floor(next() * 255));
      await writeFile(file, bytes);
      await survives(async () => (kind === 'markdown' ? shown(file) : file));
    }
  });

  it('is never trusted when a sealed file holds data of the wrong types', async () => {
    const {
      manifest,
      shard,
      markdown,
      'markdown index': [index],
    } = await cacheFiles();
    await survives(async () => (await writeFile(markdown[0]!, seal({ html: 42 })), shown(markdown[0]!)));
    await survives(async () => (await writeFile(index!, seal({ pack: 'all' })), index!));
    await survives(async () => (await writeFile(shard[0]!, seal({ version: 1, entries: [] })), shard[0]!));
    await survives(async () => (await writeFile(manifest[0]!, seal({ version: 'x', keys: 'all' })), manifest[0]!));
    // Of this version and well typed, but a page's keys are not a list of indexes into the key
    // table: one past its end, a negative or fractional one, one as text, the list as text.
    const firstPageReads = (deps: (keys: number) => unknown) => async () => {
      const bytes = await readFile(manifest[0]!);
      const data = deserialize(bytes.subarray(bytes.indexOf(10) + 1)) as { keys: string[]; pages: Map<string, { deps: unknown }> };
      data.pages.values().next().value!.deps = deps(data.keys.length);
      await writeFile(manifest[0]!, seal(data));
      return manifest[0]!;
    };
    for (const deps of [
      (keys: number) => Uint32Array.from([0, keys]),
      (keys: number) => [0, keys],
      () => [0, -1],
      () => [0, 1.5],
      () => [0, '1'],
      () => '0,1',
    ]) {
      await survives(firstPageReads(deps));
    }
  }, 300_000); // nine damaged caches, two builds each: over a minute on a busy machine

  it('is never trusted when build.v8 holds the columns an older builder wrote', async () => {
    const [file] = (await cacheFiles()).manifest;
    await survives(async () => {
      const bytes = await readFile(file!);
      const { pages, outputs, ...rest } = deserialize(bytes.subarray(bytes.indexOf(10) + 1)) as Manifest;
      const columns = {
        ...rest,
        pages: {
          files: [...pages.keys()],
          bases: [...pages.values()].map((p) => p.base),
          deps: [...pages.values()].map((p) => p.deps.join(',')),
        },
        outputs: {
          files: [...outputs.keys()],
          hashes: [...outputs.values()].map((o) => o.hash),
          sizes: [...outputs.values()].map((o) => o.size),
          mtimes: [...outputs.values()].map((o) => o.mtimeMs),
        },
      };
      await writeFile(file!, seal(columns));
      return file!;
    });
  });

  it('is reported once even where the build has nothing to write in its place', async () => {
    const shards = await readdir(join(cache(), 'content'));
    const unused = Array.from({ length: 16 }, (_, i) => `${i.toString(16)}.v8`).find((name) => !shards.includes(name))!;
    await survives(async () => (await writeFile(join(cache(), 'content', unused), 'garbage'), join(cache(), 'content', unused)));
  });

  it('is replaced when the cache folder is a file, or build.v8 a folder', async () => {
    await survives(async () => {
      await rm(cache(), { recursive: true });
      await writeFile(cache(), 'not a folder');
      return cache();
    });
    await survives(async () => {
      await rm(join(cache(), 'build.v8'));
      await mkdir(join(cache(), 'build.v8', 'inside'), { recursive: true });
      return join(cache(), 'build.v8');
    });
  });
});
