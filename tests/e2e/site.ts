/**
 * Shared setup of the browser tests: the real site, built once per test file into a temporary
 * folder, served on 127.0.0.1 the way the hosts serve it, and a headless Debian Chromium.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { templatesDir } from '../../cli/support/paths.ts';
import { build } from '../../cli/engine/pipeline.ts';
import { loadContent } from '../../cli/engine/content.ts';
import type { RouteMap } from '../../cli/site/routes.ts';
import { writeOutputs } from '../../cli/engine/write/publish.ts';
import { chromiumFlags, chromiumPath } from '../../cli/commands/audit/chromium.ts';
import { createSiteServer, type NodeHandler } from '../../cli/commands/serve/server.ts';
import { contentDir, scratchDir, testPhotoCache } from '../helpers.ts';

/** A 2-core machine builds, serves and drives Chromium at once: be patient, not flaky. */
export const timeouts = { test: 60_000, setup: 180_000 };

export const desktop = { width: 1280, height: 800 };
export const phone = { width: 390, height: 844 };

/** What the test endpoint at /api/send-contact-email received, and how it answers. */
export interface ContactEndpoint {
  /** JSON bodies of the posts, in order. */
  received: unknown[];
  /** Status of the next answers; 200 until changed. */
  status: number;
  /** While set, answers wait for this promise, so a test can watch the sending state. */
  hold?: Promise<void>;
}

export interface OpenPage {
  page: Page;
  /** console.error messages and uncaught exceptions of the page, as text. */
  errors: string[];
}

export interface TestSite {
  origin: string;
  /** The built site's folder and its routes. */
  dir: string;
  routes: RouteMap;
  contact: ContactEndpoint;
  /** Requests for the optional analytics script, which the test build points at this server. */
  analyticsHits: () => number;
  /** A page in a fresh browser context (empty localStorage), desktop-sized unless told otherwise. */
  newPage(options?: BrowserContextOptions): Promise<OpenPage>;
  /** newPage with `path` loaded and its islands hydrated (no wait with `javaScriptEnabled: false`). */
  open(path: string, options?: BrowserContextOptions): Promise<OpenPage>;
  /** Closes the contexts opened so far (useSite does after each test). */
  closePages(): Promise<void>;
  close(): Promise<void>;
}

const contactPath = '/api/send-contact-email';
const analyticsPath = '/test-analytics.js';

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });

/** `api` replaces the test endpoints, e.g. with the real contact function; `content` the real content. */
async function startSite({
  api: apiOverrides = {},
  content: from = contentDir,
}: {
  api?: Record<string, NodeHandler>;
  content?: string;
} = {}): Promise<TestSite> {
  const contact: ContactEndpoint = { received: [], status: 200 };
  let analyticsHits = 0;
  const api = {
    [contactPath]: async (req: IncomingMessage, res: ServerResponse) => {
      contact.received.push(JSON.parse(await readBody(req)));
      await contact.hold;
      res.writeHead(contact.status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: contact.status < 300 }));
    },
    [analyticsPath]: (_req: IncomingMessage, res: ServerResponse) => {
      analyticsHits++;
      res.writeHead(200, { 'content-type': 'text/javascript' }).end('');
    },
  };
  const browser: Browser = await launchChromium().catch((cause: unknown) => {
    throw new Error(`cannot start ${chromiumPath}: install Debian's chromium (.ci/run does)`, { cause });
  });
  const root = await scratchDir('e2e-site-');
  const dir = join(root, 'dist');
  const server = createSiteServer({ dir, api: { ...api, ...apiOverrides } });
  const stop = async () => {
    await browser.close();
    await new Promise((done) => server.close(done));
    await rm(root, { recursive: true, force: true });
  };
  let origin: string;
  let routes: RouteMap;
  try {
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The content, with the optional analytics script switched on so consent can be seen to gate it.
    const content = await loadContent(from);
    const withAnalytics = { ...content, site: { ...content.site, analytics: { src: `${origin}${analyticsPath}` } } };
    const built = await build(withAnalytics, { templatesDir, year: new Date().getFullYear(), photoCache: testPhotoCache });
    await writeOutputs(dir, built.outputs);
    routes = built.routes;
  } catch (error) {
    await stop();
    throw error;
  }
  const contexts: BrowserContext[] = [];
  const newPage = async (options: BrowserContextOptions = {}): Promise<OpenPage> => {
    const context = await browser.newContext({ viewport: desktop, ...options });
    contexts.push(context);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    return { page, errors };
  };

  return {
    origin,
    dir,
    routes,
    contact,
    analyticsHits: () => analyticsHits,
    newPage,
    async open(path, options = {}) {
      const opened = await newPage(options);
      await opened.page.goto(origin + path);
      if (options.javaScriptEnabled !== false) await hydrated(opened.page);
      return opened;
    },
    async closePages() {
      await Promise.all(contexts.splice(0).map((c) => c.close()));
    },
    close: stop,
  };
}

/**
 * Waits until the layout's islands have hydrated: the services menu marks itself once mounted,
 * and the effects of every island hydrated with it have run by then.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('[data-menu][data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * The test file's site: started before its first test (one build, server and browser per file),
 * with each test's browser contexts closed after it and everything stopped after the last.
 */
export function useSite(options?: Parameters<typeof startSite>[0]): TestSite {
  const site = {} as TestSite;
  beforeAll(async () => void Object.assign(site, await startSite(options)), timeouts.setup);
  afterEach(() => site.closePages?.(), timeouts.test);
  afterAll(() => site.close?.(), timeouts.setup);
  return site;
}
