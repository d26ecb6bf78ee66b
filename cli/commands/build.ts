// `sitegen build` and `sitegen check`: what they print; the work is the engine's.
import { relative } from 'node:path';
import { buildSite, type BuildCommandOptions } from '../engine/build-site.ts';
import { loadContent } from '../engine/load/content.ts';

export async function buildCommand(opts: BuildCommandOptions): Promise<void> {
  // On a terminal, one status line that each step of a long build rewrites, cleared at the end.
  const status = process.stderr.isTTY ? (step = '') => process.stderr.write(`\r\u001b[K${step && `  ${step}…`}`) : undefined;
  const summary = await buildSite({ ...opts, progress: status }).finally(() => status?.());
  const total = summary.pages.es + summary.pages.en;
  const kept = summary.rendered < total ? `; ${summary.rendered} rendered, the rest unchanged` : '';
  const photos = summary.photosEncoded ? `, ${summary.photosEncoded} photo files encoded` : '';
  console.log(
    `Built ${total} pages (es ${summary.pages.es}, en ${summary.pages.en}${kept}${photos}), ${summary.files} files, ` +
      `${(summary.bytes / 1024 / 1024).toFixed(1)} MB in ${summary.seconds.toFixed(2)} s → ${relative(process.cwd(), opts.out) || '.'}/`,
  );
}

export async function checkCommand(opts: { content: string; strict?: boolean }): Promise<void> {
  const content = await loadContent(opts.content, { strict: opts.strict });
  const posts = content.posts.es.length + content.posts.en.length;
  console.log(
    `Content OK: ${content.services.length} services, ${content.localities.length} localities, ${posts} posts, ${content.legal.es.length + content.legal.en.length} legal pages, ` +
      `${content.projects.length} jobs with ${content.photos.size} photos, ${content.reviews.length} reviews.`,
  );
}
