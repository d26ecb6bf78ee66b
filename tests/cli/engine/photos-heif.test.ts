import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { inspectPhotos } from '../../../cli/engine/photos/inspect.ts';
import type { ContentIssue } from '../../../cli/site/issues.ts';
import { editFile, repoRoot, scratchDir, sitegen, workedExampleDir } from '../../helpers.ts';
import { heicGrid } from './heic-grid.ts';

// HEIF files measured from their boxes before a decoder reads them (cli/engine/photos/heif.ts).
const MB = 2 ** 20;
/** 800 × 600 px, turned portrait (tests/fixtures/phone-photo/make-phone-heic.mjs). */
const phonePath = join(repoRoot, 'tests/fixtures/phone-photo/phone.heic');
/** 2048 × 2048 px of sky in 2 KB (tests/fixtures/heic-tile/make-tile-heic.mjs). */
const tilePath = join(repoRoot, 'tests/fixtures/heic-tile/tile.heic');

/** 15 × 15 tiles of 2048 px sharing one 2 KB of coded data: 12 KB that decode to 30720 × 30720 px, while the grid states 4000 × 3000. */
const bomb = async () => heicGrid(await readFile(tilePath), { rows: 15, columns: 15, stated: { width: 4000, height: 3000 } });

/** phone.heic with its coded image data zeroed: its boxes are sound, its HEVC data decodes to nothing. */
async function undecodable(): Promise<Buffer> {
  const bytes = await readFile(phonePath);
  const iloc = bytes.indexOf('iloc', 0, 'latin1') - 4;
  const [offset, length] = [bytes.readUInt32BE(iloc + 20) + bytes.readUInt32BE(iloc + 26), bytes.readUInt32BE(iloc + 30)];
  return Buffer.from(bytes).fill(0, offset + 4, offset + length);
}

