import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { reportFailure } from './errors.ts';
import { defineBuild, shared, strictOption } from './options.ts';
import { repoRoot } from './support/paths.ts';
import { chromiumPath } from './commands/audit/chromium.ts';

// React always runs its production build here: the development build renders three times slower
// and only warns. (NODE_ENV=production from the maintainer still means a strict build: options.ts.)
process.env.NODE_ENV = 'production';

// Each command imports its code only when it runs, so `--help` stays instant.
const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
const program = new Command('sitegen')
  .description('Builds the bilingual Marina site from content/ into static HTML')
  .version(version)
  .option('--debug', 'show stack traces on failure')
  .showHelpAfterError()
  // Commands made below inherit this: a usage error is thrown, to exit 2 (see the end).
  .exitOverride();

const chromiumOption = () => new Option('--chromium <path>', 'the Chromium to drive (or CHROMIUM_PATH)').default(chromiumPath);

defineBuild(program, async (opts) => (await import('./commands/build/command.ts')).buildCommand(opts));

program
  .command('check')
  .description('validate content only; writes nothing')
  .addOption(shared.content())
  .addOption(strictOption)
  .action(async (opts) => (await import('./commands/check/command.ts')).checkCommand(opts));

program
  .command('dev')
  .description('build, serve and rebuild on every change to content/ or templates/, reloading open pages')
  .addOption(shared.content())
  .addOption(shared.out())
  .addOption(shared.cache())
  .addOption(shared.port())
  .addOption(shared.host())
  .action(async (opts) => {
    await (await import('./commands/dev/command.ts')).dev({ ...opts, port: Number(opts.port) });
  });

program
  .command('cms')
  .description("the content editor on your computer: dev on 127.0.0.1 with Decap's local backend in it; prints the /admin/ address")
  .addOption(shared.content())
  .addOption(shared.out())
  .addOption(shared.cache())
  .addOption(shared.port())
  .action(async (opts) => (await import('./commands/cms/command.ts')).cms({ ...opts, port: Number(opts.port) }));

program
  .command('serve')
  .description('serve the built site and the contact function, as the static hosts do')
  .addOption(shared.dir())
  .addOption(shared.port())
  .addOption(shared.host())
  .action(async (opts) => (await import('./commands/serve/command.ts')).serve({ ...opts, port: Number(opts.port) }));

program
  .command('check-links')
  .description('check every link, image, fragment, hreflang and contact link of the built site')
  .addOption(shared.dir())
  .addOption(shared.builtFrom())
  .option('--external', 'also check links to other sites (needs internet)')
  .option('--json', 'print the result as JSON')
  .action(async (opts) => (await import('./commands/check-links/command.ts')).checkLinksCommand(opts));

program
  .command('report')
  .description('print where pages are thin: the most alike pages, the most shared text, the fewest own words')
  .addOption(shared.dir())
  .addOption(shared.builtFrom())
  .option('--top <n>', 'rows per list', '10')
  .option('--json', 'print the report as JSON')
  .action(async (opts) => (await import('./commands/report/command.ts')).reportCommand(opts));

program
  .command('size')
  .description('print the gzip size of the JavaScript and CSS each page family loads (JS budget 12 KB)')
  .addOption(shared.dir())
  .addOption(shared.builtFrom())
  .action(async (opts) => (await import('./commands/size/command.ts')).size(opts));

program
  .command('bench')
  .description('time cold and incremental builds of the site plus N synthetic posts per language')
  .option('--posts <n>', 'synthetic posts per language', '2000')
  .option('--runs <n>', 'runs per measure (the table shows the median)', '3')
  .option('--peers', 'also time Hugo and Eleventy on the same posts (cli/commands/bench/peers.sh)')
  .option('--check', 'check the performance budgets; exit 1 on a miss')
  .option('--keep', 'keep the generated sites afterwards, to profile them (prints where)')
  .action(async (opts) =>
    (await import('./commands/bench/command.ts')).bench({
      posts: Number(opts.posts),
      runs: Number(opts.runs),
      peers: opts.peers === true,
      check: opts.check === true,
      keep: opts.keep === true,
    }),
  );

program
  .command('audit')
  .description('run Lighthouse (mobile) on one page of each family and print the scores')
  .addOption(shared.dir())
  .addOption(shared.builtFrom())
  .option('--family <names...>', 'only these page families, e.g. --family home post')
  .addOption(chromiumOption())
  .action(async (opts) => (await import('./commands/audit/command.ts')).audit(opts));

program
  .command('shots')
  .description('write a full-page PNG of one page of each family, in both languages, at 390 and 1280 px wide; builds nothing')
  .addOption(shared.dir())
  .addOption(shared.builtFrom())
  .option('--out <dir>', 'folder for the PNG files', 'shots')
  .option('--family <names...>', 'only these page families, e.g. --family home contact')
  .addOption(chromiumOption())
  .action(async (opts) => (await import('./commands/shots/command.ts')).shots(opts));

/** Runs the command line. */
export function run(): void {
  let settled = false;
  // A command still awaiting something when nothing is left to run would end the process with 0; a
  // top-level await, which the CommonJS bundle cannot have (bin.cjs), made Node exit 13.
  process.once('beforeExit', () => {
    if (settled) return;
    console.error('✗ the command stopped before it finished: it waited for something that never came');
    process.exitCode = 13;
  });
  program
    .parseAsync()
    .catch((error) => {
      // Commander has printed its message (or the help, or the version): 0 for those, 2 for misuse.
      if (error instanceof CommanderError) process.exitCode = error.exitCode === 0 ? 0 : 2;
      else process.exitCode = reportFailure(error, program.opts().debug === true);
    })
    .finally(() => {
      settled = true;
    });
}
