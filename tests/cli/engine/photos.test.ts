import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, readFile, symlink, truncate, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodePhotos, photosEncodedIn } from '../../../cli/engine/photos/encode.ts';
import { inspectPhotos, type PhotoUse } from '../../../cli/engine/photos/inspect.ts';
import { encoderVersion, planVariants, variantsOf } from '../../../cli/engine/photos/plan.ts';
import { writeOutputs } from '../../../cli/engine/write/publish.ts';
import { digest } from '../../../cli/support/files.cjs';
import { ContentError, type ContentIssue } from '../../../cli/site/issues.ts';
import { errors } from '../../../cli/site/errors.ts';
import { photoFormats, type Photo } from '../../../cli/site/model.ts';
import { repoRoot, scratchDir, workedExampleDir } from '../../helpers.ts';

const serial = 'SN-4417-PRIVATE';

/**
 * A camera's JPEG, 1000 × 750 px as stored: a scene with a red corner at the stored top left,
 * camera make and serial, GPS position, XMP, a Display P3 profile, and `orientation`.
 */
async function cameraJpeg(orientation = 1, width = 1000, height = 750): Promise<Buffer> {
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="#3a7bd5"/><stop offset="1" stop-color="#f5e6c8"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/><rect y="${height * 0.6}" width="100%" height="${height * 0.4}" fill="#7a9a54"/>
    <circle cx="${width * 0.7}" cy="${height * 0.3}" r="${height * 0.1}" fill="#ffd34d"/><rect width="100" height="100" fill="#ff0000"/></svg>`;
  return sharp(Buffer.from(scene))
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'Acme', Model: 'Pro 1', Software: serial },
      IFD2: { BodySerialNumber: serial },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 47/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '0/1 9/1 45/1' },
    })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>${serial}</rdf:Description></rdf:RDF></x:xmpmeta>`,
    )
    .withMetadata({ orientation })
    .jpeg()
    .toBuffer();
}

/** A HEIC file whose image data no decoder can read: the container of an AVIF, naming the HEVC codec instead. */
async function heic(): Promise<Buffer> {
  const avif = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#888' } })
    .avif()
    .toBuffer();
  const at = (box: string) => avif.indexOf(box, 0, 'latin1') - 4;
  const av1C = at('av1C');
  const hvcC = Buffer.alloc(8 + 23);
  hvcC.writeUInt32BE(hvcC.length, 0);
  hvcC.write('hvcC', 4, 'latin1');
  hvcC[8] = 1; // configuration version
  hvcC[29] = 3; // NAL length size − 1, and no parameter sets
  const grow = hvcC.length - avif.readUInt32BE(av1C);
  const bytes = Buffer.concat([avif.subarray(0, av1C), hvcC, avif.subarray(av1C + avif.readUInt32BE(av1C))]);
  for (const box of ['meta', 'iprp', 'ipco']) bytes.writeUInt32BE(bytes.readUInt32BE(at(box)) + grow, at(box));
  return Buffer.from(bytes.toString('latin1').replaceAll('av01', 'hvc1').replaceAll('avif', 'heic'), 'latin1');
}

let root: string;
let photosDir: string;
const uses = (...names: string[]) => {
  const reported: string[] = [];
  return { reported, uses: names.map((name): PhotoUse => ({ name, report: () => reported.push(name) })) };
};
async function inspect(names: string[], isCached?: (photo: Photo) => boolean) {
  const issues: ContentIssue[] = [];
  const { reported, uses: list } = uses(...names);
  const photos = await inspectPhotos(photosDir, list, issues, { isCached });
  return { photos, issues, reported };
}
async function encode(photos: Photo[], cacheDir: string) {
  const warnings: string[] = [];
  const progress: string[] = [];
  const result = await encodePhotos(photos, cacheDir, { warn: (m) => warnings.push(m), progress: (s) => progress.push(s) });
  return { ...result, warnings, progress };
}
const pixelAt = async (bytes: Buffer, left: number, top: number) =>
  [...(await sharp(bytes).extract({ left, top, width: 1, height: 1 }).removeAlpha().raw().toBuffer())] as number[];

beforeAll(async () => {
  root = await scratchDir('photos-');
  photosDir = join(root, 'content', 'photos');
  await mkdir(join(photosDir, 'obra'), { recursive: true });
  await writeFile(join(photosDir, 'obra', 'Salón Antes.jpg'), await cameraJpeg(1));
  await writeFile(join(photosDir, 'obra', 'retrato.jpg'), await cameraJpeg(6));
});

