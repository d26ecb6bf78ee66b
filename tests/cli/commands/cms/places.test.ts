import { mkdir, readdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localBackend } from '../../../../cli/commands/cms/backend.ts';
import { contentFiles } from '../../../../cli/commands/cms/files.ts';
import { editorPlaces, Refused } from '../../../../cli/commands/cms/places.ts';
import { collections, pathIn } from '../../../../cli/site/collections.ts';
import { photoRef } from '../../../../cli/site/schema/common.ts';
import { contentDir, scratchDir } from '../../../helpers.ts';

const places = editorPlaces('content');

/** The status and message `check` is refused with. */
function refusal(check: () => unknown): { status: number; message: string } {
  try {
    check();
  } catch (error) {
    if (error instanceof Refused) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('it was not refused');
}

describe('what the editor may read and write', () => {
  it("takes every collection's files with their extension, and photos under content/photos", () => {
    for (const { files } of collections) {
      const at = `content/${pathIn(files, 'es')}`;
      const path = 'file' in files ? at : `${at}/una-entrada.${files.extension}`;
      expect(places.entry(path).path, path).toBe(path);
      if ('folder' in files) expect(places.folder(at, files.extension).parts).toEqual(at.split('/').slice(1));
    }
    expect(places.photo('content/photos/reforma-javea/antes.jpg').parts).toEqual(['photos', 'reforma-javea', 'antes.jpg']);
    expect(places.media('content/photos')).toEqual(['photos']);
  });

  it('refuses paths outside the collections, with a 4xx and a message that names the path', () => {
    for (const [path, status] of [
      ['.git/config', 403],
      ['content/../package.json', 403],
      ['/etc/passwd', 403],
      ['content//blog/es/x.md', 403],
      ['content/./site.yaml', 403],
      ['content\\..\\package.json', 403],
      ['content/blog/es/x\0.md', 400],
      ['content/photos/x.html', 422],
      ['content/images/x.svg', 403],
      ['content/zz.js', 403],
      ['content/blog/es/x.html', 422],
      ['content/blog/es/.oculto.md', 422],
      ['content/projects/sub/x.yaml', 403],
      [`content/blog/es/${'a'.repeat(120)}.md`, 422],
    ] as const) {
      const { status: got, message } = refusal(() => places.entry(path));
      expect(got, path).toBe(status);
      expect(message, path).toContain(`«${JSON.stringify(path).slice(1, -1).slice(0, 40)}`);
    }
    for (const value of [{ path: 'content/site.yaml' }, ['content/site.yaml'], 42, null, undefined, ''])
      expect(refusal(() => places.entry(value)).status).toBe(400);
    expect(refusal(() => places.media('.')).status).toBe(403);
    expect(refusal(() => places.folder('content/blog/es', 'yaml')).status).toBe(403);
    expect(refusal(() => places.folder('content', 'md')).status).toBe(403);
    expect(refusal(() => places.photo(`content/photos/${'f'.repeat(101)}.jpg`)).message).toMatch(/como mucho 100/);
    expect(refusal(() => places.photo('content/photos/foto de la obra.jpg')).message).toMatch(/no vale como nombre de foto/);
  });
});

describe("the editor's files", () => {
  async function contentWithLinks() {
    const root = await scratchDir('cms-files-');
    const content = join(root, 'content');
    await mkdir(join(content, 'photos'), { recursive: true });
    await mkdir(join(content, 'reviews'), { recursive: true });
    await mkdir(join(root, 'outside'));
    await writeFile(join(root, 'outside/secret.yaml'), 'secret: true\n');
    await symlink('../../outside/secret.yaml', join(content, 'reviews/enlace.yaml'));
    await symlink('../../outside', join(content, 'photos/fuera'));
    return { root, content, files: contentFiles(content) };
  }

  it('reads, writes and deletes through no link, wherever it leads', async () => {
    const { root, content, files } = await contentWithLinks();
    const link = /pasa por un enlace/;
    await expect(files.read(places.entry('content/reviews/enlace.yaml'), 1e6)).rejects.toThrow(link);
    await expect(files.write(places.entry('content/reviews/enlace.yaml'), 'x: 1\n')).rejects.toThrow(link);
    await expect(files.remove([places.entry('content/reviews/enlace.yaml')])).rejects.toThrow(link);
    await expect(files.read(places.photo('content/photos/fuera/secret.jpg'), 1e6)).rejects.toThrow(link);
    await expect(files.write(places.photo('content/photos/fuera/nueva.jpg'), 'x')).rejects.toThrow(link);
    expect(await readFile(join(root, 'outside/secret.yaml'), 'utf8')).toBe('secret: true\n');
    expect(await readlink(join(content, 'reviews/enlace.yaml'))).toBe('../../outside/secret.yaml');
    expect(await files.list(['reviews'], 'content/reviews')).toEqual([]);
  });

  it('writes a whole file in place, refuses a rename onto an existing one, and deletes all or nothing', async () => {
    const { content, files } = await contentWithLinks();
    const review = places.entry('content/reviews/ana.yaml');
    await files.write(review, 'author: Ana\n');
    expect(await files.read(review, 1e6)).toEqual(Buffer.from('author: Ana\n'));
    await expect(files.write(review, 'author: Eva\n', { fresh: true })).rejects.toThrow(/Ya hay un archivo/);
    expect(await files.list(['reviews'], 'content/reviews')).toEqual(['ana.yaml']);
    await expect(files.remove([review, places.photo('content/photos/fuera/x.jpg')])).rejects.toThrow(/enlace/);
    expect(await readFile(join(content, 'reviews/ana.yaml'), 'utf8')).toBe('author: Ana\n');
    await files.remove([review, places.entry('content/reviews/nunca-hubo.yaml')]);
    expect(await files.read(review, 1e6)).toBeUndefined();
  });

  it("lists only photos in the editor's media library: no README, note or hidden file among them", async () => {
    const { content, files } = await contentWithLinks();
    await mkdir(join(content, 'photos/obra'));
    for (const name of ['antes.jpg', 'IMG_0001.HEIC', 'README.md', 'notas.txt', '.DS_Store', 'obra/despues.webp'])
      await writeFile(join(content, 'photos', name), 'bytes');
    const backend = localBackend({ places, files, repository: 'content' });
    const media = (await backend({ action: 'getMedia', params: { mediaFolder: 'content/photos' } })) as { path: string }[];
    expect(media.map((m) => m.path).sort()).toEqual(['content/photos/IMG_0001.HEIC', 'content/photos/antes.jpg']);
  });

  it("keeps only photos in the site's own content/photos, which GitHub's media library lists as it is", async () => {
    const held = await readdir(join(contentDir, 'photos'), { recursive: true }).catch(() => []);
    const photos = await Promise.all(
      held.map(async (name) => ((await stat(join(contentDir, 'photos', name))).isDirectory() ? [] : [name])),
    );
    expect(photos.flat().filter((name) => !photoRef.safeParse(name).success)).toEqual([]);
  });
});
