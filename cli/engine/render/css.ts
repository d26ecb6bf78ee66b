import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compile, optimize } from '@tailwindcss/node';

/**
 * Compiles templates/styles.css with Tailwind 4. Class candidates come from the template sources,
 * so the stylesheet (and its hash) depends only on templates, never on content.
 */
export async function buildCss(templatesDir: string): Promise<string> {
  const entry = join(templatesDir, 'styles.css');
  const compiler = await compile(await readFile(entry, 'utf8'), { base: templatesDir, onDependency: () => {} });
  return optimize(compiler.build([...(await candidates(templatesDir))]), { file: entry, minify: true }).code;
}

async function candidates(dir: string): Promise<Set<string>> {
  const files = (await readdir(dir, { recursive: true })).filter((f) => /\.(tsx|ts)$/.test(f));
  const tokens = new Set<string>();
  for (const file of files) {
    for (const token of (await readFile(join(dir, file), 'utf8')).split(/[\s"'`{}<>;,=]+/)) if (token) tokens.add(token);
  }
  return tokens;
}
