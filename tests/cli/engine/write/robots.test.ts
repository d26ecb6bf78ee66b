import { describe, expect, it } from 'vitest';
import { robots } from '../../../../cli/engine/write/robots.ts';
import { contentSets, loadSite } from './fixture.ts';

describe.each(contentSets)('robots.txt ($name)', ({ dir }) => {
  it('lets every crawler in everywhere and points it at the absolute sitemap URL', async () => {
    const { model } = await loadSite(dir);
    const lines = robots(model).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines.filter((line) => line.startsWith('Disallow'))).toEqual([]);
    expect(lines).toContain(`Sitemap: ${model.site.baseUrl}/sitemap.xml`);
  });
});
