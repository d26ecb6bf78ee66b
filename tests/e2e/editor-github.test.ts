/**
 * The editor on the live site, offline: the worked example in a real bare git repository, served by
 * a GitHub on 127.0.0.1 (tests/functions/fake-github.ts); the site built from it with the editor
 * pointed at that GitHub (EDITOR_REPOSITORY, EDITOR_GITHUB_API) and served by `npm start` with the
 * sign-in function (EDITOR_GITHUB_URL). In Chromium: sign in through the function, save a job with
 * a camera's JPEG and a phone's HEIC, and a review; then clone the repository and build it, as the
 * company's CI does after every save. The steps share one editor session and run in order.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFile, cp, readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { load } from 'js-yaml';
import sharp from 'sharp';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../../cli/commands/audit/chromium.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projectSchema } from '../../cli/site/schema/project.ts';
import { reviewSchema } from '../../cli/site/schema/review.ts';
import { startFakeGitHub, type FakeGitHub } from '../functions/fake-github.ts';
import { repoRoot, scratchDir, workedExampleDir } from '../helpers.ts';
import { addJobPhotos, cameraPhoto, expectPublished, fillJob, fillReview, publish } from './editor.ts';

const timeouts = { step: 240_000, setup: 300_000, wait: 60_000 };
const app = { clientId: 'Iv1.marina-editor', clientSecret: 'the-oauth-apps-secret' };
const repo = 'marina-hogar/web';
const serial = 'SN-GITHUB-TEST-0042';
/** The serial number in the EXIF of the phone's photo (tests/fixtures/phone-photo/make-phone-heic.mjs). */
const phoneSerial = 'SN-4417-PRIVATE';
const git = (cwd: string, ...args: string[]) => promisify(execFile)('git', args, { cwd }).then((r) => r.stdout.trim());
const gitBytes = (cwd: string, ...args: string[]) =>
  promisify(execFile)('git', args, { cwd, encoding: 'buffer', maxBuffer: 64 * 2 ** 20 }).then((r) => r.stdout);
const author = ['-c', 'user.name=Test', '-c', 'user.email=test@example.test'];

let root: string;
let gitDir: string;
let github: FakeGitHub;
let server: ChildProcess;
let site: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
let initialCommit: string;

/** Runs the command line to its end; fails with what it printed otherwise. */
async function sitegen(args: string[], env: Record<string, string> = {}): Promise<void> {
  const child = spawn(process.execPath, [join(repoRoot, 'cli/bin.cjs'), ...args], { cwd: repoRoot, env: { ...process.env, ...env } });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const code = await new Promise((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`sitegen ${args.join(' ')} exited with ${code}:\n${printed}`);
}

beforeAll(async () => {
  root = await scratchDir('editor-github-');
  // The company's repository: the content folder at its root, on main.
  const work = join(root, 'work');
  await cp(workedExampleDir, join(work, 'content'), { recursive: true });
  await git(root, 'init', '--quiet', '--initial-branch=main', work);
  await git(work, 'add', '.');
  await git(work, ...author, 'commit', '--quiet', '-m', 'The worked example');
  gitDir = join(root, 'web.git');
  await git(root, 'clone', '--quiet', '--bare', work, gitDir);
  initialCommit = await git(gitDir, 'rev-parse', 'main');
  github = await startFakeGitHub({ gitDir, repo, ...app, user: { login: 'marina', name: 'Marina Editora' } });

  await cameraPhoto(join(root, 'terraza-antes.jpg'), serial);
  await copyFile(join(repoRoot, 'tests/fixtures/phone-photo/phone.heic'), join(root, 'terraza-despues.heic'));

  const dist = join(root, 'dist');
  await sitegen(['build', '--content', join(work, 'content'), '--out', dist, '--cache', join(root, '.cache')], {
    EDITOR_REPOSITORY: repo,
    EDITOR_GITHUB_API: github.url,
  });
  server = spawn(process.execPath, [join(repoRoot, 'cli/bin.cjs'), 'serve', '--dir', dist, '--port', '0'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      GITHUB_CLIENT_ID: app.clientId,
      GITHUB_CLIENT_SECRET: app.clientSecret,
      EDITOR_GITHUB_URL: github.url,
      SMTP_URL: '',
      OUTBOX_DIR: join(root, 'outbox'),
    },
  });
  let printed = '';
  server.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const served = await vi.waitFor(
    () => {
      const match = /Serving .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(printed);
      if (!match) throw new Error(`npm start has not printed its address yet; it printed:\n${printed}`);
      return match[1]!;
    },
    { timeout: timeouts.wait, interval: 100 },
  );

  // The site at a name of its own, as on the web: the editor then takes the road it takes there,
  // not the one to `npm run cms` it takes on 127.0.0.1. Under .localhost, the browser trusts it as
  // it does HTTPS, and keeps its Secure cookie.
  const { port } = new URL(served);
  site = `http://marina.localhost:${port}`;
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumFlags, '--host-resolver-rules=MAP marina.localhost 127.0.0.1'],
  });
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  // GitHub's status page, which Decap asks whether the API is up: all well, as the test's GitHub is.
  await context.route('https://www.githubstatus.com/**', (route) =>
    route.fulfill({
      json: { components: [{ name: 'API Requests', status: 'operational' }] },
      headers: { 'access-control-allow-origin': '*' },
    }),
  );
  page = await context.newPage();
  page.setDefaultTimeout(timeouts.wait);
  page.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()));
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('dialog', (dialog) => void dialog.accept());
}, timeouts.setup);

