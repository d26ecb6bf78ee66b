/**
 * The editor end to end, offline: `npm run cms` on a copy of the worked example, driven from
 * Chromium as the company would, then the next build of what it saved. The steps share one editor
 * session and run in order.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'js-yaml';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projectSchema } from '../../cli/site/schema/project.ts';
import { reviewSchema } from '../../cli/site/schema/review.ts';
import { repoRoot, scratchDir, snapshot, workedExampleDir } from '../helpers.ts';
import { type CmsRun, listeners, listeningPorts, startCms } from './cms-run.ts';
import { launchChromium } from './site.ts';

const timeouts = { step: 90_000, setup: 180_000, wait: 30_000 };

let root: string;
let content: string;
let cms: CmsRun;
let editor: string;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
/** The last message of a window.alert, as the editor shows some refusals. */
let alerted = '';

const phoneHeic = join(repoRoot, 'tests/fixtures/phone-photo/phone.heic');
const serial = 'SN-CMS-TEST-0042';

beforeAll(async () => {
  root = await scratchDir('cms-test-');
  content = join(root, 'content');
  await cp(workedExampleDir, content, { recursive: true });
  // A photo as a camera saves it: EXIF with the camera's serial and where it was taken.
  await sharp({ create: { width: 960, height: 720, channels: 3, background: '#3a7bd5' } })
    .withExif({
      IFD0: { Make: 'Acme', Model: 'Camera', Software: serial },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 47/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '0/1 9/1 45/1' },
    })
    .jpeg({ quality: 80 })
    .toFile(join(root, 'terraza-antes.jpg'));
  await copyFile(phoneHeic, join(root, 'terraza-despues.heic'));
  // Not photos, or too large: the editor must refuse them.
  await writeFile(join(root, 'presupuesto.jpg'), '%PDF-1.4 not a photo at all');
  await writeFile(join(root, 'enorme.jpg'), Buffer.alloc(31 * 2 ** 20, 0xff));

  cms = await startCms(
    { content, out: join(root, 'dist'), cache: join(root, '.cache'), env: { OUTBOX_DIR: join(root, 'outbox') } },
    timeouts.setup,
  );
  editor = cms.editor;

  browser = await launchChromium();
}, timeouts.setup);

afterAll(async () => {
  await browser?.close();
  cms?.kill();
}, timeouts.setup);

/** The editor in a fresh browser context (no draft kept from before), signed in to the local backend, at `hash`. */
async function openEditor(hash: string): Promise<void> {
  await page?.context().close();
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  page.setDefaultTimeout(timeouts.wait);
  page.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()));
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Alerts are read; "leave without saving?" is answered yes.
  page.on('dialog', (dialog) => {
    alerted = dialog.message();
    void dialog.accept();
  });
  await page.goto(editor);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.goto(`${editor}${hash}`);
}

/**
 * The control of the field labelled `label` (with " (opcional)" for optional ones), in the Spanish
 * pane (0) or the English one (1) of a bilingual entry, or the nth such field of a list.
 */
