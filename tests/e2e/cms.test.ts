/**
 * The editor end to end, offline: `npm run cms` on a copy of the worked example, driven from
 * Chromium as the company would, then the next build of what it saved. The steps share one editor
 * session and run in order.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import matter from 'gray-matter';
import { load } from 'js-yaml';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localFileSchema } from '../../cli/site/schema/local.ts';
import { localitiesFileSchema } from '../../cli/site/schema/locality.ts';
import { legalFrontMatterSchema } from '../../cli/site/schema/post.ts';
import { projectSchema } from '../../cli/site/schema/project.ts';
import { reviewSchema } from '../../cli/site/schema/review.ts';
import { serviceSchema } from '../../cli/site/schema/service.ts';
import { repoRoot, scratchDir, snapshot, workedExampleDir } from '../helpers.ts';
import { type CmsRun, listeners, listeningPorts, startCms } from './cms-run.ts';
import {
  addJobPhotos,
  cameraPhoto,
  choose,
  confirmPick,
  expectHeifThumbnail,
  expectPublished,
  field,
  fillJob,
  fillJobInEnglish,
  fillJobInSpanish,
  fillReview,
  publish,
  retype,
  typeMarkdown,
  upload,
} from './editor.ts';
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
  await cameraPhoto(join(root, 'terraza-antes.jpg'), serial);
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
async function openEditor(hash: string, viewport = { width: 1400, height: 1000 }): Promise<void> {
  await page?.context().close();
  page = await (await browser.newContext({ viewport })).newPage();
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
 * What Decap logged as errors since `since`, as it logs a refusing answer it shows: taken out of
 * pageErrors, where anything else fails the run.
 */
const refusalLogged = (since: number) => pageErrors.splice(since).join('\n');

/** The YAML the editor saved at `file`, once it is there: the save ends a moment after the click. */
async function saved(file: string): Promise<unknown> {
  const read = async () => (existsSync(file) ? load(await readFile(file, 'utf8')) : undefined);
  await expect.poll(read, { timeout: timeouts.wait }).toBeTypeOf('object');
  return read();
}

