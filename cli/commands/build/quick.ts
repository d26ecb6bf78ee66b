// What bin.cjs runs first for `build`, from a bundle of its own: when nothing changed since the last
// build, it answers with this small bundle alone, without loading the command line's megabyte of
// code. Otherwise it hands the fingerprint it took to the command line (cli/index.ts), which does
// everything else.
import { Command } from 'commander';
import { answerIfUnchanged, type QuickAnswer } from './unchanged.ts';
import { defineBuild } from '../../options.ts';

/**
 * Whether `build` with these arguments (after the command's name) found nothing changed, and said
 * so (`answered`). Arguments commander would refuse, --help among them, are left to the command
 * line, which prints the message: here they answer nothing.
 */
export function quickBuild(args: string[]): QuickAnswer {
  const started = Date.now();
  let result: QuickAnswer = { answered: false };
  const program = new Command('sitegen')
    .option('--debug')
    .exitOverride()
    .configureOutput({ writeOut: () => {}, writeErr: () => {} });
  defineBuild(program, (opts) => {
    result = answerIfUnchanged(opts, started);
  });
  try {
    program.parse(['build', ...args], { from: 'user' });
  } catch {
    return { answered: false };
  }
  return result;
}
