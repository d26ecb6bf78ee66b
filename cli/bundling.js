// How the CLI (bin.js) and the template engine (engine/render/compile.ts) are bundled with esbuild.
// Plain JavaScript: bin.js uses it before any TypeScript can be loaded.
import { sep } from 'node:path';

/** Bundled CommonJS code calls require(), which an ES module lacks. */
export const requireBanner =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * An esbuild plugin that bundles the packages named in `bundled`, with what they import, and
 * leaves every other package to load from node_modules. One bundled file loads several times
 * faster than the hundreds of small modules Node would resolve and read one by one.
 * @param {string[]} bundled
 */
export function bundleOnly(bundled) {
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
