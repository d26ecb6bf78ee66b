// The files of the editor at /admin/: its page, its generated configuration, its own script, and
// Decap CMS's bundle copied from node_modules (no CDN), in a folder named after its version.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { digest, compiledFolder } from '../../../support/files.cjs';
import { compiledDir, repoRoot } from '../../../support/paths.ts';
import type { SiteModel } from '../../../site/model.ts';
import type { Outputs } from '../../../support/staged.ts';
import { choicesOf, editorBackend, editorConfig, editorLayouts, editorRepository, type EditorRepository } from './config.ts';

/** The editor's folder in the output, and the path it answers at. */
export const adminFolder = 'admin';

/**
 * Its content-security policy, for the hosts' `_headers`. Decap needs what the site never allows:
 * inline styles (emotion), eval (ajv compiles the config's schema) and the blob: URLs it keeps uploads
 * in. It connects to GitHub's API, and to GitHub's status page, which Decap asks whether the API is
 * up; `npm run cms` answers under /admin/. The sign-in window has its own (functions/editor-auth/page.ts).
 */
export function adminPolicy({ apiRoot }: EditorRepository): string {
  const api = new URL(apiRoot).origin;
  return [
    "default-src 'none'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com",
    "font-src 'self' data:",
    `connect-src 'self' blob: ${api} https://www.githubstatus.com`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The editor's repository as this build names it: package.json's, or the environment's (config.ts). */
export function readEditorRepository(): EditorRepository {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Parameters<typeof editorRepository>[0];
  return editorRepository(pkg, process.env);
}

const decapRequire = createRequire(join(repoRoot, 'package.json'));

/** Decap CMS's bundle and the chunks it loads on demand, named as it asks for them; read once. */
let decap: { version: string; dir: string; files: string[] } | undefined;
function decapBundle() {
  if (decap) return decap;
  const main = decapRequire.resolve('decap-cms');
  const dir = dirname(main);
  const { version } = JSON.parse(readFileSync(join(dir, '../package.json'), 'utf8')) as { version: string };
  const files = readdirSync(dir).filter((file) => /^(\d+\.)?decap-cms\.js$/.test(file) || file === 'decap-cms.js.LICENSE.txt');
  decap = { version, dir, files };
  return decap;
}

/**
 * libheif's WebAssembly build for the browser, from the copy the build decodes with (heic-decode's):
 * the editor fetches it only to show a HEIC's thumbnail (heif-preview.ts).
 */
function heifDecoder(): { version: string; file: string } {
  const heif = createRequire(decapRequire.resolve('heic-decode'));
  const { version } = heif('libheif-js/package.json') as { version: string };
  return { version, file: join(dirname(heif.resolve('libheif-js/package.json')), 'libheif-wasm/libheif-bundle.js') };
}

/** The editor's script, bundled for the browser once per version of the tool. */
async function clientScript(toolVersion: string): Promise<string> {
  const dir = await compiledFolder({ parent: compiledDir, prefix: 'admin-', key: toolVersion, keep: 2 }, async (temp) => {
    const { build } = await import('esbuild');
    await build({
      absWorkingDir: repoRoot,
      entryPoints: [join(repoRoot, 'cli/engine/write/admin/client.ts')],
      bundle: true,
      format: 'iife',
      minify: true,
      target: 'es2020',
      outfile: join(temp, 'editor.js'),
      legalComments: 'none',
      logLevel: 'silent',
    });
  });
  return readFileSync(join(dir, 'editor.js'), 'utf8');
}

/**
 * Every file of the editor, by its path in the output folder. `contentFolder`: the content folder's
 * name at the root of the repository, which the editor's paths start with.
 */
export async function adminFiles(
  model: Pick<SiteModel, 'services' | 'airConditioning' | 'localTexts' | 'localities' | 'strings' | 'images' | 'site' | 'photos'>,
  { contentFolder, toolVersion }: { contentFolder: string; toolVersion: string },
): Promise<Outputs> {
  const outputs: Outputs = new Map();
  const { version, dir, files } = decapBundle();
  const decapFolder = `decap-${digest(`decap-cms@${version}`, 'hex').slice(0, 10)}`;
  for (const file of files) {
    // Linked from node_modules: a version's files never change.
    outputs.set(`${adminFolder}/${decapFolder}/${file}`, {
      staged: join(dir, file),
      hash: digest([version, file]),
      shared: true,
    });
  }
  const heif = heifDecoder();
  const heifFile = `libheif-${digest(`libheif-js@${heif.version}`, 'hex').slice(0, 10)}.js`;
  outputs.set(`${adminFolder}/${heifFile}`, { staged: heif.file, hash: digest([heif.version, heifFile]), shared: true });
  const script = await clientScript(toolVersion);
  const scriptFile = `editor.${digest(script, 'hex').slice(0, 10)}.js`;
  outputs.set(`${adminFolder}/${scriptFile}`, script);
  const style = readFileSync(join(repoRoot, 'cli/engine/write/admin/phone.css'), 'utf8');
  const styleFile = `phone.${digest(style, 'hex').slice(0, 10)}.css`;
  outputs.set(`${adminFolder}/${styleFile}`, style);
  const config = editorConfig(choicesOf(model), contentFolder, undefined, editorBackend(readEditorRepository()));
  // JSON, which the editor's script reads itself (client.ts): a YAML dump of it took ~25 ms of every build.
  outputs.set(`${adminFolder}/config.json`, `${JSON.stringify(config, null, 1)}\n`);
  outputs.set(
    `${adminFolder}/index.html`,
    page(model, { script: scriptFile, style: styleFile, decap: `${decapFolder}/decap-cms.js`, heif: heifFile }),
  );
  return outputs;
}

/**
 * The published JPEG of each HEIC in the media library (content/photos/ itself, where the editor
 * uploads), by the name its card shows: Decap shows a HEIC saved earlier as the word "HEIC", and
 * the build has already decoded every one some content uses (heif-preview.ts paints it).
 */
function heifThumbnails(photos: SiteModel['photos']): Record<string, string> {
  const thumbnails: Record<string, string> = {};
  for (const photo of photos.values()) {
    if (/\.hei[cf]$/i.test(photo.name) && !photo.name.includes('/')) thumbnails[photo.name] = photo.variants.jpeg[0]!.path;
  }
  return thumbnails;
}

/** The editor's page: nothing but Decap's, kept out of search engines. */
function page(model: Pick<SiteModel, 'site' | 'photos'>, files: Record<'script' | 'style' | 'decap' | 'heif', string>): string {
  // `<` escaped: the layouts and thumbnails are data inside <script> elements.
  const data = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Editor de contenidos · ${escapeHtml(model.site.brand)}</title>
<link rel="icon" href="/images/favicon.svg">
<link rel="stylesheet" href="/${adminFolder}/${files.style}">
<meta name="heif-decoder" content="/${adminFolder}/${files.heif}">
<script type="application/json" id="editor-layouts">${data(editorLayouts(model.site.languages))}</script>
<script type="application/json" id="heif-thumbnails">${data(heifThumbnails(model.photos))}</script>
</head>
<body>
<script src="/${adminFolder}/${files.script}"></script>
<script src="/${adminFolder}/${files.decap}"></script>
</body>
</html>
`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
