import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { LinkChecker, LinkState } from 'linkinator';
import { loadModelWithoutHtml } from '../../engine/model.ts';
import { RouteMap } from '../../site/routes.ts';
import { UserError } from '../../errors.ts';
import { createSiteServer } from '../serve/server.ts';
import { formatReport, type Problem, type Summary } from './report.ts';
import { readPages, redirectChecks, siteChecks } from './site-checks.ts';

export interface CheckLinksOptions {
  dir: string;
  content: string;
  external?: boolean;
  json?: boolean;
}

/**
 * Serves the built site as the hosts do and checks every link, image, script, stylesheet,
 * canonical and hreflang target with linkinator, plus our own site checks (site-checks.ts).
 */
export async function checkLinks(opts: CheckLinksOptions): Promise<Summary> {
  const started = performance.now();
  const model = await loadModelWithoutHtml(opts.content);
  const pages = await readPages(opts.dir);
  if (pages.length === 0) throw new UserError(`${opts.dir} has no pages: run "npm run build" first.`);
  const sitemap = await readFile(join(opts.dir, 'sitemap.xml'), 'utf8').catch(() => undefined);
  const redirects = await readFile(join(opts.dir, '_redirects'), 'utf8').catch(() => '');
  const problems: Problem[] = [...siteChecks(pages, sitemap, model, new RouteMap(model)), ...redirectChecks(redirects, pages)];

  const server = createSiteServer({ dir: opts.dir });
  // Checking thousands of pages keeps this process busy for minutes: Node's request timeouts
  // then reset the checker's waiting connections, which linkinator reports as broken links.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const progress = process.stderr.isTTY && !opts.json;
  let links = 0;
  try {
    const checker = new LinkChecker();
    checker.on('link', () => {
      links += 1;
      if (progress && links % 100 === 0) process.stderr.write(`\r  ${links} links checked…`);
    });
    const result = await checker.check({
      // Every built page is a start; no crawl needed, and each problem keeps its true page.
      path: pages.map((p) => local + p.path),
      recurse: false,
      // More in flight gains nothing on one thread and, past a minute of checking, resets connections.
      concurrency: 10,
      // Canonical and hreflang URLs name the public site; check them against this build.
      urlRewriteExpressions: [{ pattern: new RegExp(`^${model.site.baseUrl.replace(/\./g, '\\.')}`), replacement: local }],
      linksToSkip: opts.external ? [] : [`^(?!${local.replace(/\./g, '\\.')})`],
    });
    for (const link of result.links.filter((l) => l.state === LinkState.BROKEN)) {
      const page = link.parent ? new URL(link.parent).pathname.replace(/(.)\/$/, '$1') : '(start)';
      const reason = link.status ? `HTTP ${link.status}` : 'broken';
      problems.push({ page, target: link.url.replace(local, ''), reason });
    }
  } finally {
    if (progress) process.stderr.write('\r\u001b[K');
    server.close();
  }
  return { pages: pages.length, links, seconds: (performance.now() - started) / 1000, problems };
}

export async function checkLinksCommand(opts: CheckLinksOptions): Promise<void> {
  const summary = await checkLinks(opts);
  console.log(opts.json ? JSON.stringify(summary, null, 2) : formatReport(summary));
  if (summary.problems.length > 0) process.exitCode = 1;
}
