// Options the commands of the command line (index.ts) share, and the `build` command's own.
import { type Command, Option } from 'commander';
import type { BuildCommandOptions } from './engine/build-site.ts';

// NODE_ENV=production from the maintainer means a strict build: example values are refused. Read
// before index.ts sets it for React.
const productionEnv = process.env.NODE_ENV === 'production';

export const strictOption = new Option('--strict', 'refuse example values in content/site.yaml (also NODE_ENV=production)').default(
  productionEnv,
);

/** Options several commands take, made afresh for each command. */
export const shared = {
  content: (what = 'content folder') => new Option('--content <dir>', what).default('content'),
  builtFrom: () => shared.content('content folder the site was built from'),
  out: () => new Option('--out <dir>', 'output folder').default('dist'),
  dir: () => new Option('--dir <dir>', 'built site folder').default('dist'),
  cache: () => new Option('--cache <dir>', 'build cache for incremental builds (safe to delete)').default('.cache'),
  port: () => new Option('--port <port>', 'port (or PORT)').default(process.env.PORT ?? '8080'),
  host: () => new Option('--host <host>', 'host (or HOST)').default(process.env.HOST ?? '127.0.0.1'),
};

/** Adds the `build` command to `program`, run by `action`. */
export function defineBuild(program: Command, action: (opts: BuildCommandOptions) => Promise<void> | void): Command {
  return program
    .command('build')
    .description('validate content and render every route into the output folder')
    .addOption(shared.content())
    .addOption(shared.out())
    .addOption(shared.cache())
    .option('--no-cache', 'render every page and ignore the cache')
    .option('--verify-output', 'check every file of the output folder instead of trusting what the last build recorded')
    .option(
      '--changed <files...>',
      'the content files added, edited or deleted since the last build (as git diff --name-only lists them); the others are taken as it read them, unchecked',
    )
    .addOption(strictOption)
    .action(action);
}
