import { basename, join, relative } from 'node:path';
import { build } from 'esbuild';

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
  const result = await build({
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
  const files = new Map(result.outputFiles.map((f) => [relative(process.cwd(), f.path), f.contents]));
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint)!;
  // Each dynamic import of the entry is an island chunk; preload it with its static imports.
  const imports = (file: string): string[] => outputs[file]!.imports.filter((i) => i.kind === 'import-statement').flatMap((i) => [i.path, ...imports(i.path)]);
  const islands: Record<string, string[]> = {};
  for (const i of outputs[entry]!.imports.filter((i) => i.kind === 'dynamic-import')) {
    const name = basename(i.path).split('.')[0]!;
    islands[name] = [...new Set([i.path, ...imports(i.path)])].map((f) => `/${f}`);
  }
  return { entry: `/${entry}`, islands, files };
}
