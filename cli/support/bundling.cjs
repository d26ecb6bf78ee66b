// How the CLI (bin.cjs), the template engine (engine/render/compile.ts) and check-links' worker are bundled with esbuild.
// Plain JavaScript: bin.cjs uses it before any TypeScript can be loaded.
const { join, sep } = require('node:path');

/**
 * An esbuild plugin that bundles the packages named in `bundled`, with what they import, and
 * leaves every other package to load from node_modules. One bundled file loads several times
 * faster than the hundreds of small modules Node would resolve and read one by one.
 * @param {string[]} bundled
 */
function bundleOnly(bundled) {
  const names = new Set(bundled);
  const packageName = (/** @type {string} */ path) =>
    path
      .split('/')
      .slice(0, path.startsWith('@') ? 2 : 1)
      .join('/');
  return {
    name: 'bundle-only',
    setup(/** @type {import('esbuild').PluginBuild} */ build) {
      build.onResolve({ filter: /^[^./]/ }, ({ path, importer }) =>
        names.has(packageName(path)) || importer.includes(`${sep}node_modules${sep}`) ? undefined : { external: true },
      );
    },
  };
}

/**
 * An esbuild plugin that gives the packages bundled with the CLI the project's own js-yaml (4)
 * instead of their own copy. gray-matter requires js-yaml 3, which loads esprima from
 * node_modules at start-up (~18 ms of every build) for `!!js/function` tags. gray-matter never
 * parses YAML here: it only splits a file, and load/parse.ts parses front matter with js-yaml 4
 * (its engines are replaced there). js-yaml 4 still has the functions gray-matter binds.
 * @param {string} root
 */
function oneJsYaml(root) {
  return {
    name: 'one-js-yaml',
    setup(/** @type {import('esbuild').PluginBuild} */ build) {
      const mark = Symbol('the project copy');
      build.onResolve({ filter: /^js-yaml$/ }, async ({ pluginData }) => {
        if (pluginData === mark) return undefined;
        const own = await build.resolve('js-yaml', { kind: 'import-statement', resolveDir: root, pluginData: mark });
        return own.errors.length ? undefined : { path: own.path };
      });
    },
  };
}

/**
 * What every bundle that runs in Node shares (the CLI's, the template engine's, check-links'
 * worker's), which each extends: one file for Node 20, with the `packages` named and what they
 * import bundled and the others loaded from node_modules, its whitespace and syntax minified (a
 * third fewer bytes to read and hash on every run; names stay, for stack traces). `plugins` run
 * before the one that leaves packages out.
 * @param {string[]} packages
 * @param {import('esbuild').Plugin[]} [plugins]
 * @returns {import('esbuild').BuildOptions}
 */
const nodeBundle = (packages, plugins = []) => ({
  bundle: true,
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  minifyWhitespace: true,
  minifySyntax: true,
  plugins: [...plugins, bundleOnly(packages)],
  logLevel: 'silent',
});

/**
 * The esbuild options of the CLI's bundle (bin.cjs) of the sources under `root`, written to
 * `outdir` as `index.cjs`: the command line, CommonJS, in one file, which bin.cjs requires. Each
 * command's code is still evaluated only when it runs.
 * @param {string} root
 * @param {string} outdir
 * @returns {import('esbuild').BuildOptions}
 */
const cliBuild = (root, outdir) => ({
  // The pure-JS packages builds and check-links load; the others (native, large or rarely used) stay out.
  ...nodeBundle(['commander', 'zod', 'gray-matter', 'js-yaml', 'htmlparser2'], [oneJsYaml(root)]),
  entryPoints: { index: join(root, 'cli/index.ts') },
  format: 'cjs',
  // import() of a package becomes require(), which does not start Node's ES module loader (bin.cjs).
  supported: { 'dynamic-import': false },
  // Modules find the repository and name the bundle from their URL (support/paths.ts, engine/incremental/stamp.ts).
  banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__importMetaUrl' },
  // Beside the bundle, not inside it: inline maps tripled the bytes every run read and parsed
  // (a one-post rebuild took ~15% longer); --debug reads them through the link.
  sourcemap: 'linked',
  outdir,
  outExtension: { '.js': '.cjs' },
  logLevel: 'error',
});

module.exports = { nodeBundle, cliBuild };
