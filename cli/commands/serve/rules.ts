/** Netlify-style `_headers` and `_redirects` files, parsed and matched the way the hosts do. */

export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
  /** Names whose values from earlier rules this one drops (`! Name`, as on Cloudflare Pages). */
  detach: string[];
}

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
}

const meaningful = (text: string) => text.split(/\r?\n/).filter((line) => line.trim() && !line.trim().startsWith('#'));

/** A path line starts a block; indented `Name: value` lines below it belong to that path. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of meaningful(text)) {
    const header = /^\s+([^:\s]+)\s*:\s*(.*)$/.exec(line);
    const detach = /^\s+!\s*(\S+)\s*$/.exec(line);
    if (header) rules.at(-1)?.headers.push([header[1]!, header[2]!.trim()]);
    else if (detach) rules.at(-1)?.detach.push(detach[1]!.toLowerCase());
    else rules.push({ pattern: line.trim(), headers: [], detach: [] });
  }
  return rules;
}

/** `from to [status]` per line; the status defaults to 301, as on Netlify and Cloudflare. */
export function parseRedirects(text: string): RedirectRule[] {
  return meaningful(text).flatMap((line) => {
    const [from, to, status = '301'] = line.trim().split(/\s+/);
    return from && to ? [{ from, to, status: Number.parseInt(status, 10) }] : [];
  });
}

/** The text matched by `*` when `pattern` matches `path` ('' without a splat), else undefined. */
export function matchPattern(pattern: string, path: string): string | undefined {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('(.*)');
  const match = new RegExp(`^${source}$`).exec(path);
  return match ? (match[1] ?? '') : undefined;
}

/**
 * The text matched by `*` when the redirect rule from `pattern` applies to the decoded request
 * `path`, else undefined. As on Netlify, a trailing slash on either side does not matter, and a
 * percent-escape in the rule matches the character it encodes.
 */
export function matchRedirect(pattern: string, path: string): string | undefined {
  let from = pattern;
  try {
    from = decodeURIComponent(pattern);
  } catch {
    // Not UTF-8: matched as written.
  }
  if (from.includes('*')) return matchPattern(from, path);
  return withoutTrailingSlashes(from) === withoutTrailingSlashes(path) ? '' : undefined;
}

/** `path` without its trailing slashes ("/" stays), trimmed by hand: /\/+$/ is quadratic in a run of them. */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (path[end - 1] === '/') end--;
  return path.slice(0, end) || '/';
}

/**
 * Every header whose block matches `path`; a name set by several blocks gets their values joined,
 * unless a later block detaches it with `! Name`.
 */
export function headersFor(rules: HeaderRule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (matchPattern(rule.pattern, path) === undefined) continue;
    for (const name of rule.detach) delete headers[name];
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      headers[key] = headers[key] ? `${headers[key]}, ${value}` : value;
    }
  }
  return headers;
}
