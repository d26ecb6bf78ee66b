/**
 * What a built page makes the browser download. Which scripts import which comes from esbuild's
 * metafile of the island bundle (engine/render/client.ts); the page's HTML, read with an HTML
 * parser, tells its module scripts, preloads, stylesheets and islands. At load: those scripts with
 * every static import they pull in, and the stylesheets. On first use: the chunks that code
 * imports dynamically (on a focus, a submit…), with their static imports. The entry's dynamic
 * imports are the islands: a page loads only those it has.
 */
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { Parser } from 'htmlparser2';
import { bundleClient } from '../../engine/render/client.ts';
import { templatesDir } from '../../support/paths.ts';

/** Spec'd budget for the JavaScript one page loads, at load and on first use together, gzip. */
export const jsBudget = 12 * 1024;

export interface PageWeight {
  /** The islands on the page, by name, e.g. "ContactForm". */
  islands: string[];
  /** Site paths of the scripts loaded with the page, e.g. "/assets/client.X1Y2.js". */
  js: string[];
  /** Site paths of the scripts loaded on first use, not already loaded with the page. */
  firstUse: string[];
  css: string[];
  jsGzip: number;
  firstUseGzip: number;
  cssGzip: number;
}

/** What a page's HTML names: module scripts, module preloads and stylesheets (site paths), and islands. */
function pageAssets(html: string) {
  const found = { scripts: [] as string[], preloads: [] as string[], css: [] as string[], islands: new Set<string>() };
  const parser = new Parser({
    onopentag(name, a) {
      if (name === 'script' && a.type === 'module' && a.src) found.scripts.push(a.src);
      if (name === 'link' && a.rel === 'modulepreload' && a.href) found.preloads.push(a.href);
      if (name === 'link' && a.rel === 'stylesheet' && a.href) found.css.push(a.href);
      if (a['data-island']) found.islands.add(a['data-island']);
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

/** "/assets/ContactForm.X1Y2.js" names the ContactForm island. */
const moduleName = (path: string) => posix.basename(path).split('.')[0]!;

let current: Promise<Metafile> | undefined;
/** The metafile of the island bundle the templates make now, built once per process. */
export const currentClient = (): Promise<Metafile> => (current ??= bundleClient(templatesDir).then((result) => result.metafile));

/**
 * The weight of the page `htmlFile` of the built site `dir`, whose scripts `client` (the island
 * bundle's metafile) describes: by default the bundle of the current templates. Fails when the
 * page loads a script the metafile does not know: the site was built from other templates.
 */
export async function pageWeight(dir: string, htmlFile: string, client?: Metafile): Promise<PageWeight> {
  const { outputs } = client ?? (await currentClient());
  const page = pageAssets(await readFile(join(dir, htmlFile), 'utf8'));
  // The metafile names outputs by their path below the site's root, "assets/client.X1Y2.js".
  const output = (path: string) => {
    const found = outputs[path.slice(1)];
    if (!found)
      throw new Error(
        `${join(dir, htmlFile)}: it loads ${path}, which the templates no longer make; build the site again before measuring it`,
      );
    return found;
  };
  const imports = (path: string, kind: Metafile['outputs'][string]['imports'][number]['kind']) =>
    output(path)
      .imports.filter((i) => i.kind === kind)
      .map((i) => `/${i.path}`);
  /** Adds `path` and its static imports to `into`, unless `loaded` has them; returns what it added. */
  const visit = (path: string, into: Set<string>, loaded: Set<string> = into): string[] => {
    if (loaded.has(path) || into.has(path)) return [];
    into.add(path);
    return [path, ...imports(path, 'import-statement').flatMap((specifier) => visit(specifier, into, loaded))];
  };
  const js = new Set<string>();
  for (const src of [...page.scripts, ...page.preloads]) visit(src, js);

  const firstUse = new Set<string>();
  const pending = [...js];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    for (const target of imports(path, 'dynamic-import')) {
      if (page.scripts.includes(path) && !page.islands.has(moduleName(target))) continue; // another page's island
      pending.push(...visit(target, firstUse, js));
    }
  }

  const gzip = async (paths: Iterable<string>) => {
    let total = 0;
    for (const path of paths) total += gzipSync(await readFile(join(dir, path))).length;
    return total;
  };
  return {
    islands: [...page.islands].sort(),
    js: [...js],
    firstUse: [...firstUse],
    css: page.css,
    jsGzip: await gzip(js),
    firstUseGzip: await gzip(firstUse),
    cssGzip: await gzip(page.css),
  };
}
