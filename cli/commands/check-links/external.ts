import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LinkChecker, LinkState } from 'linkinator';
import type { Problem } from './report.ts';

/** Requests in flight: several sites answer at once; linkinator waits out a 429 before it retries. */
const concurrency = 25;

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Fetches the URLs of other sites with linkinator, each once however many pages use it: they are
 * the links of one page served from memory for the purpose. `used` holds each URL (without
 * #fragment) with the pages that use it; `progress` is told how many URLs are done.
 */
export async function externalChecks(used: Map<string, Set<string>>, progress?: (done: number) => void): Promise<Problem[]> {
  if (used.size === 0) return [];
  const html = `<!doctype html><title>Links to other sites</title>${[...used.keys()].map((url) => `<a href="${escapeAttribute(url)}"></a>`).join('')}`;
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const list = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    const checker = new LinkChecker();
    let done = 0;
    checker.on('link', (link: { url: string }) => link.url !== list && progress?.(++done));
    const result = await checker.check({ path: list, recurse: false, concurrency, retry: true });
    return result.links
      .filter((link) => link.state === LinkState.BROKEN && link.url !== list)
      .flatMap((link) => {
        const reason = link.status ? `HTTP ${link.status}` : 'no answer (network, DNS or TLS error)';
        return [...(used.get(link.url) ?? [])].map((page) => ({ page, target: link.url, reason }));
      });
  } finally {
    server.close();
  }
}
