import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../../cli/commands/serve/server.ts';
import { headersFor, parseHeaders } from '../../../cli/commands/serve/rules.ts';
import { adminPolicy } from '../../../cli/engine/write/admin/files.ts';
import { deployFiles } from '../../../cli/engine/write/deploy.ts';
import { scratchDir } from '../../helpers.ts';

const github = { repo: 'marina-hogar/site', apiRoot: 'https://api.github.com' };
const rules = parseHeaders(deployFiles({}, [], github).headers);
const policy = (path: string) => headersFor(rules, path)['content-security-policy'];

describe("the editor's headers and page, as the hosts serve them", () => {
  it("gives /admin/ its own policy in place of the site's, and leaves the site's as strict as it was", () => {
    expect(policy('/admin/')).toBe(adminPolicy(github));
    expect(policy('/admin/config.json')).toBe(adminPolicy(github));
    expect(policy('/admin/')).toContain("connect-src 'self' blob: https://api.github.com https://www.githubstatus.com;");
    for (const path of ['/', '/fontaneros/javea', '/assets/client.js', '/administracion']) {
      expect(policy(path), path).not.toContain('unsafe');
      expect(policy(path), path).toMatch(/^default-src 'none'; script-src 'self'; style-src 'self';/);
      expect(policy(path), path).not.toContain('github');
    }
    expect(headersFor(rules, '/admin/')['x-robots-tag']).toBe('noindex');
    expect(headersFor(rules, '/')['x-robots-tag']).toBeUndefined();
  });

  describe('npm start', () => {
    let origin: string;
    const server = { close: () => {} } as { close: () => void };
    beforeAll(async () => {
      const dir = await scratchDir('admin-serve-');
      await mkdir(join(dir, 'admin'));
      await writeFile(join(dir, 'admin/index.html'), '<!doctype html><title>Editor</title>');
      await writeFile(join(dir, '_headers'), deployFiles({}, [], github).headers);
      const site = createSiteServer({ dir });
      await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
      origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      server.close = () => site.close();
    });
    afterAll(() => server.close());

    it("serves a folder's index.html at its path with a slash, with the editor's policy, and sends /admin there", async () => {
      const page = await fetch(`${origin}/admin/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Editor</title>');
      expect(page.headers.get('content-security-policy')).toBe(adminPolicy(github));
      const bare = await fetch(`${origin}/admin`, { redirect: 'manual' });
      expect([bare.status, bare.headers.get('location')]).toEqual([301, '/admin/']);
    });
  });
});