describe('planVariants', () => {
  it('names the files of a photo in at most 81 characters, however long its name', () => {
    const variants = variantsOf({ variants: planVariants(`obra/${'Baño '.repeat(40)}.jpg`, 'h', 1600, 1200) } as Photo);
    for (const { path } of variants) expect(path.split('/').at(-1)!.length, path).toBeLessThanOrEqual(81);
    expect(variants[0]!.path).toMatch(/^\/assets\/photos\/(bano-){11}bano-480\.[0-9a-f]{10}\.avif$/);
  });

  it('offers the standard widths no larger than the source, its own width, and keeps the aspect ratio', () => {
    const widths = (width: number, height = 1000) => planVariants('a.jpg', 'h', width, height).jpeg.map((v) => [v.width, v.height]);
    expect(widths(3000, 2000)).toEqual([
      [480, 320],
      [800, 533],
      [1200, 800],
      [1600, 1067],
    ]);
    expect(widths(1600).map(([w]) => w)).toEqual([480, 800, 1200, 1600]);
    expect(widths(1000, 750)).toEqual([
      [480, 360],
      [800, 600],
      [1000, 750],
    ]);
    expect(widths(480).map(([w]) => w)).toEqual([480]);
  });

  it('names each file by the photo, its width and a key of everything its bytes depend on', () => {
    const variants = planVariants('obra/Salón Antes.JPG', 'hash-1', 1000, 750);
    for (const format of photoFormats)
      for (const v of variants[format]) expect(v.path).toMatch(/^\/assets\/photos\/salon-antes-\d+\.[0-9a-f]{10}\.\w+$/);
    expect(variants.avif[0]!.path).toMatch(/-480\.\w+\.avif$/);
    expect(variants.jpeg[0]!.path).toMatch(/\.jpg$/);
    expect(planVariants('obra/Salón Antes.JPG', 'hash-1', 1000, 750)).toEqual(variants);
    expect(planVariants('obra/Salón Antes.JPG', 'hash-2', 1000, 750).webp[0]!.path).not.toBe(variants.webp[0]!.path);
  });

  it('keys the names to the installed encoder, so an upgrade renames every file', () => {
    expect(encoderVersion).toBe(`sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`);
  });
});

