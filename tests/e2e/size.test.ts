/**
 * How `npm run size` reads a built page, on a made-up one: the real site has no chunk loaded on
 * first use (pages.test.ts checks that against Chromium), so this one has, behind an island.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWeight } from '../../cli/commands/size/measure.ts';
import { scratchDir } from '../helpers.ts';

const files: Record<string, string> = {
  'index.html':
    '<link rel="stylesheet" href="/assets/styles.css"><script type="module" src="/assets/client.A.js"></script>' +
    '<link rel="modulepreload" href="/assets/Form.B.js"><div data-island="Form" data-props="{}"></div>',
  // The entry's dynamic imports are the islands: this page has Form, not Other.
  'assets/client.A.js': 'import{a}from"./chunk.C.js";var i={Form:()=>import("./Form.B.js"),Other:()=>import("./Other.D.js")};',
  'assets/Form.B.js': 'import{a}from"./chunk.C.js";var f=()=>import("./check.E.js");',
  'assets/check.E.js': 'import{a}from"./chunk.C.js";import{b}from"./chunk.F.js";var g=()=>import("./more.G.js");',
  'assets/chunk.C.js': 'export var a=1;',
  'assets/chunk.F.js': 'export var b=2;',
  'assets/more.G.js': 'export var c=3;',
  'assets/Other.D.js': 'export var d=4;',
  'assets/styles.css': 'body{margin:0}',
};

let dir: string;
beforeAll(async () => {
  dir = await scratchDir('size-');
  await mkdir(join(dir, 'assets'));
  for (const [path, text] of Object.entries(files)) await writeFile(join(dir, path), text);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const gzip = (...paths: string[]) => paths.reduce((sum, path) => sum + gzipSync(files[path.slice(1)]!).length, 0);

describe('pageWeight', () => {
  it("counts what the page loads, then what its code imports on first use, leaving out other pages' islands", async () => {
    const weight = await pageWeight(dir, 'index.html');
    expect(weight.js.sort()).toEqual(['/assets/Form.B.js', '/assets/chunk.C.js', '/assets/client.A.js']);
    expect(weight.firstUse.sort()).toEqual(['/assets/check.E.js', '/assets/chunk.F.js', '/assets/more.G.js']);
    expect(weight.jsGzip).toBe(gzip(...weight.js));
    expect(weight.firstUseGzip).toBe(gzip(...weight.firstUse));
    expect(weight.cssGzip).toBe(gzip('/assets/styles.css'));
  });
});
