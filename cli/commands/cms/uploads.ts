// What the editor may upload: only photos the build will publish. The first bytes must say JPEG,
// PNG, WebP, AVIF or HEIC, and then the build's own inspection (engine/photos/inspect.ts) must
// measure and decode it, so that a photo's header followed by HTML or SVG is refused as the next
// build would refuse it. What is stored has lost its location and serial numbers
// (engine/photos/strip.ts). Messages are in Spanish, naming the file and saying what to do.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { errors } from '../../site/errors.ts';
import type { ContentIssue } from '../../site/issues.ts';
import { inspectPhotos } from '../../engine/photos/inspect.ts';
import { photoFormat, stripMetadata, UnstrippableError } from '../../engine/photos/strip.ts';
import { maxBytes } from '../../engine/photos/limits.ts';
import { maxMegapixels, minPhotoWidth } from '../../engine/photos/plan.ts';

const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1).replace('.', ',')} MB`;
const smaller = 'expórtala a 4000 px de ancho como mucho (unos 12 megapíxeles)';

/** The inspection's problems, as the editor says them: by the catalogue's code. */
const spanish: Record<string, (name: string) => string> = {
  [errors.PhotoTooLarge.code]: (name) => `«${name}» ocupa más de ${maxBytes / 2 ** 20} MB: ${smaller}.`,
  [errors.PhotoTooManyPixels.code]: (name) => `«${name}» tiene más de ${maxMegapixels} megapíxeles: ${smaller}.`,
  [errors.PhotoTooNarrow.code]: (name) =>
    `«${name}» mide menos de ${minPhotoWidth} px de ancho y se vería borrosa en un móvil: sube la foto original o una exportación más grande.`,
  [errors.PhotoUnreadable.code]: (name) =>
    `«${name}» no se puede abrir como foto: no es una foto de verdad o está dañada. Cópiala otra vez de la cámara o expórtala como JPEG.`,
  [errors.PhotoDamaged.code]: (name) =>
    `«${name}» está dañada: su imagen no se puede leer entera. Cópiala otra vez de la cámara o expórtala como JPEG.`,
};

/**
 * Why the upload `bytes`, to be named `name` under content/photos/, may not be saved, in Spanish,
 * or undefined when the build will publish it.
 */
export async function photoRefusal(name: string, bytes: Buffer): Promise<string | undefined> {
  if (bytes.length > maxBytes)
    return `«${name}» ocupa ${megabytes(bytes.length)} y una foto puede ocupar como mucho ${maxBytes / 2 ** 20} MB: ${smaller}.`;
  if (!photoFormat(bytes)) return `«${name}» no es una foto JPEG, PNG, WebP, AVIF ni HEIC.`;
  const problems = await inspect(name, bytes);
  if (!problems.length) return undefined;
  const said = problems.map(({ code, message }) => spanish[code]?.(name) ?? `«${name}» no se puede publicar (${message}).`);
  return [...new Set(said)].join(' ');
}

/**
 * The upload `bytes`, to be named `name` under content/photos/, as it is stored: without its GPS
 * position, serial numbers and other metadata, its pixels untouched; or why it may not be saved.
 */
export async function acceptedPhoto(name: string, bytes: Buffer): Promise<{ bytes: Buffer } | { refusal: string }> {
  // A file that is no photo is told so first; cleaning leaves the pixels as they are.
  const refusal = await photoRefusal(name, bytes);
  if (refusal) return { refusal };
  try {
    return { bytes: Buffer.from(stripMetadata(bytes)) };
  } catch (error) {
    if (!(error instanceof UnstrippableError)) throw error;
    return {
      refusal: `«${name}» no se puede guardar sin su ubicación y los datos de la cámara: expórtala como JPEG y súbela otra vez.`,
    };
  }
}

/** The build's inspection of `bytes`, as a photo of a content folder of its own outside the repository. */
async function inspect(name: string, bytes: Buffer): Promise<ContentIssue[]> {
  const folder = await mkdtemp(join(tmpdir(), 'cms-upload-'));
  try {
    const photos = join(folder, 'content/photos');
    const file = `upload${extname(name).toLowerCase()}`;
    await mkdir(photos, { recursive: true });
    await writeFile(join(photos, file), bytes);
    const issues: ContentIssue[] = [];
    await inspectPhotos(photos, [{ name: file, report: () => {} }], issues);
    return issues;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
