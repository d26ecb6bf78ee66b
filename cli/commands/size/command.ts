import { relative } from 'node:path';
import { loadModelWithoutHtml } from '../../engine/model.ts';
import { outputFile, RouteMap, sampledFamilies } from '../../site/routes.ts';
import { jsBudget, pageWeight } from './measure.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const cell = (bytes: number) => `${bytes} B (${kb(bytes)})`;

/**
 * Prints the gzip weight of the JavaScript and CSS each page family loads, against the JS budget,
 * and the islands its pages have: the JavaScript counts what the page loads on first use too,
 * e.g. when a form is filled in. What each script imports comes from esbuild's metafile of the
 * island bundle the templates make (measure.ts).
 */
export async function size(opts: { dir: string; content?: string }): Promise<void> {
  const routes = new RouteMap(await loadModelWithoutHtml(opts.content ?? 'content'));
  // Pages of one family load the same JavaScript and CSS, so one page per family and language tells.
  const samples = sampledFamilies
    .flatMap((family) => routes.byFamily(family, routes.languages[0]).slice(0, 1))
    .flatMap((route) => routes.counterparts(route));
  const rows = [['family', 'page', 'JS gzip', 'of it on first use', 'CSS gzip', 'islands', '']];
  let over = 0;
  for (const route of samples) {
    const weight = await pageWeight(opts.dir, outputFile(route.path));
    const js = weight.jsGzip + weight.firstUseGzip;
    if (js > jsBudget) over++;
    rows.push([
      route.family,
      route.path,
      cell(js),
      cell(weight.firstUseGzip),
      cell(weight.cssGzip),
      weight.islands.join(', ') || '-',
      js > jsBudget ? `OVER ${kb(jsBudget)}` : '',
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const numeric = (i: number) => i >= 2 && i <= 4;
  for (const row of rows)
    console.log(
      row
        .map((text, i) => (numeric(i) ? text.padStart(widths[i]!) : text.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    );
  const where = `${relative(process.cwd(), opts.dir) || '.'}/`;
  if (over === 0) console.log(`\nEvery page of ${where} loads at most ${kb(jsBudget)} of JavaScript (gzip), first use included.`);
  else {
    console.log(`\n${over} page(s) of ${where} load more than ${kb(jsBudget)} of JavaScript (gzip), first use included.`);
    process.exitCode = 1;
  }
}
