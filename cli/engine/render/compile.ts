import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bundleOnly } from '../../bundling.cjs';
import { loadBundle } from '../../code-cache.cjs';
import { keepNewest, markUsed, settleFolder } from '../../files.cjs';
import { compiledDir, repoRoot } from '../../paths.ts';
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

/** How many compiles to keep: a running build or dev server may still load its worker file. */
const keep = 8;

/**
 * Compiles the templates and the render code once with esbuild (instead of transpiling them per
 * module), the stylesheet and the island bundle, and keeps them in node_modules/.cache/sitegen/
 * under `key`, a hash of their sources: the next build with the same templates and builder loads
 * them.
 */
export async function compileTemplates(templatesDir: string, key: string): Promise<CompiledTemplates> {
  const dir = join(compiledDir, `templates-${key}`);
  const stored = await readCompiled(dir).catch(() => undefined);
  if (stored) {
    markUsed(dir);
    return stored;
  }
  // Loaded only to compile: Tailwind's loader hooks slow down every module import after it.
  const [{ buildCss }, { buildClient }] = await Promise.all([import('./css.ts'), import('./client.ts')]);
  const [engine, css, client] = await Promise.all([compileEngine(), buildCss(templatesDir), buildClient(templatesDir)]);
  const temp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(temp, { recursive: true });
  await Promise.all([
    writeFile(join(temp, 'engine.cjs'), engine),
    writeFile(join(temp, 'styles.css'), css),
    writeFile(
      join(temp, 'client.json'),
      JSON.stringify({ ...client, files: Object.fromEntries([...client.files].map(([f, b]) => [f, Buffer.from(b).toString('utf8')])) }),
    ),
  ]);
  settleFolder(temp, dir);
  keepNewest(compiledDir, 'templates-', keep);
  return await readCompiled(dir);
}

async function readCompiled(dir: string): Promise<CompiledTemplates> {
  const [css, client] = await Promise.all([readFile(join(dir, 'styles.css'), 'utf8'), readFile(join(dir, 'client.json'), 'utf8')]);
  const { entry, islands, files } = JSON.parse(client) as Omit<ClientBundle, 'files'> & { files: Record<string, string> };
  const engineFile = join(dir, 'engine.cjs');
  return {
    engine: loadBundle(engineFile) as Engine,
    engineFile,
    css,
    client: { entry, islands, files: new Map(Object.entries(files).map(([f, text]) => [f, Buffer.from(text)])) },
  };
}

/** How the engine is bundled, in memory; the bench's stack-alone program is bundled the same way. */
export const engineBundling = {
  bundle: true,
  platform: 'node',
  // CommonJS, so that code-cache.cjs can run it as a script with V8's code cache, which Node 20
  // keeps for no ES module: each thread that renders starts ~25 ms sooner.
  format: 'cjs',
  // What rendering runs on is bundled: it loads faster in the build and in each worker, and of
  // the icon set only the icons used are loaded. React's development build is left out. zod
  // (for the contact form's constraints) loaded from its hundred files cost ~50 ms per thread.
  plugins: [bundleOnly(['react', 'react-dom', 'react-helmet-async', 'remark', 'remark-gfm', 'remark-html', 'lucide-react', 'zod'])],
  define: { 'process.env.NODE_ENV': '"production"' },
  jsx: 'automatic',
  target: 'node20',
  minifyWhitespace: true,
  minifySyntax: true,
  write: false,
  logLevel: 'silent',
} satisfies BuildOptions;

async function compileEngine(): Promise<string> {
  const { build } = await import('esbuild');
  const engine = await build({ ...engineBundling, entryPoints: [join(repoRoot, 'cli/engine/render/bundle.ts')] });
  return engine.outputFiles[0]!.text;
}
