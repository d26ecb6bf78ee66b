import { execFile } from 'node:child_process';
import { access, constants, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { loadModelWithoutHtml } from '../../engine/model.ts';
import { RouteMap } from '../../site/routes.ts';
import { createSiteServer } from '../serve/server.ts';
import { chromiumFlags } from './chromium.ts';
import { chosenFamilies } from './families.ts';
import { messages } from '../../messages.ts';

// Lighthouse and what it brings (Sentry, OpenTelemetry, Puppeteer: some 180 MB) are fetched by npm
// on the first audit and kept in npm's cache, instead of in every install of the site, CI's included.
export const lighthouse = 'lighthouse@12.8.2';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { title: string; score: number | null }>;
}

/** Lighthouse's report on `url`, from its command line, which starts Chromium itself. */
async function lighthouseReport(url: string, chromium: string): Promise<Report> {
  const args = ['exec', '--yes', `--package=${lighthouse}`, '--', 'lighthouse', url, '--quiet', '--output=json', '--output-path=stdout'];
  args.push(`--only-categories=${categories.join(',')}`, `--chrome-flags=${chromiumFlags.join(' ')}`);
  const run = await promisify(execFile)('npm', args, { env: { ...process.env, CHROME_PATH: chromium }, maxBuffer: 64 << 20 }).catch(
    (cause: { stderr?: string }) => {
      const said = cause.stderr?.trim().split('\n').slice(-3).join('\n') ?? '';
      throw new Error(messages.auditFailed(lighthouse, url, said), { cause });
    },
  );
  return JSON.parse(run.stdout) as Report;
}

/**
 * Runs Lighthouse (mobile profile) on one page of each family, served as the hosts serve it,
 * and prints the four category scores per page. A report, not a test: scores move with load.
 */
export async function audit(opts: { dir: string; content: string; family?: string[]; chromium: string }): Promise<void> {
  const families = chosenFamilies(opts.family);
  if (!(await stat(join(opts.dir, 'index.html')).catch(() => undefined)))
    throw new Error(messages.notBuilt(`${resolve(opts.dir)} has no index.html`, 'then "npm run audit" again'));
  // Lighthouse would start another Chromium than the one named, if it found one.
  await access(opts.chromium, constants.X_OK).catch((cause: unknown) => {
    throw new Error(messages.noChromium(opts.chromium), { cause });
  });
  const routes = new RouteMap(await loadModelWithoutHtml(opts.content));
  // A family the content has no page of (no finished jobs yet, say) is left out.
  const samples = families.flatMap((family) => routes.byFamily(family, routes.languages[0]).slice(0, 1));
  const server = createSiteServer({ dir: opts.dir });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.stderr.write(`  Lighthouse: ${lighthouse}, which npm fetches on the first audit\n`);
  const rows: string[][] = [];
  // What cost each page points, so a score below 100 says what to fix.
  const lost = new Set<string>();
  try {
    for (const { family, path } of samples) {
      process.stderr.write(`  auditing ${path}…\n`);
      const lhr = await lighthouseReport(origin + path, opts.chromium);
      const scores = categories.map((c) => String(Math.round((lhr.categories[c]?.score ?? 0) * 100)));
      for (const c of categories)
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id]!;
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) lost.add(`${c}: ${audit.title} (${ref.id})`);
        }
      rows.push([family, path, ...scores]);
    }
  } finally {
    server.close();
  }
  const header = ['family', 'page', 'perf', 'a11y', 'best', 'seo'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  if (lost.size) console.log(`\nAudits that cost points on some page:\n${[...lost].map((line) => `  ${line}`).join('\n')}`);
}