describe('inspectPhotos', () => {
  it('takes a photo the previous build inspected as it was while its file keeps its size and times, and reads it again once touched', async () => {
    const parsed = { previous: new Map(), next: new Map() };
    const first = await inspectPhotos(photosDir, uses('obra/retrato.jpg').uses, [], { parsed });
    const entry = parsed.next.get(join('photos', 'obra', 'retrato.jpg'));
    expect(entry).toMatchObject({ hash: first.get('obra/retrato.jpg')!.source.hash, data: { width: 750, height: 1000 } });

    // A hash no read could give back: the photo taken from the entry is not read again.
    const previous = new Map([[join('photos', 'obra', 'retrato.jpg'), { ...entry, hash: 'recorded' }]]);
    const warm = await inspectPhotos(photosDir, uses('obra/retrato.jpg').uses, [], { parsed: { previous, next: new Map() } });
    expect(warm.get('obra/retrato.jpg')).toMatchObject({ source: { hash: 'recorded' }, width: 750, height: 1000 });

    await utimes(join(photosDir, 'obra', 'retrato.jpg'), new Date(), new Date('2026-01-02'));
    const touched = await inspectPhotos(photosDir, uses('obra/retrato.jpg').uses, [], { parsed: { previous, next: new Map() } });
    expect(touched.get('obra/retrato.jpg')!.source.hash).toBe(first.get('obra/retrato.jpg')!.source.hash);
  });

  it('measures each photo once its orientation is applied', async () => {
    const { photos, issues } = await inspect(['obra/Salón Antes.jpg', 'obra/retrato.jpg', 'obra/retrato.jpg']);
    expect(issues).toEqual([]);
    expect(photos.get('obra/Salón Antes.jpg')).toMatchObject({ width: 1000, height: 750 });
    expect(photos.get('obra/retrato.jpg')).toMatchObject({ width: 750, height: 1000 });
    expect(photos.get('obra/retrato.jpg')!.variants.jpeg.map((v) => [v.width, v.height])).toEqual([
      [480, 640],
      [750, 1000],
    ]);
  });

  it('reports every bad photo together, each at its file or where it is named', async () => {
    const bad = join(photosDir, 'bad');
    await mkdir(bad, { recursive: true });
    const good = await cameraJpeg();
    await writeFile(join(bad, 'corrupt.jpg'), Buffer.from('this is not a photo'));
    await writeFile(join(bad, 'truncated.jpg'), good.subarray(0, good.length / 2));
    await writeFile(join(bad, 'narrow.jpg'), await sharp(good).resize(320).toBuffer());
    await writeFile(
      join(bad, 'huge.jpg'),
      await sharp({ create: { width: 8000, height: 5100, channels: 3, background: '#777' } })
        .jpeg()
        .toBuffer(),
    );
    await writeFile(join(bad, 'heavy.jpg'), good);
    await truncate(join(bad, 'heavy.jpg'), 31 * 2 ** 20);
    await writeFile(join(bad, 'phone.heic'), await heic());
    await writeFile(join(root, 'secret.jpg'), good);
    await symlink(join(root, 'secret.jpg'), join(bad, 'link.jpg'));

    const names = ['corrupt', 'truncated', 'narrow', 'huge', 'heavy', 'link', 'missing'].map((n) => `bad/${n}.jpg`);
    const { photos, issues, reported } = await inspect([...names, 'bad/phone.heic', 'obra/retrato.jpg']);
    const about = (name: string) => issues.filter((i) => i.file === join(photosDir, 'bad', name)).map((i) => `${i.message} | ${i.hint}`);
    expect(about('corrupt.jpg')).toEqual([expect.stringMatching(/^cannot be read as an image \(.+\) \| export it again as JPEG$/)]);
    // libvips's reason ("premature end of JPEG file") is per thread and can be lost when decodes run at once.
    expect(about('truncated.jpg')).toEqual([
      expect.stringMatching(/^is damaged: its image data cannot be decoded \(.+\) \| copy it again/),
    ]);
    expect(about('narrow.jpg')).toEqual([
      expect.stringMatching(/^is 320 px wide; photos must be at least 480 px wide to look sharp on phones \| use the original/),
    ]);
    expect(about('huge.jpg')).toEqual([
      'is 8000 × 5100 px (40.8 megapixels); photos may be at most 40 megapixels | export it at most 4000 px wide (about 12 megapixels)',
    ]);
    expect(about('heavy.jpg')).toEqual([
      expect.stringMatching(/^is 31\.0 MB; photos may be at most 30 MB \| export it at most 4000 px wide/),
    ]);
    expect(about('phone.heic')).toEqual([expect.stringMatching(/^is damaged: its image data cannot be decoded \(.+\) \| copy it again/)]);
    expect(about('link.jpg')).toEqual([
      expect.stringMatching(/^is a link to .*secret\.jpg, outside the content folder \| copy what it points at into content\/ instead$/),
    ]);
    expect(reported).toEqual(['bad/missing.jpg']);
    expect(issues).toHaveLength(7);
    expect([...photos.keys()]).toEqual(['obra/retrato.jpg']);
  });

  it('does not decode again a photo already encoded', async () => {
    const good = await cameraJpeg();
    await writeFile(join(photosDir, 'cut.jpg'), good.subarray(0, good.length - 2000));
    expect((await inspect(['cut.jpg'])).issues).toHaveLength(1);
    expect((await inspect(['cut.jpg'], () => true)).issues).toEqual([]);
  });
});

