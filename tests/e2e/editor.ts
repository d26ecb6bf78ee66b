/**
 * Driving the editor at /admin/ (Decap CMS) as a person does, by the labels it shows, and what a
 * build of its saves must show: shared by the browser tests of `npm run cms` and of the live site's
 * GitHub sign-in.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';

/** A photo as a camera saves it at `file`: EXIF with the camera's `serial` and where it was taken. */
export async function cameraPhoto(file: string, serial: string): Promise<void> {
  await sharp({ create: { width: 960, height: 720, channels: 3, background: '#3a7bd5' } })
    .withExif({
      IFD0: { Make: 'Acme', Model: 'Camera', Software: serial },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 47/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '0/1 9/1 45/1' },
    })
    .jpeg({ quality: 80 })
    .toFile(file);
}

/**
 * The control of the field labelled `label` (with " (opcional)" for optional ones), in the Spanish
 * pane (0) or the English one (1) of a bilingual entry, or the nth such field of a list.
 */
export async function field(page: Page, label: string, nth = 0) {
  const labels = page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}( \\(opcional\\))?$`) })
    .filter({ visible: true });
  await labels.nth(nth).waitFor();
  const id = await labels.nth(nth).getAttribute('for');
  return page.locator(`[id="${id}"]`);
}

/** Replaces what the text field labelled `label` holds, as a person does: Decap's fields add a fill to what they hold. */
export async function retype(page: Page, label: string, text: string) {
  await (await field(page, label)).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Picks an option of a select field by its label. */
export async function choose(page: Page, label: string, option: string, nth = 0) {
  await (await field(page, label, nth)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types into a Markdown field (raw mode: an editable area, not an input). */
export async function typeMarkdown(page: Page, nth: number, text: string) {
  const areas = page.locator('[contenteditable="true"]').filter({ visible: true });
  await areas.nth(nth).click();
  await page.keyboard.type(text);
}

/** Uploads a file through the media library of the first photo still without one; confirmPick picks it. */
export async function upload(page: Page, file: string) {
  await page.getByRole('button', { name: 'Escoge un archivo' }).filter({ visible: true }).first().click();
  await page.locator('input[type="file"]').setInputFiles(file);
}

export const confirmPick = (page: Page) => page.getByRole('button', { name: 'Confirmar selección' }).click();

/** Everything a job needs but its photos, with its slugs in each language. */
export async function fillJob(page: Page, es: string, en: string) {
  await fillJobInSpanish(page, es);
  await fillJobInEnglish(page, en);
}

/** Everything of fillJob's job but its photos and its English text. */
export async function fillJobInSpanish(page: Page, es: string) {
  await (await field(page, 'Fecha')).fill('2025-03-14');
  await choose(page, 'Servicio', 'Piscinas');
  await choose(page, 'Localidad', 'Jávea');
  await (await field(page, 'Dirección \\(slug\\)')).fill(es);
  await (await field(page, 'Título')).fill('Suelo nuevo para una terraza en Jávea');
  await (await field(page, 'Resumen')).fill('Cambiamos las baldosas levantadas de una terraza junto a la piscina.');
  await typeMarkdown(page, 0, 'Levantamos el suelo viejo y pusimos **baldosa antideslizante**.');
  await (await field(page, 'Duración')).fill('cuatro días');
}

/** The English text of fillJob's job. */
export async function fillJobInEnglish(page: Page, en: string) {
  await (await field(page, 'Dirección \\(slug\\)', 1)).fill(en);
  await (await field(page, 'Título', 1)).fill('A new floor for a terrace in Jávea');
  await (await field(page, 'Resumen', 1)).fill('We replaced the lifted tiles of a terrace by the pool.');
  await typeMarkdown(page, 1, 'We took up the old floor and laid **non-slip tiles**.');
}

/** The two photos of the job fillJob describes, uploaded from `files` (before, after) with their alt texts and roles. */
export async function addJobPhotos(page: Page, files: readonly [string, string]) {
  for (const [i, file, es, en, role] of [
    [0, files[0], 'La terraza antes, con las baldosas levantadas', 'The terrace before, with lifted tiles', 'Antes'],
    [1, files[1], 'La terraza después, con el suelo nuevo', 'The terrace after, with the new floor', 'Después'],
  ] as const) {
    await page
      .getByRole('button', { name: /Añadir foto\b/ })
      .first()
      .click();
    await upload(page, file);
    await confirmPick(page);
    await (await field(page, 'Español', i)).fill(es);
    await (await field(page, 'Inglés', i)).fill(en);
    await choose(page, 'Papel en el antes y después', role, i);
  }
}

/** A review by Marta L. of the pools service in Jávea, with her consent to show it. */
export async function fillReview(page: Page) {
  await (await field(page, 'Autor \\(nombre e inicial\\)')).fill('Marta L.');
  await choose(page, 'Localidad', 'Jávea');
  await choose(page, 'Servicio', 'Piscinas');
  await (await field(page, 'Puntuación')).fill('5');
  await (await field(page, 'Fecha')).fill('2025-03-20');
  await choose(page, 'Idioma del texto', 'Español');
  await (await field(page, 'Texto')).fill('Nos dejaron la terraza impecable y recogieron todo al terminar.');
  await choose(page, 'Dónde lo dijo', 'Google');
  // The customer's consent to show it, the day after.
  await (await field(page, 'Fecha', 1)).fill('2025-03-21');
  await choose(page, 'Cómo lo dio', 'Por WhatsApp');
}

export async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publicar' }).first().click();
  await page.getByText('Publicar ahora').click();
}

/**
 * In the site built into `out`: the job of addJobPhotos and fillJob with both photos as <picture>
 * and their alt texts, in both languages, fillReview's review on the home page, and no image that
 * keeps EXIF (GPS) or the camera's `serial`.
 */
export async function expectPublished(out: string, serial: string): Promise<void> {
  const job = await readFile(join(out, 'trabajos/terraza-javea.html'), 'utf8');
  const pictures = job.match(/<picture>[\s\S]*?<\/picture>/g) ?? [];
  for (const alt of ['La terraza antes, con las baldosas levantadas', 'La terraza después, con el suelo nuevo'])
    expect(
      pictures.some((p) => p.includes(`alt="${alt}"`)),
      alt,
    ).toBe(true);
  expect((await readFile(join(out, 'en/projects/terrace-javea.html'), 'utf8')).includes('The terrace after, with the new floor')).toBe(
    true,
  );
  expect((await readFile(join(out, 'index.html'), 'utf8')).includes('Nos dejaron la terraza impecable')).toBe(true);
  const images = (await readdir(out, { recursive: true })).filter((f) => /\.(jpe?g|webp|avif)$/.test(f));
  expect(images.filter((f) => f.includes('terraza')).length).toBeGreaterThanOrEqual(2);
  for (const file of images) {
    const bytes = await readFile(join(out, file));
    expect((await sharp(bytes).metadata()).exif, file).toBeUndefined();
    expect(bytes.includes(serial), file).toBe(false);
  }
}

/**
 * The media library's card of the HEIC `name` shows the photo where Decap shows the word HEIC:
 * decoded in the page, as a JPEG at most 600 px on its longest side, behind the card's word.
 */
/**
 * The card of the HEIC `name` in the open media library shows a photo behind its word: one decoded
 * in the page (a blob: URL, at most 600 px), or the site's published JPEG of it (its width in its name).
 */
export async function expectHeifThumbnail(page: Page, name: string, timeout: number, shown: 'decoded' | 'published'): Promise<void> {
  // The card's word, beside the name under it.
  const icon = page.locator(`xpath=//p[normalize-space()="${name}"]/preceding-sibling::div//*[@data-testid="card-file-icon"]`);
  await expect.poll(() => icon.count(), { timeout }).toBe(1);
  const thumbnail = () => icon.evaluate((element) => (element as HTMLElement).dataset.heifThumbnail);
  await expect.poll(thumbnail, { timeout }).toMatch(shown === 'decoded' ? /^blob:/ : /^\/assets\/photos\/.+-\d+\.\w+\.jpg$/);
  const url = (await thumbnail())!;
  expect(await icon.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain(url);
  const [width, height] = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, url);
  if (shown === 'decoded') expect(Math.max(width!, height!)).toBe(600);
  else expect(width).toBe(Number(/-(\d+)\.\w+\.jpg$/.exec(url)![1]));
}
