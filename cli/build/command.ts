import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from './index.ts';
import { loadModel } from './model.ts';
import { writeOutputs } from './write.ts';

export const templatesDir = fileURLToPath(new URL('../../templates', import.meta.url));

export async function buildCommand(opts: { content: string; out: string; strict?: boolean }): Promise<void> {
  const started = performance.now();
  const model = await loadModel(opts.content, { strict: opts.strict });
  const { outputs, routes } = await build(model, { templatesDir, year: new Date().getFullYear() });
  await writeOutputs(opts.out, outputs);
  const bytes = [...outputs.values()].reduce((sum, content) => sum + Buffer.byteLength(content), 0);
  const count = (lang: string) => routes.routes.filter((r) => r.lang === lang).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `Built ${routes.routes.length} pages (es ${count('es')}, en ${count('en')}), ${outputs.size} files, ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds} s → ${relative(process.cwd(), opts.out) || '.'}/`,
  );
}

export async function checkCommand(opts: { content: string; strict?: boolean }): Promise<void> {
  const model = await loadModel(opts.content, { strict: opts.strict });
  const posts = model.posts.es.length + model.posts.en.length;
  console.log(`Content OK: ${model.services.length} services, ${model.localities.length} localities, ${posts} posts, ${model.legal.es.length + model.legal.en.length} legal pages.`);
}