describe('encodePhotos', () => {
  let cacheDir: string;
  let photos: Photo[];
  let first: Awaited<ReturnType<typeof encode>>;
  const read = (path: string) => readFile(join(cacheDir, path.split('/').at(-1)!));

  beforeAll(async () => {
    cacheDir = join(root, 'cache', 'photos');
    photos = [...(await inspect(['obra/Salón Antes.jpg', 'obra/retrato.jpg'])).photos.values()];
    first = await encode(photos, cacheDir);
  });

  it('encodes every variant, reporting progress photo by photo', () => {
    expect(first.encoded).toBe(15);
    expect([...first.outputs.keys()].sort()).toEqual(photos.flatMap((p) => variantsOf(p).map((v) => v.path.slice(1))).sort());
    expect(first.progress).toEqual(['encoding 0/2 photos', 'encoding 1/2 photos', 'encoding 2/2 photos']);
    expect(first.warnings).toEqual([]);
    expect(photos.every(photosEncodedIn(cacheDir))).toBe(true);
  });

  it('publishes no EXIF, GPS, XMP or camera serial in any variant, and plain sRGB', async () => {
    for (const photo of photos)
      for (const variant of variantsOf(photo)) {
        const bytes = await read(variant.path);
        const metadata = await sharp(bytes).metadata();
        expect(metadata, variant.path).toMatchObject({
          format: variant.format === 'avif' ? 'heif' : variant.format,
          space: 'srgb',
          hasProfile: false,
        });
        expect(metadata.exif ?? metadata.xmp ?? metadata.icc ?? metadata.orientation, variant.path).toBeUndefined();
        expect(bytes.includes(serial) || bytes.includes('Acme'), variant.path).toBe(false);
      }
  });

  it('applies the orientation before sizing, at exactly the size pages declare', async () => {
    const portrait = photos.find((p) => p.name === 'obra/retrato.jpg')!;
    for (const variant of variantsOf(portrait)) {
      const bytes = await read(variant.path);
      expect(await sharp(bytes).metadata(), variant.path).toMatchObject({ width: variant.width, height: variant.height });
      // Orientation 6 turns the picture a quarter clockwise: the red corner stored top left shows top right.
      const [r, g, b] = await pixelAt(bytes, variant.width - 5, 5);
      expect(r! > 200 && g! < 60 && b! < 60, `${variant.path}: ${[r, g, b]}`).toBe(true);
    }
  });

  it('encodes nothing the second time', async () => {
    const again = await encode(photos, cacheDir);
    expect(again).toMatchObject({ encoded: 0, warnings: [], progress: [] });
    expect(again.outputs).toEqual(first.outputs);
  });

  it('encodes again a cached file that was damaged, and trusts one only touched', async () => {
    const [damaged, touched] = [variantsOf(photos[0]!)[0]!.path, variantsOf(photos[0]!)[1]!.path];
    const bytes = await read(damaged);
    bytes[bytes.length >> 1]! ^= 0xff;
    await writeFile(join(cacheDir, damaged.split('/').at(-1)!), bytes);
    await utimes(join(cacheDir, touched.split('/').at(-1)!), new Date(), new Date(2001, 1, 1));
    const repaired = await encode(photos, cacheDir);
    expect(repaired.encoded).toBe(1);
    expect(repaired.warnings).toEqual([
      expect.stringMatching(/^cache file .*-480\.\w+\.avif was damaged \(.+\); it is ignored and rebuilt$/),
    ]);
    expect(repaired.outputs.get(damaged.slice(1))!.hash).toBe(first.outputs.get(damaged.slice(1))!.hash);
    expect(await encode(photos, cacheDir)).toMatchObject({ encoded: 0, warnings: [] });
  });

  it('publishes from the cache without moving files out of it', async () => {
    const out = join(root, 'dist');
    await writeOutputs(out, new Map(first.outputs));
    for (const [file, staged] of first.outputs) expect(await readFile(join(out, file))).toEqual(await readFile(staged.staged));
    expect(await encode(photos, cacheDir)).toMatchObject({ encoded: 0 });
  });

  it('removes the cached files of photos no longer used, and only those', async () => {
    const dir = join(root, 'cache', 'pruned');
    await encode(photos, dir);
    await writeFile(join(dir, 'notes.txt'), 'kept');
    await encode(photos.slice(1), dir);
    const kept = variantsOf(photos[1]!).map((v) => v.path.split('/').at(-1)!);
    expect((await readdir(dir)).sort()).toEqual([...kept, 'index.v8', 'notes.txt'].sort());
  });

  it('names every photo that fails to encode, after encoding the others', async () => {
    const inspected = async (name: string) => {
      await writeFile(join(photosDir, name), await cameraJpeg(1, 600, 450));
      return (await inspect([name])).photos.get(name)!;
    };
    // One edited while the build runs; one whose data the encoder refuses.
    const edited = await inspected('editada.jpg');
    await writeFile(edited.source.file, 'changed since');
    const garbage = Buffer.from('no image here');
    const refused = { ...(await inspected('rota.jpg')), source: { file: join(photosDir, 'rota.jpg'), hash: digest(garbage) } };
    await writeFile(refused.source.file, garbage);
    const dir = join(root, 'cache', 'failing');
    const error = await encode([edited, refused, photos[0]!], dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).issues).toEqual([
      { file: edited.source.file, ...errors.ChangedWhileReading() },
      {
        file: refused.source.file,
        code: 'E_PHOTO_NOT_ENCODED',
        message: expect.stringMatching(/^cannot be encoded \(.+\)$/),
        hint: 'export it again as JPEG',
      },
    ]);
    expect(photosEncodedIn(dir)(photos[0]!)).toBe(true);
  });
});