describe('a build given a HEIC decompression bomb', () => {
  it('refuses it at its file, before decoding it, in under 2 s of CPU and 300 MB', { timeout: 120_000 }, async () => {
    const work = await scratchDir('heic-bomb-');
    const content = join(work, 'content');
    await cp(workedExampleDir, content, { recursive: true });
    await writeFile(join(content, 'photos', 'bomba.heic'), await bomb());
    const phone = await readFile(phonePath);
    await writeFile(join(content, 'photos', 'cortada.heic'), phone.subarray(0, phone.length - 600));
    await writeFile(join(content, 'photos', 'rota.heic'), await undecodable());
    await editFile(content, 'projects/renovacion-piscina-javea.yaml', (text) =>
      text
        .replace('file: piscina-javea-antes.jpg', 'file: bomba.heic')
        .replace('file: piscina-javea-despues.jpg', 'file: cortada.heic')
        .replace('file: piscina-javea-gresite.jpg', 'file: rota.heic'),
    );
    await sitegen('--help'); // compiles the command line first, if its sources changed: not part of the build

    const usageFile = join(work, 'usage.json');
    const build = spawn(
      process.execPath,
      [
        '--require',
        join(repoRoot, 'tests/usage-probe.cjs'),
        join(repoRoot, 'cli/bin.cjs'),
        'build',
        '--no-cache',
        '--content',
        content,
        '--out',
        join(work, 'dist'),
      ],
      { env: { ...process.env, USAGE_FILE: usageFile }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    build.stdout.on('data', (chunk: Buffer) => (output += chunk));
    build.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const code = await new Promise((resolve) => build.on('close', resolve));

    expect(code, output).toBe(1);
    const at = (name: string) => join(content, 'photos', name);
    expect(output).toContain(
      `${at('bomba.heic')}  is a grid of 30720 × 30720 px (943.7 megapixels); photos may be at most 40 megapixels (E_PHOTO_TOO_MANY_PIXELS)\n` +
        '  hint: export it at most 4000 px wide (about 12 megapixels)\n',
    );
    expect(output).toContain(
      `${at('cortada.heic')}  cannot be read as an image (the file is cut short: it ends after 1905 bytes, its own index needs 2505) (E_PHOTO_UNREADABLE)\n` +
        '  hint: export it again as JPEG\n',
    );
    expect(output).toContain(
      `${at('rota.heic')}  is damaged: its image data cannot be decoded (Decoding image failed: Decoder plugin generated an error: Unspecified: Decoding the input data did not give a decompressed image.) (E_PHOTO_DAMAGED)\n`,
    );
    // libheif's own report of the failure, a raw object dump, is not printed.
    expect(output).not.toMatch(/heif_image_handle|subcode/);
    const usage = JSON.parse(await readFile(usageFile, 'utf8')) as { rssBytes: number; cpuMs: number };
    expect(usage.rssBytes).toBeLessThan(300 * MB);
    expect(usage.cpuMs).toBeLessThan(2000);
  });
});

describe('inspecting a HEIF photo', () => {
  let photosDir: string;
  const inspect = async (files: Record<string, Buffer>) => {
    for (const [name, bytes] of Object.entries(files)) await writeFile(join(photosDir, name), bytes);
    const issues: ContentIssue[] = [];
    const photos = await inspectPhotos(
      photosDir,
      Object.keys(files).map((name) => ({ name, report: () => issues.push({ file: name, code: 'missing', message: '', hint: '' }) })),
      issues,
    );
    return { photos, issues };
  };
  /** The one problem inspecting `bytes` as the photo `name` finds: at its file, and no photo. */
  const refusal = async (name: string, bytes: Buffer) => {
    const { photos, issues } = await inspect({ [name]: bytes });
    expect(photos.size).toBe(0);
    expect(issues.map((issue) => issue.file)).toEqual([join(photosDir, name)]);
    return issues[0];
  };
  beforeAll(async () => {
    photosDir = join(await scratchDir('heif-'), 'content', 'photos');
    await mkdir(photosDir, { recursive: true });
  });

  it('counts every tile, whatever size the grid gives its picture', async () => {
    // The grid's picture is 4000 × 3000 px, as its ispe says too; its 225 tiles of 2048 px each are decoded all the same.
    const tiles = heicGrid(await readFile(tilePath), { rows: 15, columns: 15, output: { width: 4000, height: 3000 } });
    expect(await refusal('teselas.heic', tiles)).toMatchObject({
      code: 'E_PHOTO_TOO_MANY_PIXELS',
      message: 'is made of 225 coded images (tiles) of 943.7 megapixels in all; photos may be at most 40 megapixels',
      hint: 'export it at most 4000 px wide (about 12 megapixels)',
    });
  });

  it('refuses a grid that states a size other than its tiles make', async () => {
    const lying = heicGrid(await readFile(phonePath), { rows: 2, columns: 2, stated: { width: 1000, height: 750 } });
    expect(await refusal('mentira.heic', lying)).toMatchObject({
      code: 'E_PHOTO_UNREADABLE',
      message: 'cannot be read as an image (its grid image (item 1) states 1000 × 750 px, but its grid makes 1600 × 1200 px)',
      hint: 'export it again as JPEG',
    });
  });

  it('accepts an honest grid, as phones save large photos', async () => {
    const grid = heicGrid(await readFile(phonePath), { rows: 2, columns: 2 });
    const { photos, issues } = await inspect({ 'rejilla.heic': grid });
    expect(issues).toEqual([]);
    expect(photos.get('rejilla.heic')).toMatchObject({ width: 1600, height: 1200 });
  });

  it("gives libheif's reason for data it cannot decode, and prints nothing", async () => {
    const log = vi.spyOn(console, 'log');
    const error = vi.spyOn(console, 'error');
    try {
      expect(await refusal('rota.heic', await undecodable())).toMatchObject({
        code: 'E_PHOTO_DAMAGED',
        message:
          'is damaged: its image data cannot be decoded (Decoding image failed: Decoder plugin generated an error: Unspecified: Decoding the input data did not give a decompressed image.)',
        hint: 'copy it again from the camera, or export it again as JPEG',
      });
      expect(log).not.toHaveBeenCalled();
      expect(error).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  });
});