afterAll(async () => {
  await browser?.close();
  server?.kill();
  await github?.close();
}, timeouts.setup);

/** The files of main's last commit in the bare repository, once main has moved past `since`. */
async function nextCommit(since: string): Promise<{ sha: string; files: string[]; author: string }> {
  const sha = await vi.waitFor(
    async () => {
      const head = await git(gitDir, 'rev-parse', 'main');
      if (head === since) throw new Error('main has not moved yet');
      return head;
    },
    { timeout: timeouts.wait, interval: 200 },
  );
  const files = (await git(gitDir, 'diff-tree', '--no-commit-id', '--name-only', '-r', `${since}`, sha)).split('\n');
  return { sha, files, author: await git(gitDir, 'log', '-1', '--format=%an', sha) };
}

/** The editor, loaded afresh at `hash` (a hash change alone leaves Decap where it was); signed in as before. */
async function openEditor(hash: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${site}/admin/${hash}`);
}

const fileAt = async (sha: string, path: string) => load(await git(gitDir, 'show', `${sha}:${path}`));

describe('the editor on the live site', { timeout: timeouts.step }, () => {
  it("signs in to GitHub through the site's own function, and shows the repository's jobs", async () => {
    await page.goto(`${site}/admin/`);
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Iniciar sesión con GitHub' }).click();
    const opened = await popup;
    await opened.waitForEvent('close');

    // Signed in, the editor opens its first collection: the jobs, read from the repository.
    await expect
      .poll(() => page.getByText('Puesta en marcha de una piscina en Moraira').count(), { timeout: timeouts.wait })
      .toBeGreaterThan(0);
    expect(github.authorizations.map((a) => [a.get('redirect_uri'), a.get('scope')])).toEqual([[`${site}/api/auth`, 'repo']]);
    expect(github.exchanges.map((e) => e.granted)).toEqual([true]);
  });

  it('saves a job with a JPEG and a phone HEIC as one commit on main, photos and all', async () => {
    await openEditor('#/collections/projects/new');
    await addJobPhotos(page, [join(root, 'terraza-antes.jpg'), join(root, 'terraza-despues.heic')]);
    await fillJob(page, 'terraza-javea', 'terrace-javea');
    await publish(page);

    const commit = await nextCommit(initialCommit);
    expect(commit.files.sort()).toEqual([
      'content/photos/terraza-antes.jpg',
      'content/photos/terraza-despues.heic',
      'content/projects/terraza-javea.yaml',
    ]);
    expect(commit.author).toBe('Marina Editora');
    expect(projectSchema.parse(await fileAt(commit.sha, 'content/projects/terraza-javea.yaml'))).toMatchObject({
      date: '2025-03-14',
      service: 'piscinas',
      locality: 'javea',
      photos: [
        { file: 'terraza-antes.jpg', role: 'before' },
        { file: 'terraza-despues.heic', role: 'after', alt: { en: 'The terrace after, with the new floor' } },
      ],
      es: { slug: 'terraza-javea', body: expect.stringContaining('**baldosa antideslizante**') },
      en: { slug: 'terrace-javea' },
    });
    // The originals in the repository, which may be public, are stripped in the browser: the camera's
    // JPEG keeps no EXIF (GPS position, serial), the phone's HEIC not its serial, each photo its pixels.
    const committed = (photo: string) => gitBytes(gitDir, 'show', `${commit.sha}:content/photos/${photo}`);
    const jpeg = await committed('terraza-antes.jpg');
    expect((await sharp(jpeg).metadata()).exif).toBeUndefined();
    expect(jpeg.includes(serial)).toBe(false);
    expect((await sharp(jpeg).raw().toBuffer()).equals(await sharp(join(root, 'terraza-antes.jpg')).raw().toBuffer())).toBe(true);
    const heic = await committed('terraza-despues.heic');
    expect((await readFile(join(root, 'terraza-despues.heic'))).includes(phoneSerial)).toBe(true);
    expect(heic.includes(phoneSerial)).toBe(false);
    expect(heic.length).toBe((await readFile(join(root, 'terraza-despues.heic'))).length);
    initialCommit = commit.sha;
  });

  it('saves a review as the next commit', async () => {
    await openEditor('#/collections/reviews/new');
    await fillReview(page);
    await publish(page);

    const commit = await nextCommit(initialCommit);
    expect(commit.files).toHaveLength(1);
    expect(commit.files[0]).toMatch(/^content\/reviews\/2025-03-20-marta-l\.yaml$/);
    expect(reviewSchema.parse(await fileAt(commit.sha, commit.files[0]!))).toMatchObject({
      author: 'Marta L.',
      rating: 5,
      source: 'google',
      consent: { date: '2025-03-21', how: 'whatsapp' },
    });
  });

  it('logged nothing as an error, and asked GitHub for nothing it does not serve', () => {
    expect(pageErrors).toEqual([]);
    expect(github.unexpected).toEqual([]);
  });

  it('builds a clone of the repository into the job page with both photos, the review, and no EXIF, GPS or serial', async () => {
    const clone = join(root, 'clone');
    await git(root, 'clone', '--quiet', gitDir, clone);
    const out = join(root, 'built');
    await sitegen(['build', '--content', join(clone, 'content'), '--out', out, '--cache', join(root, '.cache')]);

    // No public page loads the editor's code, or points at its sign-in.
    const pages = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html') && !f.startsWith('admin/'));
    expect(pages.length).toBeGreaterThan(20);
    for (const file of pages) expect(/\/admin\/|decap|\/api\/auth/i.test(await readFile(join(out, file), 'utf8')), file).toBe(false);
    await expectPublished(out, serial);
  });
});

describe('the sign-in, from a page of another origin', { timeout: timeouts.step }, () => {
  let other: Server;
  let otherOrigin: string;
  beforeAll(async () => {
    // A page that keeps every message it is sent and answers each handshake, as a thief would.
    other = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Otra web</title><script>
        window.received = [];
        window.addEventListener('message', (event) => {
          window.received.push(String(event.data));
          event.source.postMessage(event.data, '*');
        });
      </script>`),
    );
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(() => other?.close());

  async function otherPage(): Promise<Page> {
    const opener = await context.newPage();
    await opener.goto(otherOrigin);
    return opener;
  }

  it('is refused when that page opens it, and GitHub is never asked', async () => {
    const opener = await otherPage();
    const asked = github.authorizations.length;
    const popup = opener.waitForEvent('popup');
    await opener.evaluate((url) => void window.open(url), `${site}/api/auth?provider=github&scope=repo`);
    const opened = await popup;
    await opened.waitForLoadState();
    expect(await opened.locator('h1').textContent()).toBe('Inicio de sesión rechazado');
    expect(github.authorizations.length).toBe(asked);
    // Nor can its script read the function's answer.
    const read = await opener.evaluate(
      (url) =>
        fetch(url).then(
          (r) => `read ${r.status}`,
          () => 'refused',
        ),
      `${site}/api/auth?provider=github`,
    );
    expect(read).toBe('refused');
    await opener.close();
  });

  it('hands that page nothing when the window it opened signs in, though GitHub grants a token', async () => {
    const opener = await otherPage();
    const popup = opener.waitForEvent('popup');
    await opener.evaluate((url) => void window.open(url), `${site}/`);
    const opened = await popup;
    await opened.waitForLoadState();
    // The window, now on the site, starts a sign-in itself: the function cannot tell who opened it.
    const granted = github.exchanges.filter((e) => e.granted).length;
    await opened.evaluate(() => location.assign('/api/auth?provider=github&scope=repo'));
    await opened.waitForURL(/\/api\/auth\?code=/);
    await expect.poll(() => opened.locator('h1').textContent(), { timeout: timeouts.wait }).toBe('Sesión iniciada');
    expect(github.exchanges.filter((e) => e.granted).length).toBe(granted + 1);

    // The page posts to the site's origin only: the opener, elsewhere, is sent nothing, not even the
    // handshake. A message sent after the page's script ran arrives after anything it sent.
    await opened.evaluate(() => window.opener.postMessage('probe', '*'));
    const received = () => opener.evaluate(() => (window as unknown as { received: string[] }).received);
    await expect.poll(received, { timeout: timeouts.wait }).toContain('probe');
    expect(await received()).toEqual(['probe']);
    await opener.close();
  });
});
