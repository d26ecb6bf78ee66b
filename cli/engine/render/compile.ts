import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { nodeBundle } from '../../support/bundling.cjs';
import { compiledFolder } from '../../support/files.cjs';
import { compiledDir, repoRoot } from '../../support/paths.ts';
import type { ClientBundle } from './client.ts';
import type { BuildOptions } from 'esbuild';

export type Engine = typeof import('./bundle.ts');

/** What depends only on the templates and the builder's code. */
export interface CompiledTemplates {
  engine: Engine;
  /** The compiled engine, which render workers load too (pool.ts). */
  engineFile: string;
  css: string;
  client: ClientBundle;
}

/**
 * Compiles the templates and the render code once with esbuild (instead of transpiling them per
 * module), the stylesheet and the island bundle, and keeps them in node_modules/.cache/sitegen/
 * under `key`, a hash of their sources: the next build with the same templates and builder loads
 * them. Eight compiles are kept: a running build or dev server may still load its worker file.
 */
export async function compileTemplates(templatesDir: string, key: string): Promise<CompiledTemplates> {
  const dir = await compiledFolder({ parent: compiledDir, prefix: 'templates-', key, keep: 8 }, async (temp) => {
    // Loaded only to compile: Tailwind's loader hooks slow down every module import after it.
    const [{ buildCss }, { buildClient }] = await Promise.all([import('./css.ts'), import('./client.ts')]);
    const [engine, css, client] = await Promise.all([compileEngine(), buildCss(templatesDir), buildClient(templatesDir)]);
    await mkdir(temp, { recursive: true });
    await Promise.all([
      writeFile(join(temp, 'engine.cjs'), engine),
      writeFile(join(temp, 'styles.css'), css),
      writeFile(
        join(temp, 'client.json'),
        JSON.stringify({ ...client, files: Object.fromEntries([...client.files].map(([f, b]) => [f, Buffer.from(b).toString('utf8')])) }),
      ),
    ]);
  });
  return await readCompiled(dir);
}

async function readCompiled(dir: string): Promise<CompiledTemplates> {
  const [css, client] = await Promise.all([readFile(join(dir, 'styles.css'), 'utf8'), readFile(join(dir, 'client.json'), 'utf8')]);
  const { entry, islands, files } = JSON.parse(client) as Omit<ClientBundle, 'files'> & { files: Record<string, string> };
  const engineFile = join(dir, 'engine.cjs');
  return {
    engine: createRequire(import.meta.url)(engineFile) as Engine,
    engineFile,
    css,
    client: { entry, islands, files: new Map(Object.entries(files).map(([f, text]) => [f, Buffer.from(text)])) },
  };
}

/** How the engine is bundled, in memory; the bench's stack-alone program is bundled the same way. */
export const engineBundling = {
  // What rendering runs on is bundled: it loads faster in the build and in each worker, and of
  // the icon set only the icons used are loaded. React's development build is left out. zod
  // (for the contact form's constraints) loaded from its hundred files cost ~50 ms per thread.
  ...nodeBundle([
    'react',
    'react-dom',
    'react-helmet-async',
    'remark',
    'remark-gfm',
    // GFM without autolink literals (gfm.ts): loaded from their ES modules, these cost ~110 ms per thread.
    'mdast-util-gfm-footnote',
    'mdast-util-gfm-strikethrough',
    'mdast-util-gfm-table',
    'mdast-util-gfm-task-list-item',
    'micromark-extension-gfm-footnote',
    'micromark-extension-gfm-strikethrough',
    'micromark-extension-gfm-table',
    'micromark-extension-gfm-task-list-item',
    'remark-rehype',
    'rehype-sanitize',
    'rehype-stringify',
    'lucide-react',
    'zod',
  ]),
  // CommonJS, which the build's thread and each pool worker (engine/pool-worker.cjs) load with require().
  format: 'cjs',
  define: { 'process.env.NODE_ENV': '"production"' },
  write: false,
} satisfies BuildOptions;

async function compileEngine(): Promise<string> {
  const { build } = await import('esbuild');
  const engine = await build({ ...engineBundling, entryPoints: [join(repoRoot, 'cli/engine/render/bundle.ts')] });
  return engine.outputFiles[0]!.text;
}
