import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bundleOnly } from '../../bundling.cjs';
import { loadBundle } from '../../code-cache.cjs';
import { keepNewest, markUsed, settleFolder } from '../../files.cjs';
import { compiledDir, repoRoot } from '../../paths.ts';
import type { ClientBundle } from './client.ts';
import type { BuildOptions } from 'esbuild';

export type Engine = typeof import('./bundle.ts');
/** The Markdown renderer alone (markdown.cjs beside the engine). */
export type MarkdownRenderer = Pick<typeof import('./markdown.ts'), 'markdownToHtmlSync'>;

/** What depends only on the templates and the builder's code. */
export interface CompiledTemplates {
  engine: Engine;
  /** The compiled engine, which render workers load too (pool.ts). */
  engineFile: string;
  /** The Markdown renderer alone, which an edit of posts' texts loads (incremental/text-edits.ts). */
  markdownFile: string;
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
  const [{ engine, markdown }, css, client] = await Promise.all([compileEngine(), buildCss(templatesDir), buildClient(templatesDir)]);
  const temp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(temp, { recursive: true });
  await Promise.all([
    writeFile(join(temp, 'engine.cjs'), engine),
    writeFile(join(temp, 'markdown.cjs'), markdown),
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
    markdownFile: join(dir, 'markdown.cjs'),
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

/**
 * The Markdown renderer alone (markdown.cjs), bundled as the engine is: a third of the engine's
 * bytes, which a fresh process loads and renders its first text with in about half the time the
 * engine takes.
 */
export const markdownBundling = {
  ...engineBundling,
  stdin: {
    contents: "export { markdownToHtmlSync } from './markdown.ts';",
    resolveDir: join(repoRoot, 'cli/engine/render'),
    loader: 'ts',
  },
} satisfies BuildOptions;

async function compileEngine(): Promise<{ engine: string; markdown: string }> {
  const { build } = await import('esbuild');
  const [engine, markdown] = await Promise.all([
    build({ ...engineBundling, entryPoints: [join(repoRoot, 'cli/engine/render/bundle.ts')] }),
    build(markdownBundling),
  ]);
  return { engine: engine.outputFiles[0]!.text, markdown: markdown.outputFiles[0]!.text };
}
