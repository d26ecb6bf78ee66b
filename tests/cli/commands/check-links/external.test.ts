import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalChecks } from '../../../../cli/commands/check-links/external.ts';

// Another site, served here so that the test needs no internet.
const other = createServer((req, res) => res.writeHead(req.url === '/gone' ? 404 : 200).end('ok'));
let origin: string;

beforeAll(async () => {
  await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(() => other.close());

describe('links to other sites (--external)', { timeout: 30_000 }, () => {
  it('fetches each URL once and reports it on every page that uses it', async () => {
    const used = new Map([
      [`${origin}/fine`, new Set(['/a'])],
      [`${origin}/gone`, new Set(['/a', '/b'])],
    ]);
    expect(await externalChecks(used)).toEqual([
      { page: '/a', target: `${origin}/gone`, reason: 'HTTP 404' },
      { page: '/b', target: `${origin}/gone`, reason: 'HTTP 404' },
    ]);
  });
});
