// `sitegen check`: validates the content as a build would, and writes nothing.
export async function checkCommand(opts: { content: string; strict?: boolean }): Promise<void> {
  const { loadContent } = await import('../../engine/content.ts');
  const content = await loadContent(opts.content, { strict: opts.strict });
  // The checks that need every page's path: aliases that would hide a page, published paths left unanswered.
  const [{ withBodies, withHtml }, { RouteMap }] = await Promise.all([
    import('../../engine/render/texts.ts'),
    import('../../site/routes.ts'),
  ]);
  new RouteMap({ ...withHtml(content, () => ''), projects: withBodies(content.projects, content.site.languages, () => '') });
  const count = (pages: Record<string, unknown[]>) => Object.values(pages).reduce((sum, list) => sum + list.length, 0);
  console.log(
    `Content OK: ${content.site.languages.length} languages, ${content.services.length} services, ${content.localities.length} localities, ${count(content.posts)} posts, ${count(content.legal)} legal pages, ` +
      `${content.projects.length} jobs with ${content.photos.size} photos, ${content.reviews.length} reviews.`,
  );
}
