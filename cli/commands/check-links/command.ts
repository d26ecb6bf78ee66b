import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { loadModelWithoutHtml } from '../../engine/model.ts';
import { adminFolder } from '../../engine/write/admin/files.ts';
import { RouteMap } from '../../site/routes.ts';
import { parseRedirects } from '../serve/rules.ts';
import { HostedSite } from './hosted-site.ts';
import { linkChecks } from './links.ts';
import { formatReport, type Summary } from './report.ts';
import { startScan } from './scan-pool.ts';
import { hreflangChecks, reachabilityChecks, redirectChecks, routeMapChecks, sitemapChecks } from './site-checks.ts';
import { messages } from '../../messages.ts';

export interface CheckLinksOptions {
  dir: string;
  content: string;
  external?: boolean;
  json?: boolean;
}

/**
 * Checks the built site from its files: every link, image, script, stylesheet, canonical and
 * hreflang target is answered as the hosts would answer it, and the pages agree with the route
 * map, the sitemap and `_redirects`. Pages are read and tokenized in worker threads while the
 * content loads; only `--external` goes over HTTP, to other sites.
 */
export async function checkLinks(opts: CheckLinksOptions): Promise<Summary> {
  const started = performance.now();
  const files = await siteFiles(opts.dir);
  // The editor at /admin/ is no public page: not in the sitemap, not linked, not checked.
  const pages = files.filter((file) => file.endsWith('.html') && !file.startsWith(`${adminFolder}/`)).sort();
  if (pages.length === 0) throw new Error(messages.notBuilt(`${opts.dir} has no pages`));
  const status = statusLine(opts.json);
  // Workers first: they scan the pages while loading the content holds this thread for seconds.
  const scanning = await startScan(opts.dir, pages, (done) => status?.(`${done} of ${pages.length} pages read…`));
  try {
    const [model, scans, sitemap, redirects] = await Promise.all([
      loadModelWithoutHtml(opts.content),
      scanning.scans,
      readOptional(join(opts.dir, 'sitemap.xml')),
      readOptional(join(opts.dir, '_redirects')),
    ]);
    const routes = new RouteMap(model);
    const { baseUrl } = model.site;
    const toPath = (url: string) => (url.startsWith(baseUrl) ? url.slice(baseUrl.length) || '/' : url);
    const rules = parseRedirects(redirects ?? '');
    const links = linkChecks(scans, new HostedSite(new Set(files), rules), model);
    const problems = [
      ...routeMapChecks(scans, routes),
      ...links.problems,
      ...reachabilityChecks(scans, routes, baseUrl),
      ...hreflangChecks(scans, routes, toPath),
      ...sitemapChecks(scans, sitemap, toPath),
      ...redirectChecks(rules, scans, routes),
    ];
    if (opts.external) {
      // Loaded only here: linkinator and its HTTP client take longer to load than a check of thousands of pages.
      const { externalChecks } = await import('./external.ts');
      const total = links.external.size;
      problems.push(...(await externalChecks(links.external, (done) => status?.(`${done} of ${total} links to other sites checked…`))));
    }
    return { pages: pages.length, links: links.checked, seconds: (performance.now() - started) / 1000, problems };
  } finally {
    status?.('');
    scanning.stop();
  }
}

export async function checkLinksCommand(opts: CheckLinksOptions): Promise<void> {
  const summary = await checkLinks(opts);
  console.log(opts.json ? JSON.stringify(summary, null, 2) : formatReport(summary));
  if (summary.problems.length > 0) process.exitCode = 1;
}

/** Every file of the output folder, relative and with "/" separators. */
async function siteFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new Error(messages.notBuilt(`${dir} does not exist`, 'or pass the built site as --dir'));
    throw error;
  });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** A file of the output folder, or undefined when the build did not write it. */
async function readOptional(file: string): Promise<string | undefined> {
  return readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new Error(`check-links could not read ${file}`, { cause: error });
  });
}

/** Rewrites one line of a terminal's stderr in place ('' clears it); undefined in logs, pipes and with --json. */
function statusLine(json?: boolean): ((text: string) => void) | undefined {
  if (json || !process.stderr.isTTY) return undefined;
  return (text) => process.stderr.write(`\r\u001b[K${text && `  ${text}`}`);
}
