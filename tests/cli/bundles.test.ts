import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { cliBuild } from '../../cli/support/bundling.cjs';
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
  it.each(['cli/engine/render/bundle.ts', 'functions/netlify/send-contact-email.ts'])(
    'leave the content schemas and zod’s full API out of %s',
    async (entry) => {
      const files = await bundledFiles(entry);
      expect(files.length).toBeGreaterThan(10);
      expect(files.filter((file) => file.includes('cli/site/schema/') || file.includes('zod/v4/classic/'))).toEqual([]);
    },
  );

  // lucide-react's index imports its 2,000 icons, which esbuild then read and parsed in every
  // compile of the engine (~200 ms of a build after a template edit).
  it('reads only the icons the templates draw, each from its own module', async () => {
    const icons = (await bundledFiles('cli/engine/render/bundle.ts')).filter((file) => file.includes('node_modules/lucide-react/'));
    expect(icons.length).toBeGreaterThan(0);
    expect(icons.length).toBeLessThan(50);
  });
});

describe('the command line bundle', () => {
  it('holds one js-yaml, the project’s, and htmlparser2, so that no build loads them from node_modules', async () => {
    const { metafile } = await build({ ...cliBuild(repoRoot, join(repoRoot, 'unused')), write: false, metafile: true, logLevel: 'silent' });
    const packages = Object.keys(metafile.inputs).filter((file) => file.includes('node_modules/'));
    // gray-matter's own js-yaml 3 loads esprima from node_modules as it starts (~18 ms a build).
    expect(packages.filter((file) => /\/js-yaml\//.test(file))).toEqual(['node_modules/js-yaml/dist/js-yaml.mjs']);
    expect(packages.some((file) => file.startsWith('node_modules/htmlparser2/'))).toBe(true);
  });

  it('requires the packages it leaves out, without starting Node’s ES module loader', async () => {
    const { outputFiles } = await build({ ...cliBuild(repoRoot, join(repoRoot, 'unused')), write: false, logLevel: 'silent' });
    const code = outputFiles.find((file) => file.path.endsWith('index.cjs'))!.text;
    expect(code).toContain('require("sharp")');
    expect(code).not.toMatch(/\bimport\(\s*[^)\s]/);
  });
});
