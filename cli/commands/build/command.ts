// `sitegen build`: what it prints; the work is the engine's.
import type { BuildCommandOptions } from '../../engine/build-site.ts';
import { answerIfUnchanged, reportLine } from './unchanged.ts';

export async function buildCommand(opts: BuildCommandOptions): Promise<void> {
  const started = Date.now();
  // Nothing changed since the last build: answered first, before the engine, the content or the
  // cache is loaded. Otherwise the fingerprint taken, which the build records in the stamp it
  // leaves, and the stamp read, which it need not read again.
  const unchanged = answerIfUnchanged(opts, started);
  if (unchanged.answered) return;
  const { buildSite } = await import('../../engine/build-site.ts');
  // On a terminal, one status line that each step of a long build rewrites, cleared at the end.
  const status = process.stderr.isTTY ? (step = '') => process.stderr.write(`\r\u001b[K${step && `  ${step}…`}`) : undefined;
  const { inputs, stamp } = unchanged;
  const summary = await buildSite({ ...opts, inputs, stamp, progress: status }).finally(() => status?.());
  console.log(reportLine(summary, opts.out));
}
