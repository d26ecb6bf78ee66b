import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import { loadModelWithoutHtml } from '../../engine/model.ts';
import { RouteMap } from '../../site/routes.ts';
import { createSiteServer } from '../serve/server.ts';
import { chromiumFlags } from './chromium.ts';
import { chosenFamilies } from './families.ts';
import { messages } from '../../messages.ts';

// Lighthouse is an ES module only. The CLI runs as a CommonJS bundle (cli/bin.cjs), where
// `import lighthouse from 'lighthouse'` gave the module's whole namespace, not its default export,
// and the first call failed. require() returns the namespace both there and unbundled.
const { default: lighthouse } = createRequire(import.meta.url)('lighthouse') as typeof import('lighthouse');

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * Runs Lighthouse (mobile profile) on one page of each family, served as the hosts serve it,
 * and prints the four category scores per page. A report, not a test: scores move with load.
 */
export async function audit(opts: { dir: string; content: string; family?: string[]; chromium: string }): Promise<void> {
  const families = chosenFamilies(opts.family);
  if (!(await stat(join(opts.dir, 'index.html')).catch(() => undefined)))
    throw new Error(messages.notBuilt(`${resolve(opts.dir)} has no index.html`, 'then "npm run audit" again'));
  const routes = new RouteMap(await loadModelWithoutHtml(opts.content));
  // A family the content has no page of (no finished jobs yet, say) is left out.
  const samples = families.flatMap((family) => routes.byFamily(family, 'es').slice(0, 1));
  const server = createSiteServer({ dir: opts.dir });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const chrome = await launch({ chromePath: opts.chromium, chromeFlags: chromiumFlags }).catch((cause: unknown) => {
    server.close();
    throw new Error(messages.noChromium(opts.chromium), { cause });
  });
  const rows: string[][] = [];
  // What cost each page points, so a score below 100 says what to fix.
  const lost = new Set<string>();
  try {
    for (const { family, path } of samples) {
      process.stderr.write(`  auditing ${path}…\n`);
      const result = await lighthouse(origin + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
      });
      const lhr = result?.lhr;
      const scores = categories.map((c) => String(Math.round((lhr?.categories[c]?.score ?? 0) * 100)));
      for (const c of categories)
        for (const ref of lhr?.categories[c]?.auditRefs ?? []) {
          const audit = lhr!.audits[ref.id]!;
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) lost.add(`${c}: ${audit.title} (${ref.id})`);
        }
      rows.push([family, path, ...scores]);
    }
  } finally {
    await chrome.kill();
    server.close();
  }
  const header = ['family', 'page', 'perf', 'a11y', 'best', 'seo'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  if (lost.size) console.log(`\nAudits that cost points on some page:\n${[...lost].map((line) => `  ${line}`).join('\n')}`);
}