describe('a --no-cache build killed while it encodes photos', () => {
  /** `sitegen build --no-cache` of `content` into `out`, with `tmp` as the system's temporary folder. */
  const buildWithoutCache = (content: string, out: string, tmp: string) => {
    const child = spawn(process.execPath, [join(repoRoot, 'cli/bin.cjs'), 'build', '--no-cache', '--content', content, '--out', out], {
      env: { ...process.env, TMPDIR: tmp },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const done = new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal, stderr })),
    );
    return { child, done };
  };
  /** Encoded photo files (finished or being written) anywhere under `dir` but in `skip`. */
  const encodedUnder = async (dir: string, skip: string) =>
    (await readdir(dir, { recursive: true })).filter((file) => !file.startsWith(skip) && /\.(avif|webp|jpg)(\.|$)/.test(file));

  it('leaves nothing in the temporary folder, and the next build removes what it left', { timeout: 120_000 }, async () => {
    const work = await scratchDir('killed-photos-');
    const [content, out, tmp] = ['content', 'dist', 'tmp'].map((name) => join(work, name)) as [string, string, string];
    await cp(workedExampleDir, content, { recursive: true });
    await mkdir(tmp);

    const killed = buildWithoutCache(content, out, tmp);
    // Killed once its first photo file is being written, wherever the build writes it.
    while (killed.child.exitCode === null && (await encodedUnder(work, 'content')).length === 0)
      await new Promise((r) => setTimeout(r, 10));
    killed.child.kill('SIGKILL');
    const { signal, stderr } = await killed.done;
    expect(signal, stderr).toBe('SIGKILL');
    expect(await readdir(tmp)).toEqual([]);
    const left = await encodedUnder(work, 'content');
    expect(left.length).toBeGreaterThan(0);

    const next = await buildWithoutCache(content, out, tmp).done;
    expect(next.code, next.stderr).toBe(0);
    expect(await readdir(tmp)).toEqual([]);
    expect((await readdir(work)).sort()).toEqual(['content', 'dist', 'tmp']);
    expect((await readdir(join(out, 'assets', 'photos'))).length).toBeGreaterThan(0);
  });
});

