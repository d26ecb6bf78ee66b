// `sitegen build` and `sitegen check`: what they print; the work is the engine's.
import { relative } from 'node:path';
import type { BuildCommandOptions, BuildSummary } from '../engine/build-site.ts';
import { inputsOf, readStamp, sameOutput } from '../engine/incremental/stamp.ts';
import { outputBusy } from '../engine/write/publish.ts';

export async function buildCommand(opts: BuildCommandOptions): Promise<void> {
  const started = performance.now();
  // Taken once: the build records it in the stamp it leaves. --changed spares the walk it takes.
  const inputs = opts.cache === false || opts.changed ? undefined : inputsOf({ ...opts, year: new Date().getFullYear() });
  // Nothing changed since the last build: say so without loading the engine, the cache or the content.
  if (opts.cache !== false && inputs && !opts.verifyOutput) {
    const stamp = readStamp(opts.cache);
    if (stamp && stamp.inputs === inputs.key && sameOutput(stamp.out, opts.out) && !outputBusy(opts.out)) {
      const seconds = (performance.now() - started) / 1000;
      return report({ ...stamp.summary, rendered: 0, photosEncoded: 0, seconds }, opts.out, 'nothing changed since the last build');
    }
  }
  const { buildSite } = await import('../engine/build-site.ts');
  // On a terminal, one status line that each step of a long build rewrites, cleared at the end.
  const status = process.stderr.isTTY ? (step = '') => process.stderr.write(`\r\u001b[K${step && `  ${step}…`}`) : undefined;
  report(await buildSite({ ...opts, inputs, progress: status }).finally(() => status?.()), opts.out);
}

function report(summary: BuildSummary, out: string, note?: string): void {
  const total = summary.pages.es + summary.pages.en;
  const kept = note ? `; ${note}` : summary.rendered < total ? `; ${summary.rendered} rendered, the rest unchanged` : '';
  const photos = summary.photosEncoded ? `, ${summary.photosEncoded} photo files encoded` : '';
  console.log(
    `Built ${total} pages (es ${summary.pages.es}, en ${summary.pages.en}${kept}${photos}), ${summary.files} files, ` +
      `${(summary.bytes / 1024 / 1024).toFixed(1)} MB in ${summary.seconds.toFixed(2)} s → ${relative(process.cwd(), out) || '.'}/`,
  );
}

export async function checkCommand(opts: { content: string; strict?: boolean }): Promise<void> {
  const { loadContent } = await import('../engine/load/content.ts');
  const content = await loadContent(opts.content, { strict: opts.strict });
  const posts = content.posts.es.length + content.posts.en.length;
  console.log(
    `Content OK: ${content.services.length} services, ${content.localities.length} localities, ${posts} posts, ${content.legal.es.length + content.legal.en.length} legal pages, ` +
      `${content.projects.length} jobs with ${content.photos.size} photos, ${content.reviews.length} reviews.`,
  );
}
