import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.ts';

/** The source files esbuild puts in a bundle of `entry`, packages included. */
async function bundledFiles(entry: string): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [join(repoRoot, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    jsx: 'automatic',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external: ['nodemailer'],
  });
  return Object.keys(metafile.inputs);
}

// A schema module brings zod's whole API (three quarters of a megabyte): loading it cost every
// render thread ~30 ms, and the contact function weighed 780 KB instead of 50 KB.
describe('bundles that load on every page render or every enquiry', () => {
  it.each(['cli/engine/render/engine.ts', 'cli/engine/render/worker.ts', 'functions/netlify/send-contact-email.ts'])(
    'leave the content schemas and zod’s full API out of %s',
    async (entry) => {
      const files = await bundledFiles(entry);
      expect(files.length).toBeGreaterThan(10);
      expect(files.filter((file) => file.includes('cli/site/schema/') || file.includes('zod/v4/classic/'))).toEqual([]);
    },
  );
});
