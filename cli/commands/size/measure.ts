/**
 * What a built page makes the browser download, read from the files themselves. At load: its
 * module script and modulepreload links with every static import they pull in, and its
 * stylesheets. On first use: the chunks that code imports dynamically (on a focus, a submit…),
 * with their static imports. The entry's dynamic imports are the islands
 * (engine/render/client.ts): a page loads only those it has.
 */
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Spec'd budget for the JavaScript one page loads, at load and on first use together, gzip. */
export const jsBudget = 12 * 1024;

export interface PageWeight {
  /** Site paths of the scripts loaded with the page, e.g. "/assets/client.X1Y2.js". */
  js: string[];
  /** Site paths of the scripts loaded on first use, not already loaded with the page. */
  firstUse: string[];
  css: string[];
  jsGzip: number;
  firstUseGzip: number;
  cssGzip: number;
}

const attributes = (tag: string) => Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
const tags = (html: string, name: string) => [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((m) => attributes(m[0]));

/** The module specifiers of the import statements esbuild hoists to the top of a chunk. */
function staticImports(code: string): string[] {
  const statement = /\s*import\s*(?:[\w$\s{},*]*?from\s*)?"([^"]+)";?/y;
  const found: string[] = [];
  for (let m = statement.exec(code); m; m = statement.exec(code)) found.push(m[1]!);
  return found;
}

/** The module specifiers of the dynamic imports in a chunk, as esbuild writes them: import("./x.js"). */
const dynamicImports = (code: string): string[] => [...code.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]!);

/** "/assets/ContactForm.X1Y2.js" names the ContactForm island. */
const moduleName = (path: string) => posix.basename(path).split('.')[0]!;

export async function pageWeight(dir: string, htmlFile: string): Promise<PageWeight> {
  const html = await readFile(join(dir, htmlFile), 'utf8');
  const read = (path: string) => readFile(join(dir, path));
  const code = new Map<string, string>();
  /** Adds `path` and its static imports to `into`, unless `loaded` has them; returns what it added. */
  const visit = async (path: string, into: Set<string>, loaded: Set<string> = into): Promise<string[]> => {
    if (loaded.has(path) || into.has(path)) return [];
    into.add(path);
    code.set(path, (await read(path)).toString('utf8'));
    const added = [path];
    for (const specifier of staticImports(code.get(path)!))
      added.push(...(await visit(posix.resolve(posix.dirname(path), specifier), into, loaded)));
    return added;
  };
  const scripts = tags(html, 'script')
    .filter((a) => a.type === 'module' && a.src)
    .map((a) => a.src!);
  const preloads = tags(html, 'link')
    .filter((a) => a.rel === 'modulepreload')
    .map((a) => a.href!);
  const js = new Set<string>();
  for (const src of [...scripts, ...preloads]) await visit(src, js);

  const islands = new Set([...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]!));
  const firstUse = new Set<string>();
  const pending = [...js];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    for (const specifier of dynamicImports(code.get(path)!)) {
      const target = posix.resolve(posix.dirname(path), specifier);
      if (scripts.includes(path) && !islands.has(moduleName(target))) continue; // another page's island
      pending.push(...(await visit(target, firstUse, js)));
    }
  }

  const css = tags(html, 'link')
    .filter((a) => a.rel === 'stylesheet')
    .map((a) => a.href!);
  const gzip = async (paths: Iterable<string>) => {
    let total = 0;
    for (const path of paths) total += gzipSync(await read(path)).length;
    return total;
  };
  return {
    js: [...js],
    firstUse: [...firstUse],
    css,
    jsGzip: await gzip(js),
    firstUseGzip: await gzip(firstUse),
    cssGzip: await gzip(css),
  };
}