describe('the editor at /admin/', { timeout: timeouts.step }, () => {
  it('says what a job lacks, a required field or an alt text, and writes nothing', async () => {
    const before = await snapshot(content);
    await openEditor('#/collections/projects/new');
    await page
      .getByRole('button', { name: /Añadir foto\b/ })
      .first()
      .click();
    // A photo the site has already: picking it uploads nothing.
    await page.getByRole('button', { name: 'Escoge un archivo' }).filter({ visible: true }).first().click();
    await page.getByText('piscina-javea-gresite.jpg').click();
    await confirmPick(page);
    await (await field(page, 'Español')).fill('Gresite nuevo en la línea de flotación');
    // Decap's own words in Spanish too, where its Spanish falls back to English or reads oddly.
    const shown = (await page.locator('body').innerText()).toLowerCase();
    for (const english of ['Writing in', 'Fill in from another locale', 'Add ', '1 fotos', 'Remover archivo', 'Expand', 'Collapse'])
      expect(shown, english).not.toContain(english.toLowerCase());
    for (const spanish of ['Escribiendo en', 'Rellenar con el otro idioma', '1 foto', 'Quitar el archivo'])
      expect(shown, spanish).toContain(spanish.toLowerCase());
    // No English alt text, no service, no locality, no title.
    const logged = pageErrors.length;
    await publish(page);
    await expect.poll(() => page.getByText(/no ha rellenado un campo obligatorio/).count()).toBeGreaterThan(0);
    for (const message of ['Inglés es obligatorio.', 'Servicio es obligatorio.', 'Título es obligatorio.'])
      await expect.poll(() => page.getByText(message).filter({ visible: true }).count(), { message }).toBeGreaterThan(0);
    // The refused save's reason, which Decap's form leaves empty.
    expect(refusalLogged(logged)).toBe('undefined');
    expect(await snapshot(content)).toEqual(before);
  });

  it('refuses an upload that is not a photo, or too large, and writes nothing', async () => {
    const before = await snapshot(content);
    // The rest of the job is complete: only the upload can stop it.
    await (await field(page, 'Inglés')).fill('New mosaic tiles at the waterline');
    await fillJob(page, 'presupuesto-javea', 'quote-javea');
    await page
      .getByRole('button', { name: /Añadir foto\b/ })
      .first()
      .click();
    await upload(page, join(root, 'presupuesto.jpg'));
    await confirmPick(page);
    await (await field(page, 'Español', 1)).fill('Un presupuesto');
    await (await field(page, 'Inglés', 1)).fill('A quote');
    const logged = pageErrors.length;
    await publish(page);
    await expect.poll(() => page.getByText(/«presupuesto\.jpg» no es una foto JPEG, PNG, WebP, AVIF ni HEIC/).count()).toBeGreaterThan(0);
    expect(refusalLogged(logged)).toContain('no es una foto JPEG, PNG, WebP, AVIF ni HEIC');

    alerted = '';
    await page.getByRole('button', { name: 'Elige un archivo diferente' }).filter({ visible: true }).nth(1).click();
    await page.locator('input[type="file"]').setInputFiles(join(root, 'enorme.jpg'));
    // The limit as the field's hint says it, not Decap's 31457 kB.
    await expect
      .poll(() => alerted)
      .toBe('Archivo muy pesado: una foto puede ocupar como mucho 30 MB. Expórtala a 4000 px de ancho como mucho (unos 12 megapíxeles).');
    await page.keyboard.press('Escape');

    expect(await snapshot(content)).toEqual(before);
  });

  it('refuses a job with its Spanish text only, saying what the English lacks, and writes nothing, its photos neither', async () => {
    await openEditor('#/collections/projects/new');
    await addJobPhotos(page, [join(root, 'terraza-antes.jpg'), join(root, 'terraza-despues.heic')]);
    await fillJobInSpanish(page, 'terraza-javea');
    const before = await snapshot(content);
    const logged = pageErrors.length;
    await publish(page);
    // Decap's form checks the Spanish pane only (decaporg/decap-cms#5653): the editor's script checks the rest.
    await expect
      .poll(() =>
        page
          .getByText(/No se ha podido guardar la entrada: Inglés: Dirección \(slug\) es obligatorio\. Inglés: Título es obligatorio\./)
          .count(),
      )
      .toBeGreaterThan(0);
    expect(refusalLogged(logged)).toContain('Inglés: Resumen es obligatorio.');
    expect(await snapshot(content)).toEqual(before);
  });

  it('creates a job with a JPEG and a phone HEIC, their alt texts, and its text in both languages', async () => {
    // The job refused above, its English text added.
    await fillJobInEnglish(page, 'terrace-javea');
    await publish(page);

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

  it('refuses a date written day first, in Spanish, and saves the review named after its year-month-day date', async () => {
    await openEditor('#/collections/reviews/new');
    await fillReview(page);
    const before = await snapshot(content);
    // As people write a date, and as Decap's date picker misread one (decaporg/decap-cms#7939).
    await retype(page, 'Fecha', '20/11/2026');
    const logged = pageErrors.length;
    await publish(page);
    const message = page.getByText('Escriba la fecha como 2025-03-14 (año-mes-día).').filter({ visible: true });
    await expect.poll(() => message.count()).toBeGreaterThan(0);
    expect(refusalLogged(logged)).toBe('undefined');
    expect(await snapshot(content)).toEqual(before);

    await retype(page, 'Fecha', '2026-11-20');
    await publish(page);
    const file = join(content, 'reviews/2026-11-20-marta-l.yaml');
    const review = reviewSchema.parse(await saved(file));
    expect(review).toMatchObject({
      author: 'Marta L.',
      locality: 'javea',
      service: 'piscinas',
      rating: 5,
      date: '2026-11-20',
      lang: 'es',
      source: 'google',
      consent: { date: '2025-03-21', how: 'whatsapp' },
    });
    expect(await readFile(file, 'utf8')).toContain('date: "2026-11-20"\n');
    // The save writes a hidden temporary file first and renames it: only the renamed file counts.
    const reviews = (await readdir(join(content, 'reviews'))).filter((name) => name.endsWith('.yaml') && !name.startsWith('.'));
    expect(reviews.filter((name) => name.includes('marta'))).toEqual(['2026-11-20-marta-l.yaml']);
  });

  it('on a phone, fits the review form to the screen, its Publish button on it, and saves the review', async () => {
    const phone = { width: 390, height: 844 };
    await openEditor('#/collections/reviews/new', phone);
    await fillReview(page);
    await retype(page, 'Autor \\(nombre e inicial\\)', 'Joan P.');
    await retype(page, 'Fecha', '2025-01-10');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(phone.width);
    const button = await page.getByRole('button', { name: 'Publicar' }).first().boundingBox();
    expect(button!.x).toBeGreaterThanOrEqual(0);
    expect(button!.x + button!.width).toBeLessThanOrEqual(phone.width);
    expect(button!.y + button!.height).toBeLessThanOrEqual(phone.height);
    await publish(page);
    expect(reviewSchema.parse(await saved(join(content, 'reviews/2025-01-10-joan-p.yaml')))).toMatchObject({
      author: 'Joan P.',
      rating: 5,
    });
  });

  it("saves a service whose list of extra sections is empty, as the build takes it, which the editor's check lets be", async () => {
    await openEditor('#/collections/services/entries/piscinas');
    const file = join(content, 'services/piscinas.yaml');
    expect(await readFile(file, 'utf8')).toContain('extras: []');
    // A change to save, the list left as it is.
    await retype(page, 'Orden', '50');
    await publish(page);
    // The file, rather than the notice, which a busy machine may show and take away between two looks.
    await expect.poll(async () => /^order: 50$/m.test(await readFile(file, 'utf8')), { timeout: timeouts.wait }).toBe(true);
    expect(await page.getByText(/obligatorio/).count()).toBe(0);
    // The next build takes it (the last step).
    expect(serviceSchema.parse(await saved(file))).toMatchObject({ order: 50, es: { extras: [] }, en: { extras: [] } });
  });

  it("shows a phone's HEIC chosen for upload in the media library as the photo, where Decap shows the word HEIC", async () => {
    await openEditor('#/collections/projects/new');
    await page
      .getByRole('button', { name: /Añadir foto\b/ })
      .first()
      .click();
    await upload(page, phoneHeic);
    await expectHeifThumbnail(page, 'phone.heic', timeouts.wait, 'decoded');
    await page.keyboard.press('Escape');
  });

  it('shows a HEIC saved before, in a new session, as the JPEG the site published of it', async () => {
    // The job saved above rebuilt the site, and with it the editor's page.
    const named = async () => (await (await fetch(editor)).text()).includes('"terraza-despues.heic"');
    await expect.poll(named, { timeout: timeouts.wait }).toBe(true);
    await openEditor('#/collections/projects');
    await page.getByRole('button', { name: 'Medios' }).click();
    await page.getByPlaceholder('Buscar...').fill('terraza-despues');
    await expectHeifThumbnail(page, 'terraza-despues.heic', timeouts.wait, 'published');
  });

  it('creates a legal text and then its English counterpart, each naming the other by a slug typed before it exists', async () => {
    for (const [lang, title, slug, other, text] of [
      ['es', 'Garantía de ejemplo', 'garantia-ejemplo', 'example-warranty', 'Texto de ejemplo de una garantía.'],
      ['en', 'Example warranty', 'example-warranty', 'garantia-ejemplo', 'An example warranty text.'],
    ] as const) {
      await openEditor(`#/collections/legal-${lang}/new`);
      await (await field(page, 'Título')).fill(title);
      await (await field(page, 'Descripción')).fill(`${title}: texto de prueba.`);
      await (await field(page, 'Dirección \\(slug\\)')).fill(slug);
      await (await field(page, 'La misma página en el otro idioma')).fill(other);
      await (await field(page, 'Actualizado el')).fill('2026-11-20');
      await typeMarkdown(page, 0, text);
      await publish(page);
      const file = join(content, `legal/${lang}/${slug}.md`);
      await expect.poll(() => existsSync(file), { timeout: timeouts.wait }).toBe(true);
      const { data, content: body } = matter(await readFile(file, 'utf8'));
      expect(legalFrontMatterSchema.parse(data)).toMatchObject({ title, slug, counterpart: other, updated: '2026-11-20' });
      expect(body.trim()).toBe(text);
    }
  });

  it('adds a town to the list of localities, and creates the local texts of a service that had none', async () => {
    await openEditor('#/collections/localities/entries/localities');
    await page.getByRole('button', { name: /Añadir localidad/ }).click();
    await (await field(page, 'Dirección \\(slug\\)')).fill('benitachell');
    await (await field(page, 'Nombre')).fill('Benitachell');
    await choose(page, 'Comarca', 'Marina Alta');
    await (await field(page, 'Latitud')).fill('38.73');
    await (await field(page, 'Longitud')).fill('0.14');
    for (const [nth, description, context] of [
      [0, 'Pueblo de ejemplo entre Jávea y Moraira.', 'con sus casas sobre los acantilados'],
      [1, 'An example village between Jávea and Moraira.', 'with its houses above the cliffs'],
    ] as const) {
      await (await field(page, 'Descripción', nth)).fill(description);
      await (await field(page, 'Contexto \\("en X, …"\\)', nth)).fill(context);
    }
    await publish(page);
    const localities = join(content, 'localities.yaml');
    await expect
      .poll(async () => localitiesFileSchema.parse(load(await readFile(localities, 'utf8'))).localities.map((l) => l.slug), {
        timeout: timeouts.wait,
      })
      .toContain('benitachell');
    const town = localitiesFileSchema.parse(load(await readFile(localities, 'utf8'))).localities.find((l) => l.slug === 'benitachell');
    expect(town).toMatchObject({ name: 'Benitachell', comarca: 'Marina Alta', geo: { lat: 38.73, lon: 0.14 } });

    // The worked example has no local texts: the pools' are created, named after the service.
    await openEditor('#/collections/localTexts/new');
    await choose(page, 'Servicio', 'Piscinas');
    // The towns are folded, by name: the first is the one just added, whose texts are written.
    await page.getByRole('button', { name: 'Desplegar' }).first().click();
    for (const [nth, heading, body, question, answer] of [
      [0, 'Piscinas en Benitachell (ejemplo)', 'Texto de ejemplo.', '¿Pregunta de ejemplo?', 'Respuesta de ejemplo.'],
      [1, 'Pools in Benitachell (example)', 'Example text.', 'An example question?', 'An example answer.'],
    ] as const) {
      await (await field(page, 'Título', nth)).fill(heading);
      await page
        .getByRole('button', { name: /Añadir párrafo/ })
        .nth(nth)
        .click();
      // "Texto" names the list and its paragraph: the paragraph is the second of each language.
      await (await field(page, 'Texto', 2 * nth + 1)).fill(body);
      await page
        .getByRole('button', { name: /Añadir pregunta/ })
        .nth(nth)
        .click();
      await (await field(page, 'Pregunta', nth)).fill(question);
      await (await field(page, 'Respuesta', nth)).fill(answer);
    }
    await publish(page);
    const texts = join(content, 'local/piscinas.yaml');
    const local = localFileSchema.parse(await saved(texts));
    expect(Object.keys(local)).toEqual(['benitachell']);
    expect(local.benitachell).toMatchObject({
      es: { heading: 'Piscinas en Benitachell (ejemplo)', body: ['Texto de ejemplo.'], faq: [{ answer: 'Respuesta de ejemplo.' }] },
      en: { heading: 'Pools in Benitachell (example)' },
    });
  });

  it('listens on one port of 127.0.0.1 only, the site and the editor together, and stops on Ctrl-C', async () => {
    // Anything Decap logs as an error, a configuration it finds invalid included, or the page's policy refused.
    expect(pageErrors).toEqual([]);
    const site = Number(new URL(editor).port);
    expect(await listeningPorts(cms.process.pid!)).toEqual([{ address: '127.0.0.1', port: site }]);

    const exited = new Promise((done) => cms.process.once('exit', done));
    process.kill(-cms.process.pid!, 'SIGINT');
    await exited;
    await vi.waitFor(async () => expect(await listeners(site)).toEqual([]), { timeout: 10_000 });
  });

  it('builds the job page with both photos as <picture>, the review where reviews show, no EXIF or GPS, and what else was created', async () => {
    const out = join(root, 'built');
    const build = spawn(process.execPath, [join(repoRoot, 'cli/bin.cjs'), 'build', '--content', content, '--out', out, '--no-cache'], {
      cwd: repoRoot,
    });
    let printedByBuild = '';
    build.stderr.on('data', (chunk: Buffer) => (printedByBuild += chunk.toString()));
    expect(await new Promise((done) => build.once('exit', done)), printedByBuild).toBe(0);

    await expectPublished(out, serial);
    // What else was created: the pair of legal texts, the town, and the pools' text there.
    expect(await readFile(join(out, 'garantia-ejemplo.html'), 'utf8')).toContain('Texto de ejemplo de una garantía.');
    expect(await readFile(join(out, 'en/example-warranty.html'), 'utf8')).toContain('An example warranty text.');
    expect(await readFile(join(out, 'piscinas/benitachell.html'), 'utf8')).toContain('Piscinas en Benitachell (ejemplo)');
  });
});
