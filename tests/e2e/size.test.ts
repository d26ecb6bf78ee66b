/**
 * How `npm run size` reads a built page, on a made-up one: the real site has no chunk loaded on
 * first use (pages.test.ts checks that against Chromium), so this one has, behind an island. Its
 * scripts are bundled by esbuild as the site's are (engine/render/client.ts), metafile and all.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWeight } from '../../cli/commands/size/measure.ts';
import { scratchDir } from '../helpers.ts';

// The entry's dynamic imports are the islands: the page has Form, not Other. Form imports a check
// on first use, which imports a chunk of its own and, later still, more.
const sources: Record<string, string> = {
  'client.js': 'import{a}from"./shared.js";export const islands={Form:()=>import("./Form.js"),Other:()=>import("./Other.js")};a();',
  'Form.js': 'import{a}from"./shared.js";export const f=()=>import("./check.js").then(a);',
  'check.js': 'import{a}from"./shared.js";import{b}from"./only-check.js";export const g=()=>import("./more.js");a();b();',
  'shared.js': 'export const a=()=>"shared by the entry, the island and the check";',
  'only-check.js': 'export const b=()=>"shared by the check and more";',
  'more.js': 'import{b}from"./only-check.js";export const c=()=>b();',
  'Other.js': 'export const d=()=>"another page\'s island";',
};

let site: string;
let client: Metafile;
/** Site path of the output bundled from `source`, e.g. "/assets/Form.X1Y2.js". */
let outputOf: (source: string) => string;
beforeAll(async () => {
  const root = await scratchDir('size-');
  await mkdir(join(root, 'src'));
  for (const [name, text] of Object.entries(sources)) await writeFile(join(root, 'src', name), text);
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/client.js'],
    bundle: true,
    splitting: true,
    format: 'esm',
    write: false,
    metafile: true,
    outdir: 'assets',
    entryNames: '[name].[hash]',
    chunkNames: '[name].[hash]',
    logLevel: 'silent',
  });
  client = result.metafile;
  outputOf = (source) => `/${Object.keys(client.outputs).find((file) => client.outputs[file]!.entryPoint === `src/${source}`)!}`;
  site = join(root, 'dist');
  for (const file of result.outputFiles) {
    await mkdir(join(site, posix.dirname(relative(root, file.path))), { recursive: true });
    await writeFile(join(site, relative(root, file.path)), file.contents);
  }
  await writeFile(join(site, 'assets/styles.css'), 'body{margin:0}');
  await writeFile(
    join(site, 'index.html'),
    `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/styles.css"><script type="module" src="${outputOf('client.js')}"></script>` +
      `<link rel="modulepreload" href="${outputOf('Form.js')}"></head><body><div data-island="Form" data-props="{}"></div></body></html>`,
  );
});
afterAll(() => rm(join(site, '..'), { recursive: true, force: true }));

const gzip = async (paths: string[]) => {
  let total = 0;
  for (const path of paths) total += gzipSync(await readFile(join(site, path))).length;
  return total;
};

describe('pageWeight', () => {
  it("counts what the page loads, then what its code imports on first use, leaving out other pages' islands", async () => {
    const weight = await pageWeight(site, 'index.html', client);
    const chunks = Object.keys(client.outputs).filter((file) => !client.outputs[file]!.entryPoint);
    // esbuild split the code both the entry and the check use, and what the check and more share.
    expect(chunks).toHaveLength(2);
    const [shared, onlyCheck] = ['shared.js', 'only-check.js'].map(
      (source) => `/${chunks.find((chunk) => `src/${source}` in client.outputs[chunk]!.inputs)!}`,
    );
    expect(weight.islands).toEqual(['Form']);
    expect(weight.js.sort()).toEqual([outputOf('Form.js'), outputOf('client.js'), shared].sort());
    expect(weight.firstUse.sort()).toEqual([outputOf('check.js'), onlyCheck, outputOf('more.js')].sort());
    expect(weight.jsGzip).toBe(await gzip(weight.js));
    expect(weight.firstUseGzip).toBe(await gzip(weight.firstUse));
    expect(weight.css).toEqual(['/assets/styles.css']);
    expect(weight.cssGzip).toBe(await gzip(['/assets/styles.css']));
  });

  it('refuses a page built from other templates than those the metafile is of, naming the script', async () => {
    const page = await readFile(join(site, 'index.html'), 'utf8');
    await writeFile(join(site, 'old.html'), page.replace(outputOf('client.js'), '/assets/client.OLD.js'));
    await expect(pageWeight(site, 'old.html', client)).rejects.toThrow(
      /old\.html: it loads \/assets\/client\.OLD\.js, which the templates no longer make; build the site again/,
    );
  });
});