describe('a HEIC photo from a phone', () => {
  // 800 × 600 px stored, shown portrait by its rotation (irot, and EXIF orientation 6 saying the
  // same), with a camera serial and GPS position: see make-phone-heic.mjs beside it.
  const phoneHeic = join(repoRoot, 'tests/fixtures/phone-photo/phone.heic');
  let photo: Photo;
  let encoded: Awaited<ReturnType<typeof encode>>;
  const read = (path: string) => readFile(join(root, 'cache', 'heic', path.split('/').at(-1)!));

  beforeAll(async () => {
    const bytes = await readFile(phoneHeic);
    expect((await sharp(bytes).metadata()).exif?.includes(serial)).toBe(true); // what must not get through
    await writeFile(join(photosDir, 'obra', 'movil.heic'), bytes);
    const { photos, issues } = await inspect(['obra/movil.heic']);
    expect(issues).toEqual([]);
    photo = photos.get('obra/movil.heic')!;
    encoded = await encode([photo], join(root, 'cache', 'heic'));
  });

  it('is measured upright and offered at the sizes a JPEG of that size would be', () => {
    expect(photo).toMatchObject({ width: 600, height: 800 });
    expect(photo.variants.jpeg.map((v) => [v.width, v.height])).toEqual([
      [480, 640],
      [600, 800],
    ]);
    expect(encoded).toMatchObject({ encoded: 6, warnings: [] });
  });

  it('is turned once, by its rotation, at exactly the size pages declare', async () => {
    for (const variant of variantsOf(photo)) {
      const bytes = await read(variant.path);
      expect(await sharp(bytes).metadata(), variant.path).toMatchObject({ width: variant.width, height: variant.height });
      // A quarter clockwise: the red corner stored top left shows top right (turned twice, bottom right).
      const [r, g, b] = await pixelAt(bytes, variant.width - 5, 5);
      expect(r! > 200 && g! < 60 && b! < 60, `${variant.path}: ${[r, g, b]}`).toBe(true);
    }
  });

  it('publishes no EXIF, GPS, XMP or camera serial in any variant, and plain sRGB', async () => {
    for (const variant of variantsOf(photo)) {
      const bytes = await read(variant.path);
      const metadata = await sharp(bytes).metadata();
      expect(metadata, variant.path).toMatchObject({
        format: variant.format === 'avif' ? 'heif' : variant.format,
        space: 'srgb',
        hasProfile: false,
      });
      expect(metadata.exif ?? metadata.xmp ?? metadata.icc ?? metadata.orientation, variant.path).toBeUndefined();
      expect(bytes.includes(serial) || bytes.includes('Acme'), variant.path).toBe(false);
    }
  });

  it("applies a Display P3 HEIC's colour profile: its green is published as the same green in sRGB", async () => {
    // One green, sRGB (40, 200, 60), stored in Display P3 as (97, 197, 81): see make-phone-heic.mjs.
    await writeFile(join(photosDir, 'obra', 'p3.heic'), await readFile(join(repoRoot, 'tests/fixtures/phone-photo/display-p3.heic')));
    const { photos, issues } = await inspect(['obra/p3.heic']);
    expect(issues).toEqual([]);
    const p3 = photos.get('obra/p3.heic')!;
    await encode([p3], join(root, 'cache', 'p3'));
    for (const variant of variantsOf(p3)) {
      const [r, g, b] = await pixelAt(await readFile(join(root, 'cache', 'p3', variant.path.split('/').at(-1)!)), 20, 20);
      // Taken as sRGB, the stored values would show (97, 197, 81): duller, and yellower.
      for (const [got, want] of [
        [r, 40],
        [g, 200],
        [b, 60],
      ])
        expect(Math.abs(got! - want!), `${variant.path}: ${[r, g, b]}`).toBeLessThanOrEqual(12);
    }
  });

  it('reports a damaged HEIC, and one over the limits naming them, at its file', async () => {
    const bytes = await readFile(phoneHeic);
    const bad = join(photosDir, 'bad-heic');
    await mkdir(bad, { recursive: true });
    await writeFile(join(bad, 'cortada.heic'), bytes.subarray(0, bytes.length - 600));
    // Its image size, as its ispe property states it, made 8000 × 5100.
    const huge = Buffer.from(bytes);
    const ispe = huge.indexOf('ispe', 0, 'latin1');
    huge.writeUInt32BE(8000, ispe + 8);
    huge.writeUInt32BE(5100, ispe + 12);
    await writeFile(join(bad, 'enorme.heic'), huge);
    await writeFile(join(bad, 'pesada.heic'), bytes);
    await truncate(join(bad, 'pesada.heic'), 31 * 2 ** 20);

    const { photos, issues } = await inspect(['cortada', 'enorme', 'pesada'].map((n) => `bad-heic/${n}.heic`));
    expect(photos.size).toBe(0);
    expect(issues).toEqual([
      // Cut short: its image data ends before where the file's own index says it does.
      {
        file: join(bad, 'cortada.heic'),
        code: 'E_PHOTO_UNREADABLE',
        message: `cannot be read as an image (the file is cut short: it ends after ${bytes.length - 600} bytes, its own index needs ${bytes.length})`,
        hint: 'export it again as JPEG',
      },
      {
        file: join(bad, 'enorme.heic'),
        code: 'E_PHOTO_TOO_MANY_PIXELS',
        message: 'is 5100 × 8000 px (40.8 megapixels); photos may be at most 40 megapixels',
        hint: 'export it at most 4000 px wide (about 12 megapixels)',
      },
      {
        file: join(bad, 'pesada.heic'),
        code: 'E_PHOTO_TOO_LARGE',
        message: 'is 31.0 MB; photos may be at most 30 MB',
        hint: expect.stringMatching(/^export it at most 4000 px wide/),
      },
    ]);
  });
});
