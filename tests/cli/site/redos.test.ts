import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers.ts';

/** Where content passes through regular expressions: the schemas that validate it and the code that loads it. */
const folders = ['cli/site', 'cli/engine/load'];

const modules = folders.flatMap((folder) =>
  readdirSync(join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .sort()
    .map((file) => join(repoRoot, folder, file)),
);

/** Every regular expression literal in a module's source, with its line. */
function literalPatterns(file: string): { pattern: RegExp; line: number }[] {
  const code = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { pattern: RegExp; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const end = node.text.lastIndexOf('/');
      const line = code.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push({ pattern: new RegExp(node.text.slice(1, end), node.text.slice(end + 1)), line });
    }
    ts.forEachChild(node, visit);
  };
  visit(code);
  return found;
}

/**
 * Every RegExp a module builds while it loads (from strings, such as a list of values) and every
 * one its exports hold, however deep: a zod schema keeps the patterns of its checks, and of zod's
 * own formats (dates, e-mails, URLs), in its definition.
 */
async function loadedPatterns(file: string): Promise<RegExp[]> {
  const built: RegExp[] = [];
  const Original = globalThis.RegExp;
  globalThis.RegExp = new Proxy(Original, {
    construct(target, args, newTarget) {
      const made = Reflect.construct(target, args, newTarget) as RegExp;
      built.push(made);
      return made;
    },
  });
  let exports: Record<string, unknown>;
  try {
    exports = await import(pathToFileURL(file).href);
  } finally {
    globalThis.RegExp = Original;
  }
  const held: RegExp[] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown): void => {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) return;
    seen.add(value);
    if (value instanceof RegExp) held.push(value);
    else if (value instanceof Set || value instanceof Map || Array.isArray(value)) value.forEach(walk);
    else {
      const zod = (value as { _zod?: { def: unknown; bag: unknown; pattern?: unknown } })._zod;
      if (zod) [zod.def, zod.bag, zod.pattern].forEach(walk);
      if (typeof value === 'object') Object.values(value).forEach(walk);
    }
  };
  walk(exports);
  return [...built, ...held];
}

/** Each distinct pattern, with the places it was found. */
const patterns = new Map<string, { pattern: RegExp; where: string[] }>();
for (const file of modules) {
  const name = relative(repoRoot, file);
  const found = [
    ...literalPatterns(file).map(({ pattern, line }) => ({ pattern, where: `${name}:${line}` })),
    ...(await loadedPatterns(file)).map((pattern) => ({ pattern, where: name })),
  ];
  for (const { pattern, where } of found) {
    const entry = patterns.get(String(pattern)) ?? { pattern, where: [] };
    if (!entry.where.includes(where)) entry.where.push(where);
    patterns.set(String(pattern), entry);
  }
}

/** What recheck finds: "safe", or how the pattern's time grows and an input that shows it. */
async function verdict(pattern: RegExp): Promise<string> {
  const result = await check(pattern.source, pattern.flags);
  if (result.status === 'vulnerable') return `${result.complexity.type}, e.g. on ${result.attack.pattern}`;
  if (result.status === 'unknown') return `unknown (${result.error.kind}): simplify the pattern until the checker can tell`;
  return result.status;
}

describe('the regular expressions content passes through', { timeout: 60_000 }, () => {
  it('are collected from the schemas and loaders, zod’s own formats included', () => {
    const where = [...patterns.values()].flatMap((p) => p.where);
    expect(where).toContainEqual(expect.stringMatching(/^cli\/site\/schema\/common\.ts:\d+$/));
    expect(where).toContainEqual(expect.stringMatching(/^cli\/engine\/load\/.*:\d+$/));
    // z.iso.date() checks with a pattern of zod's, found in the schema's definition.
    expect([...patterns.keys()]).toContainEqual(expect.stringContaining('-02-29'));
  });

  it.each([...patterns.values()].map(({ pattern, where }) => [String(pattern), where.join(', ')] as const))(
    '%s (%s) runs in linear time',
    async (pattern) => {
      const entry = patterns.get(pattern)!;
      expect(await verdict(entry.pattern)).toBe('safe');
    },
  );

  it('the checker finds the alias pattern that took 13.6 s on a legacy path', async () => {
    expect(await verdict(/^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*\/?)*$/)).toMatch(/^exponential, e\.g\. on /);
  });
});