async function field(label: string, nth = 0) {
  const labels = page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}( \\(opcional\\))?$`) })
    .filter({ visible: true });
  await labels.nth(nth).waitFor();
  const id = await labels.nth(nth).getAttribute('for');
  return page.locator(`[id="${id}"]`);
}

/** Picks an option of a select field by its label. */
async function choose(label: string, option: string, nth = 0) {
  await (await field(label, nth)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types into a Markdown field (raw mode: an editable area, not an input). */
async function typeMarkdown(nth: number, text: string) {
  const areas = page.locator('[contenteditable="true"]').filter({ visible: true });
  await areas.nth(nth).click();
  await page.keyboard.type(text);
}

/** The YAML the editor saved at `file`, once it is there: the save ends a moment after the click. */
async function saved(file: string): Promise<unknown> {
  const read = async () => (existsSync(file) ? load(await readFile(file, 'utf8')) : undefined);
  await expect.poll(read, { timeout: timeouts.wait }).toBeTypeOf('object');
  return read();
}

/** Uploads a file through the media library of the first photo still without one; confirmPick picks it. */
async function upload(file: string) {
  await page.getByRole('button', { name: 'Escoge un archivo' }).filter({ visible: true }).first().click();
  await page.locator('input[type="file"]').setInputFiles(file);
}

const confirmPick = () => page.getByRole('button', { name: 'Confirmar selección' }).click();

/** Everything a job needs but its photos, with its slugs in each language. */
async function fillJob(es: string, en: string) {
  await (await field('Fecha')).fill('2025-03-14');
  await choose('Servicio', 'Piscinas');
  await choose('Localidad', 'Jávea');
  await (await field('Dirección \\(slug\\)')).fill(es);
  await (await field('Título')).fill('Suelo nuevo para una terraza en Jávea');
  await (await field('Resumen')).fill('Cambiamos las baldosas levantadas de una terraza junto a la piscina.');
  await typeMarkdown(0, 'Levantamos el suelo viejo y pusimos **baldosa antideslizante**.');
  await (await field('Duración')).fill('cuatro días');
  await (await field('Dirección \\(slug\\)', 1)).fill(en);
  await (await field('Título', 1)).fill('A new floor for a terrace in Jávea');
  await (await field('Resumen', 1)).fill('We replaced the lifted tiles of a terrace by the pool.');
  await typeMarkdown(1, 'We took up the old floor and laid **non-slip tiles**.');
}

async function publish() {
  await page.getByRole('button', { name: 'Publicar' }).first().click();
  await page.getByText('Publicar ahora').click();
}

describe('the editor at /admin/', { timeout: timeouts.step }, () => {
  it('says what a job lacks, a required field or an alt text, and writes nothing', async () => {
    const before = await snapshot(content);
    await openEditor('#/collections/projects/new');
    await page
      .getByRole('button', { name: /Add fotos/ })
      .first()
      .click();
    // A photo the site has already: picking it uploads nothing.
    await page.getByRole('button', { name: 'Escoge un archivo' }).filter({ visible: true }).first().click();
    await page.getByText('piscina-javea-gresite.jpg').click();
    await confirmPick();
    await (await field('Español')).fill('Gresite nuevo en la línea de flotación');
    // No English alt text, no service, no locality, no title.
    await publish();
    await expect.poll(() => page.getByText(/no ha rellenado un campo obligatorio/).count()).toBeGreaterThan(0);
    for (const message of ['Inglés es obligatorio.', 'Servicio es obligatorio.', 'Título es obligatorio.'])
      await expect.poll(() => page.getByText(message).filter({ visible: true }).count(), { message }).toBeGreaterThan(0);
    expect(await snapshot(content)).toEqual(before);
  });

  it('refuses an upload that is not a photo, or too large, and writes nothing', async () => {
    const before = await snapshot(content);
    // The rest of the job is complete: only the upload can stop it.
    await (await field('Inglés')).fill('New mosaic tiles at the waterline');
    await fillJob('presupuesto-javea', 'quote-javea');
    await page
      .getByRole('button', { name: /Add fotos/ })
      .first()
      .click();
    await upload(join(root, 'presupuesto.jpg'));
    await confirmPick();
    await (await field('Español', 1)).fill('Un presupuesto');
    await (await field('Inglés', 1)).fill('A quote');
    await publish();
    await expect.poll(() => page.getByText(/«presupuesto\.jpg» no es una foto JPEG, PNG, WebP, AVIF ni HEIC/).count()).toBeGreaterThan(0);

    alerted = '';
    await page.getByRole('button', { name: 'Elige un archivo diferente' }).filter({ visible: true }).nth(1).click();
    await page.locator('input[type="file"]').setInputFiles(join(root, 'enorme.jpg'));
    await expect.poll(() => alerted).toMatch(/Archivo muy pesado[\s\S]*31457 kB/);
    await page.keyboard.press('Escape');

    expect(await snapshot(content)).toEqual(before);
  });

  it('creates a job with a JPEG and a phone HEIC, their alt texts, and its text in both languages', async () => {
    await openEditor('#/collections/projects/new');
    for (const [i, file, es, en, role] of [
      [0, 'terraza-antes.jpg', 'La terraza antes, con las baldosas levantadas', 'The terrace before, with lifted tiles', 'Antes'],
      [1, 'terraza-despues.heic', 'La terraza después, con el suelo nuevo', 'The terrace after, with the new floor', 'Después'],
    ] as const) {
      await page
        .getByRole('button', { name: /Add fotos/ })
        .first()
        .click();
      await upload(join(root, file));
      await confirmPick();
      await (await field('Español', i)).fill(es);
      await (await field('Inglés', i)).fill(en);
      await choose('Papel en el antes y después', role, i);
    }

    await fillJob('terraza-javea', 'terrace-javea');
    await publish();

    const job = projectSchema.parse(await saved(join(content, 'projects/terraza-javea.yaml')));
    // Uploads are kept in the entry until it is saved, and written with it.
    for (const photo of ['terraza-antes.jpg', 'terraza-despues.heic']) expect(existsSync(join(content, 'photos', photo)), photo).toBe(true);
    expect(job).toMatchObject({
      date: '2025-03-14',
      service: 'piscinas',
      locality: 'javea',
      photos: [
        { file: 'terraza-antes.jpg', role: 'before', alt: { es: 'La terraza antes, con las baldosas levantadas' } },
        { file: 'terraza-despues.heic', role: 'after', alt: { en: 'The terrace after, with the new floor' } },
      ],
      es: { slug: 'terraza-javea', duration: 'cuatro días', body: expect.stringContaining('**baldosa antideslizante**') },
      en: { slug: 'terrace-javea', title: 'A new floor for a terrace in Jávea' },
    });
  });

  it('creates a review', async () => {
    await openEditor('#/collections/reviews/new');
    await (await field('Autor \\(nombre e inicial\\)')).fill('Marta L.');
    await choose('Localidad', 'Jávea');
    await choose('Servicio', 'Piscinas');
    await (await field('Puntuación')).fill('5');
    await (await field('Fecha')).fill('2025-03-20');
    await choose('Idioma del texto', 'Español');
    await (await field('Texto')).fill('Nos dejaron la terraza impecable y recogieron todo al terminar.');
    await choose('Dónde lo dijo', 'Google');
    await publish();

    await expect.poll(async () => (await readdir(join(content, 'reviews'))).length, { timeout: timeouts.wait }).toBe(3);
    const [file] = (await readdir(join(content, 'reviews'))).filter((name) => name.includes('marta'));
    const review = reviewSchema.parse(await saved(join(content, 'reviews', file!)));
    expect(review).toMatchObject({ author: 'Marta L.', locality: 'javea', service: 'piscinas', rating: 5, lang: 'es', source: 'google' });
  });

  it('listens on one port of 127.0.0.1 only, the site and the editor together, and stops on Ctrl-C', async () => {
    expect(pageErrors.filter((e) => /Content Security Policy/.test(e))).toEqual([]);
    const site = Number(new URL(editor).port);
    expect(await listeningPorts(cms.process.pid!)).toEqual([{ address: '127.0.0.1', port: site }]);

    const exited = new Promise((done) => cms.process.once('exit', done));
    process.kill(-cms.process.pid!, 'SIGINT');
    await exited;
    await vi.waitFor(async () => expect(await listeners(site)).toEqual([]), { timeout: 10_000 });
  });

  it('builds the job page with both photos as <picture>, the review where reviews show, and no EXIF or GPS', async () => {
    const out = join(root, 'built');
    const build = spawn(process.execPath, [join(repoRoot, 'cli/bin.cjs'), 'build', '--content', content, '--out', out, '--no-cache'], {
      cwd: repoRoot,
    });
    let printedByBuild = '';
    build.stderr.on('data', (chunk: Buffer) => (printedByBuild += chunk.toString()));
    expect(await new Promise((done) => build.once('exit', done)), printedByBuild).toBe(0);

    const job = await readFile(join(out, 'trabajos/terraza-javea.html'), 'utf8');
    const pictures = job.match(/<picture>[\s\S]*?<\/picture>/g) ?? [];
    for (const alt of ['La terraza antes, con las baldosas levantadas', 'La terraza después, con el suelo nuevo'])
      expect(
        pictures.some((p) => p.includes(`alt="${alt}"`)),
        alt,
      ).toBe(true);
    expect(await readFile(join(out, 'en/projects/terrace-javea.html'), 'utf8')).toContain('The terrace after, with the new floor');
    expect(await readFile(join(out, 'index.html'), 'utf8')).toContain('Nos dejaron la terraza impecable');

    for (const file of (await readdir(out, { recursive: true })).filter((f) => /\.(jpe?g|webp|avif)$/.test(f))) {
      const bytes = await readFile(join(out, file));
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, file).toBeUndefined();
      expect(bytes.includes(serial), file).toBe(false);
    }
  });
});
