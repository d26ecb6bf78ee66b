import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownFileAt } from '../../../cli/site/markdown-paths.ts';

describe('where posts and legal texts lie in content/', () => {
  it("tells a post's and a legal text's folder, language and slug from its path", () => {
    expect(markdownFileAt(join('blog', 'es', 'piscinas-en-invierno.md'))).toEqual({
      folder: 'blog',
      lang: 'es',
      slug: 'piscinas-en-invierno',
    });
    expect(markdownFileAt(join('legal', 'en', 'privacy.md'))).toEqual({ folder: 'legal', lang: 'en', slug: 'privacy' });
  });

  it('knows no other file as a text: another language, folder, depth or extension', () => {
    for (const path of [
      join('blog', 'fr', 'x.md'),
      join('blog', 'es', 'drafts', 'x.md'),
      join('projects', 'es', 'x.md'),
      join('blog', 'es', 'x.yaml'),
      join('blog', 'es', 'x.md', 'y'),
      'localities.yaml',
      join('..', 'templates', 'pages', 'Post.tsx'),
    ]) {
      expect(markdownFileAt(path), path).toBeUndefined();
    }
  });
});
