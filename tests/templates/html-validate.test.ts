import { HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtSite, type BuiltSite } from '../cli/engine/built-site.ts';
import { samplePaths, workedExamplePaths } from './families.ts';
import { workedExampleDir } from '../helpers.ts';

let site: BuiltSite;
let example: BuiltSite;
beforeAll(async () => {
  [site, example] = await Promise.all([builtSite(), builtSite(workedExampleDir)]);
}, 120_000);

// The recommended rules, but for how React writes HTML5, which is valid as it is: void elements
// closed with a slash, boolean attributes as `hidden=""`, and React's names for some attributes
// (`hrefLang`, `charSet`): attribute names are case-insensitive in HTML.
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    'void-style': ['error', { style: 'selfclose' }],
    'attribute-boolean-style': ['error', { style: 'empty' }],
    'attribute-empty-style': ['error', { style: 'empty' }],
    'attr-case': 'off',
  },
});
const errorsIn = async (html: string, path: string) => {
  const report = await validator.validateString(html, path);
  return report.results.flatMap((r) => r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`));
};

describe('quality gates on one page of each family in both languages', () => {
  it.each(samplePaths)('%s is valid HTML under html-validate:recommended', async (path) => {
    expect(await errorsIn(site.page(path), path)).toEqual([]);
  });

  it.each(workedExamplePaths)('%s of the worked example, with jobs and reviews, is valid HTML', async (path) => {
    expect(await errorsIn(example.page(path), path)).toEqual([]);
  });

  it.each(samplePaths)('%s has exactly one h1 and no skipped heading level', (path) => {
    const html = site.page(path).replace(/<(script|dialog)[\s\S]*?<\/\1>/g, '');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    levels.forEach((level, i) => i > 0 && expect(level - levels[i - 1]!, `${path} heading ${i}`).toBeLessThanOrEqual(1));
  });

  it.each(samplePaths)('%s gives every image an alt attribute', (path) => {
    for (const img of site.page(path).match(/<img [^>]*>/g) ?? []) expect(img).toMatch(/\salt="/);
  });
});
