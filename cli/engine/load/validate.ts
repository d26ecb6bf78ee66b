import type { z } from 'zod';
import { valueAt } from '../../site/checks/entry.ts';
import { errors, type Problem } from '../../site/errors.ts';
import { excerpt, type ContentIssue } from '../../site/issues.ts';
import type { Source } from './parse.ts';

/**
 * Without zod's compiled fast path: zod compiles one for each object schema on its first parse
 * (`new Function`), code no code cache keeps, ~1 ms a schema. The real site's content compiled 58
 * of them, for a few dozen parses each; 4,000 parses of one schema took as long either way.
 */
const interpreted = { jitless: true } as const;

/** Parses a source with a schema; every zod issue becomes a located content issue. */
export function validate<S extends z.ZodType>(schema: S, source: Source, issues: ContentIssue[]): z.infer<S> | undefined {
  const result = schema.safeParse(source.data, interpreted);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) issues.push(source.issue([...issue.path, key], errors.UnknownField()));
    } else {
      issues.push(source.issue(issue.path, describe(issue, valueAt(source.data, issue.path))));
    }
  }
  return undefined;
}

function describe(issue: z.core.$ZodIssue, value: unknown): Problem {
  if (issue.code === 'invalid_type' && value === undefined) return errors.MissingValue(issue.expected);
  return errors.InvalidValue(wrong(issue, value));
}

/** What is wrong with a value, in zod's words where they say it well enough. */
function wrong(issue: z.core.$ZodIssue, value: unknown): string {
  if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'array' && Array.isArray(value)) {
    const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
    const expected = issue.exact ? `${bound}` : issue.code === 'too_small' ? `at least ${bound}` : `at most ${bound}`;
    return `expected ${expected} items, got ${value.length}`;
  }
  if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'string' && typeof value === 'string') {
    if (issue.message !== undefined && !issue.message.startsWith('Too ')) return issue.message;
    const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
    return `expected ${issue.code === 'too_small' ? 'at least' : 'at most'} ${bound} characters, got ${value.length}`;
  }
  if (issue.code === 'invalid_value')
    return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${shown(value)}`;
  return issue.message;
}

/**
 * A value as a message quotes it: a short excerpt of a scalar, only the kind of anything else. YAML
 * aliases can make a list of a billion items out of a few lines, which JSON would spell out.
 */
function shown(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value !== null && typeof value === 'object') return 'a map';
  return typeof value === 'string' ? excerpt(value) : String(value);
}
