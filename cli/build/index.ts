import { createHash } from 'node:crypto';
import { buildClient } from './client.ts';
import { buildCss } from './css.ts';
import { deployFiles } from './deploy.ts';
import { siteFiles } from './outputs/index.ts';
import type { SiteModel } from './model.ts';
import { renderPage } from './render.tsx';
import { outputFile, RouteMap } from './routes.ts';

export type Outputs = Map<string, string | Uint8Array>;

export interface BuildResult {
  outputs: Outputs;
  routes: RouteMap;
}

/** Content-hashed asset name, so hosts can cache it forever. */
const hashed = (name: string, ext: string, content: string | Uint8Array) =>
  `assets/${name}.${createHash('sha256').update(content).digest('hex').slice(0, 10)}.${ext}`;

/**
 * The build as a pure function of content and templates: every output file of the site, keyed by
 * its path in the output folder. Writing them is a separate step (write.ts).
 */
export async function build(model: SiteModel, options: { templatesDir: string; year: number }): Promise<BuildResult> {
  const routes = new RouteMap(model);
  const outputs: Outputs = new Map();
  const [css, client] = await Promise.all([buildCss(options.templatesDir), buildClient(options.templatesDir)]);
  const cssFile = hashed('styles', 'css', css);
  outputs.set(cssFile, css);
  for (const [file, content] of client.files) outputs.set(file, content);
  const assets = { css: `/${cssFile}`, js: client.entry, islands: client.islands };
  for (const route of routes.routes) {
    outputs.set(outputFile(route.path), renderPage({ route, model, routes, assets, year: options.year }));
  }
  for (const image of model.images.values()) outputs.set(`images/${image.name}`, image.bytes);
  for (const [file, content] of siteFiles(model, routes)) outputs.set(file, content);
  const deploy = deployFiles(model.site);
  outputs.set('_headers', deploy.headers);
  outputs.set('_redirects', deploy.redirects);
  return { outputs, routes };
}
