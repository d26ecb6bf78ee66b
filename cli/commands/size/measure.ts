/**
 * What a built page makes the browser download at load time, read from the files themselves:
 * its module script and modulepreload links with every static import they pull in, and its
 * stylesheets. Dynamic imports are left out: they load later, e.g. the form's schema on focus.
 */
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Spec'd budget for the JavaScript one page loads, gzip. */
export const jsBudget = 12 * 1024;

export interface PageWeight {
  /** Site paths of the files, e.g. "/assets/client.X1Y2.js". */
  js: string[];
  css: string[];
  jsGzip: number;
  cssGzip: number;
}

const attributes = (tag: string) => Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
const tags = (html: string, name: string) => [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((m) => attributes(m[0]));

/** The module specifiers of the import statements esbuild hoists to the top of a chunk. */
export function staticImports(code: string): string[] {
  const statement = /\s*import\s*(?:[\w$\s{},*]*?from\s*)?"([^"]+)";?/y;
  const found: string[] = [];
  for (let m = statement.exec(code); m; m = statement.exec(code)) found.push(m[1]!);
  return found;
}

export async function pageWeight(dir: string, htmlFile: string): Promise<PageWeight> {
  const html = await readFile(join(dir, htmlFile), 'utf8');
  const read = (path: string) => readFile(join(dir, path));
  const js = new Set<string>();
  const visit = async (path: string): Promise<void> => {
    if (js.has(path)) return;
    js.add(path);
    const code = (await read(path)).toString('utf8');
    for (const specifier of staticImports(code)) await visit(posix.resolve(posix.dirname(path), specifier));
  };
  const scripts = tags(html, 'script').filter((a) => a.type === 'module' && a.src);
  const preloads = tags(html, 'link').filter((a) => a.rel === 'modulepreload');
  for (const src of [...scripts.map((a) => a.src!), ...preloads.map((a) => a.href!)]) await visit(src);
  const css = tags(html, 'link')
    .filter((a) => a.rel === 'stylesheet')
    .map((a) => a.href!);
  const gzip = async (paths: Iterable<string>) => {
    let total = 0;
    for (const path of paths) total += gzipSync(await read(path)).length;
    return total;
  };
  return { js: [...js], css, jsGzip: await gzip(js), cssGzip: await gzip(css) };
}
