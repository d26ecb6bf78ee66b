import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { desktop, phone, type TestSite } from '../e2e/site.ts';

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's WCAG 2.2 AA rules on the page as the visitor sees it, cookie banner included, and its
 * `region` rule: every piece of content sits in a landmark, where a screen reader's landmark
 * navigation finds it.
 */
export async function violations(page: Page): Promise<string[]> {
  // page.evaluate runs outside the page's CSP, which would refuse an injected script.
  await page.evaluate(await axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { region: { enabled: true } },
    });
    return result.violations;
  });
  return found.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** One test per viewport: every page of `paths` has no violation. */
export function itHasNoViolations(site: TestSite, paths: readonly string[]): void {
  for (const [name, viewport] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    it(`has no violations at ${name} width`, async () => {
      const found: string[] = [];
      for (const path of paths) {
        const { page } = await site.open(path, { viewport });
        found.push(...(await violations(page)).map((v) => `${path} ${v}`));
        await page.context().close();
      }
      expect(found).toEqual([]);
    });
  }
}
