import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadModelWithoutHtml } from '../../engine/model.ts';
import { outputFile, type Route, RouteMap } from '../../site/routes.ts';
import { mainWords, shingles, similarity } from './similarity.ts';
import { messages } from '../../messages.ts';

/** Pages compared with each other: one family in one language (one service, for locality pages). */
const groupOf = (route: Route) => `${route.lang} ${route.family}${route.family === 'service-locality' ? ` ${route.service.key}` : ''}`;

/** Past this many pages a group is compared by sample, so a big blog still reports in seconds. */
const fullComparison = 300;

export interface ContentReport {
  /** The most alike pages of a group, most alike first. */
  pairs: { a: string; b: string; similarity: number }[];
  /** Pages whose text mostly appears on other pages of their group. */
  shared: { page: string; sharedShare: number; words: number }[];
  /** Pages with the fewest words of their own (in no other page of their group). */
  thin: { page: string; ownWords: number; words: number }[];
}

/** Reads every indexable page of the built site and measures how much of its text is its own. */
export async function contentReport(dir: string, contentDir: string, top: number): Promise<ContentReport> {
  const routes = new RouteMap(await loadModelWithoutHtml(contentDir)).routes.filter((r) => r.indexable);
  const groups = new Map<string, { path: string; words: number; set: Set<string> }[]>();
  await Promise.all(
    routes.map(async (route) => {
      const html = await readFile(join(dir, outputFile(route.path)), 'utf8').catch((cause: unknown) => {
        throw new Error(messages.notBuilt(`${join(dir, outputFile(route.path))} is missing`), { cause });
      });
      const words = mainWords(html);
      const list = groups.get(groupOf(route)) ?? [];
      list.push({ path: route.path, words: words.length, set: shingles(words) });
      groups.set(groupOf(route), list);
    }),
  );
  const report: ContentReport = { pairs: [], shared: [], thin: [] };
  for (const pages of groups.values()) {
    pages.sort((a, b) => a.path.localeCompare(b.path));
    // How many pages of the group hold each shingle: one means it is the page's own.
    const holders = new Map<string, number>();
    for (const page of pages) for (const shingle of page.set) holders.set(shingle, (holders.get(shingle) ?? 0) + 1);
    for (const [i, page] of pages.entries()) {
      let own = 0;
      for (const shingle of page.set) if (holders.get(shingle) === 1) own++;
      if (pages.length > 1)
        report.shared.push({ page: page.path, sharedShare: round(1 - own / Math.max(page.set.size, 1)), words: page.words });
      report.thin.push({ page: page.path, ownWords: own, words: page.words });
      const others = pages.length <= fullComparison ? pages.slice(i + 1) : sample(pages, i);
      for (const other of others) report.pairs.push({ a: page.path, b: other.path, similarity: round(similarity(page.set, other.set)) });
    }
  }
  report.pairs = report.pairs.sort((x, y) => y.similarity - x.similarity).slice(0, top);
  report.shared = report.shared.sort((x, y) => y.sharedShare - x.sharedShare).slice(0, top);
  report.thin = report.thin.sort((x, y) => x.ownWords - y.ownWords).slice(0, top);
  return report;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** Thirty pages after `index`, spread over the group: enough to find near-copies of a page. */
const sample = <T>(pages: T[], index: number) =>
  Array.from({ length: 30 }, (_, k) => pages[(index + 1 + k * 37) % pages.length]!).filter((p) => p !== pages[index]);

export async function reportCommand(opts: { dir: string; content: string; json?: boolean; top: string }): Promise<void> {
  const top = Number(opts.top);
  const report = await contentReport(opts.dir, opts.content, Number.isInteger(top) && top > 0 ? top : 10);
  if (opts.json) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  const table = (title: string, head: string[], rows: (string | number)[][]) => {
    const cells = [head, ...rows.map((row) => row.map(String))];
    const widths = head.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
    console.log(
      `\n${title}\n${cells
        .map((row) =>
          row
            .map((cell, i) => cell.padEnd(widths[i]!))
            .join('  ')
            .trimEnd(),
        )
        .join('\n')}`,
    );
  };
  table(
    'Most similar pages (5-word shingles shared, Jaccard; aim below 0.35)',
    ['similarity', 'page', 'page'],
    report.pairs.map((p) => [p.similarity, p.a, p.b]),
  );
  table(
    'Pages whose text is mostly on other pages of their kind',
    ['shared', 'words', 'page'],
    report.shared.map((p) => [p.sharedShare, p.words, p.page]),
  );
  table(
    'Pages with the fewest words of their own',
    ['own', 'words', 'page'],
    report.thin.map((p) => [p.ownWords, p.words, p.page]),
  );
}
