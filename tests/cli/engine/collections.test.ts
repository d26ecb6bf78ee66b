import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../cli/engine/content.ts';
import type { ParsedFiles } from '../../../cli/engine/load/parse.ts';
import { collections, collectionsOf, imagesFolder, languagesOf, pathIn, photosFolder } from '../../../cli/site/collections.ts';
import { contentDir, workedExampleDir } from '../../helpers.ts';

/** Every file the loader read from a content folder but photos and illustrations (media, not entries), by its path there with `/`. */
async function filesRead(dir: string): Promise<string[]> {
  const next: ParsedFiles = new Map();
  await loadContent(dir, { parsed: { previous: new Map(), next } });
  const files = [...next.keys()].map((file) => file.split(sep).join('/'));
  return files.filter((file) => !file.startsWith(`${photosFolder}/`) && !file.startsWith(`${imagesFolder}/`)).sort();
}

describe('content collections', () => {
  for (const [name, dir] of [
    ['the real content', contentDir],
    ['the worked example', workedExampleDir],
  ] as const) {
    it(`puts every file the loader reads from ${name} in exactly one collection`, async () => {
      const files = await filesRead(dir);
      expect(files.length).toBeGreaterThan(10);
      const owners = files.map((file) => ({ file, collections: collectionsOf(file).map((c) => c.name) }));
      expect(owners.filter((owner) => owner.collections.length !== 1)).toEqual([]);
    });
  }

  it('names files and folders the real content has, each kind once', async () => {
    const files = await filesRead(contentDir);
    const used = new Set(files.flatMap((file) => collectionsOf(file).map((c) => c.name)));
    const { languages } = (await loadContent(contentDir)).site;
    // Jobs and reviews ship empty on purpose (only the company can supply them): their folders exist.
    for (const { name, files: where } of collections) {
      for (const lang of languagesOf(where, languages))
        expect(existsSync(`${contentDir}/${pathIn(where, lang ?? languages[0]!)}`), name).toBe(true);
    }
    expect([...used].sort()).toEqual(
      collections
        .map((c) => c.name)
        .filter((n) => n !== 'projects' && n !== 'reviews')
        .sort(),
    );
    expect(new Set(collections.map((c) => c.name)).size).toBe(collections.length);
  });

  it('takes no file outside its folder, of another extension or in a subfolder', () => {
    expect(collectionsOf('projects/a.yaml').map((c) => c.name)).toEqual(['projects']);
    expect(collectionsOf('projects/README.md')).toEqual([]);
    expect(collectionsOf('projects/old/a.yaml')).toEqual([]);
    expect(collectionsOf('blog/en/a.md').map((c) => c.name)).toEqual(['posts']);
    expect(collectionsOf('blog/es/old/a.md')).toEqual([]);
    expect(collectionsOf('i18n/en.yaml').map((c) => c.name)).toEqual(['strings']);
    expect(collectionsOf('published-urls.txt')).toEqual([]);
  });

  it("takes a file of any language code as its collection's, the build naming a language the site does not list", () => {
    expect(collectionsOf('blog/fr/a.md').map((c) => c.name)).toEqual(['posts']);
    expect(collectionsOf('legal/de/aviso.md').map((c) => c.name)).toEqual(['legal']);
    expect(collectionsOf('i18n/de.yaml').map((c) => c.name)).toEqual(['strings']);
    // A folder or file not named as a language code is no language's.
    expect(collectionsOf('blog/english/a.md')).toEqual([]);
    expect(collectionsOf('blog/EN/a.md')).toEqual([]);
    expect(collectionsOf('i18n/strings.yaml')).toEqual([]);
  });
});
