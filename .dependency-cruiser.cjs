// The direction of dependencies (docs/architecture.md, "Layers"), checked by `npm run lint`:
// commands → engine → templates → site (the domain); functions → site; cli/support (file and path
// helpers, the esbuild configuration) below them all. No cycles anywhere.
// The engine's stages in order: each imports only the stages before it, never the memo
// (cli/engine/incremental), which the pipeline asks.
const stages = ['load', 'photos', 'render', 'write'];
const stageRules = stages.map((stage, i) => ({
  name: `${stage}-imports-earlier-stages`,
  severity: 'error',
  comment: `The engine runs ${stages.join(' → ')}: ${stage}/ imports only the stages before it, and never the memo.`,
  from: { path: `^cli/engine/${stage}/` },
  to: { path: `^cli/engine/(${[...stages.slice(i + 1), 'incremental'].join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle means two modules are one: merge them or move what they share down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'site-is-the-bottom',
      severity: 'error',
      comment: 'The domain (cli/site) imports nothing of the engine, the commands, the templates or the functions.',
      from: { path: '^cli/site/' },
      to: { path: '^(cli/(engine|commands)/|templates/|functions/)' },
    },
    {
      name: 'support-is-below-everything',
      severity: 'error',
      comment:
        'File and path helpers (cli/support) serve the engine, the commands and the contact function alike: they import nothing of the project outside their folder.',
      from: { path: '^cli/support/' },
      to: { path: '^(cli|templates|functions)/', pathNot: '^cli/support/' },
    },
    {
      name: 'templates-never-import-the-engine',
      severity: 'error',
      comment: 'Templates render the model; they import the domain (cli/site), never the engine or a command.',
      from: { path: '^templates/' },
      to: { path: '^cli/(engine|commands)/' },
    },
    {
      name: 'engine-never-imports-commands',
      severity: 'error',
      comment: 'Commands call the engine, not the other way round.',
      from: { path: '^cli/engine/' },
      to: { path: '^cli/commands/' },
    },
    ...stageRules,
    {
      name: 'memo-is-the-pipelines',
      severity: 'error',
      comment:
        'The memo (cli/engine/incremental) sits beside the pipeline and remembers what the stages made: it imports stages, never the pipeline (the files at the root of cli/engine).',
      from: { path: '^cli/engine/incremental/' },
      to: { path: '^cli/engine/[^/]+$' },
    },
    {
      name: 'memo-only-from-the-pipeline',
      severity: 'error',
      comment:
        'Nothing but the pipeline (the files at the root of cli/engine) and the memo itself imports the memo; and the build command, which reads the stamp to answer "nothing changed" before it loads the engine.',
      from: { pathNot: '^(cli/engine/[^/]+$|cli/engine/incremental/|cli/commands/build/|tests/)' },
      to: { path: '^cli/engine/incremental/' },
    },
    {
      name: 'functions-stand-apart',
      severity: 'error',
      comment: 'The contact function deploys on its own: it may use the domain, never the engine, commands or templates.',
      from: { path: '^functions/' },
      to: { path: '^(cli/(engine|commands)/|templates/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
