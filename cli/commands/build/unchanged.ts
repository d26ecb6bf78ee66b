// `build`'s answer when nothing changed since the last build, and how a build is reported. It
// loads no content, cache or template code: `build` (command.ts) asks it first, and loads the
// engine only when it cannot answer.
import { writeSync } from 'node:fs';
import { relative } from 'node:path';
import type { BuildCommandOptions, BuildSummary } from '../../engine/build-site.ts';
import { type Inputs, inputsOf, readStamp, sameOutput, type StampReading } from '../../engine/incremental/stamp.ts';
import { outputBusy } from '../../engine/write/publish.ts';

/** Whether a build was answered without the engine; if not, the fingerprint it took and the stamp it read, if any. */
export type UnchangedAnswer = { answered: true } | { answered: false; inputs?: Inputs; stamp?: StampReading };

/**
 * Says "nothing changed" when the last build's stamp matches the inputs (`answered`); otherwise
 * gives the fingerprint of the inputs it took (none for --no-cache and --changed, which take
 * none), for the build to record, and the stamp it read, for the build to read no more.
 * `started` is from Date.now(): performance.now() loads perf_hooks, ~2.5 ms of a build that
 * changed nothing.
 */
export function answerIfUnchanged(opts: BuildCommandOptions, started: number): UnchangedAnswer {
  // --changed spares the walk a fingerprint takes.
  const inputs = opts.cache === false || opts.changed ? undefined : inputsOf({ ...opts, year: new Date().getFullYear() });
  if (opts.cache !== false && inputs && !opts.verifyOutput) {
    const read = readStamp(opts.cache);
    const stamp = read.stamp;
    if (stamp && stamp.inputs === inputs.key && sameOutput(stamp.out, opts.out) && !outputBusy(opts.out)) {
      const seconds = (Date.now() - started) / 1000;
      // Straight to the descriptor: setting up process.stdout for console.log (a socket for a
      // pipe, a stream for a terminal) took ~8 ms of a build that did nothing else.
      const line = reportLine(
        { ...stamp.summary, rendered: 0, photosEncoded: 0, seconds },
        opts.out,
        'nothing changed since the last build',
      );
      writeSync(1, `${line}\n`);
      return { answered: true };
    }
    return { answered: false, inputs, stamp: read };
  }
  return { answered: false, inputs };
}

/** The line a build prints: its pages, files and bytes, how long it took, and where it wrote them. */
export function reportLine(summary: BuildSummary, out: string, note?: string): string {
  const byLanguage = Object.entries(summary.pages);
  const total = byLanguage.reduce((sum, [, pages]) => sum + pages, 0);
  const kept = note ? `; ${note}` : summary.rendered < total ? `; ${summary.rendered} rendered, the rest unchanged` : '';
  const photos = summary.photosEncoded ? `, ${summary.photosEncoded} photo files encoded` : '';
  return (
    `Built ${total} pages (${byLanguage.map(([lang, pages]) => `${lang} ${pages}`).join(', ')}${kept}${photos}), ${summary.files} files, ` +
    `${(summary.bytes / 1024 / 1024).toFixed(1)} MB in ${summary.seconds.toFixed(2)} s → ${relative(process.cwd(), out) || '.'}/`
  );
}
