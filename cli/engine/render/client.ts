import { basename, dirname, join, relative } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from '../../support/paths.ts';

export interface ClientBundle {
  /** URL of the hydration entry. */
  entry: string;
  /** URLs of the chunk each island needs, to preload them with the entry. */
  islands: Record<string, string[]>;
  files: Map<string, Uint8Array>;
}

/**
 * Bundles templates/client.ts for the browser: the island components, written once for React,
 * run on Preact through esbuild's alias, split into one content-hashed chunk per island.
 */
export async function buildClient(templatesDir: string): Promise<ClientBundle> {
  const result = await bundleClient(templatesDir);
  const files = new Map(result.outputFiles.map((f) => [relative(repoRoot, f.path), f.contents]));
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint)!;
  const imports = (file: string): string[] =>
    outputs[file]!.imports.filter((i) => i.kind === 'import-statement').flatMap((i) => [i.path, ...imports(i.path)]);
  const urls = (paths: string[]) => [...new Set(paths)].map((f) => `/${f}`);
  const islands: Record<string, string[]> = {};
  // Islands bundled into the entry need the chunks it imports (Preact): preloading them saves a
  // round trip before hydration. Island modules are named after their component, in PascalCase.
  const islandsDir = relative(repoRoot, join(templatesDir, 'islands'));
  for (const input of Object.keys(outputs[entry]!.inputs).filter((i) => dirname(i) === islandsDir && /^[A-Z]/.test(basename(i)))) {
    islands[moduleName(input)] = urls(imports(entry));
  }
  // Each dynamic import of the entry is an island chunk; preload it with its static imports.
  for (const i of outputs[entry]!.imports.filter((i) => i.kind === 'dynamic-import')) {
    islands[moduleName(i.path)] = urls([i.path, ...imports(i.path)]);
  }
  return { entry: `/${entry}`, islands, files };
}

/**
 * The island bundle in memory, with esbuild's metafile: `npm run size` reads from it what each
 * script of a built site imports (the same templates give the same content-hashed names).
 */
export const bundleClient = (templatesDir: string) =>
  build({
    // Resolve packages from the project, whatever folder the build runs in.
    absWorkingDir: repoRoot,
    entryPoints: [join(templatesDir, 'client.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    target: 'es2020',
    outdir: 'assets',
    entryNames: '[name].[hash]',
    chunkNames: '[name].[hash]',
    jsx: 'automatic',
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat', 'react/jsx-runtime': 'preact/jsx-runtime' },
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
  });

/** "templates/islands/ContactForm.tsx" and "assets/ContactForm.X1Y2.js" both name ContactForm. */
const moduleName = (path: string) => basename(path).split('.')[0]!;
