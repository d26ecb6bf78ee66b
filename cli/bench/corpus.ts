import { execFile } from 'node:child_process';
import { access, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import matter from 'gray-matter';
import { parse } from 'yaml';
import { loadModel } from '../build/model.ts';
import { fixedSlugs } from '../build/routes.ts';
import type { Lang } from '../build/schema/common.ts';

/** The corpus generator shared with the peers' benchmark, next to the repository. */
export const sharedBenchDir = fileURLToPath(new URL('../../../shared/bench/', import.meta.url));

/** Writes `posts` synthetic posts (post-0.md …) into `dir` with the shared generator. */
export async function generateCorpus(dir: string, posts: number): Promise<void> {
  const script = join(sharedBenchDir, 'gen-corpus.mjs');
  await access(script).catch(() => {
    throw new Error(`the shared corpus generator is missing at ${script}; the bench needs the shared bench folder next to the repository`);
  });
  await promisify(execFile)(process.execPath, [script, dir, String(posts)]);
}

const enSlug = (slug: string) => `${slug}-en`;
const postUrl = (lang: Lang, slug: string) =>
  lang === 'es' ? `/${fixedSlugs.blog.es}/${slug}` : `/en/${fixedSlugs.blog.en}/${enSlug(slug)}`;

/** YAML front matter in the project's style: every value double-quoted (JSON strings are valid YAML). */
const frontMatter = (fields: Record<string, string | string[]>) =>
  `---\n${Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join('\n')}\n---\n`;

/**
 * Turns each generated `post-i.md` of `corpusDir` into a valid Spanish post `post-i` and its English
 * counterpart `post-i-en` in `contentDir`, tied to real services and localities of that content.
 * The body is kept; its `/blog/post-N/` links become the real post URLs, so the site stays link-clean.
 * Returns how many posts per language it wrote.
 */
export async function addSyntheticPosts(corpusDir: string, contentDir: string): Promise<number> {
  const { services, localities } = await loadModel(contentDir);
  const files = (await readdir(corpusDir)).filter((f) => /^post-\d+\.md$/.test(f));
  for (const [i, file] of files.entries()) {
    const slug = file.slice(0, -'.md'.length);
    const source = matter(await readFile(join(corpusDir, file), 'utf8'), { engines: { yaml: (text) => parse(text) as object } });
    const { title, date, category, excerpt } = source.data as Record<string, unknown>;
    if (![title, date, category, excerpt].every((v) => typeof v === 'string')) {
      throw new Error(`${join(corpusDir, file)}: expected string title, date, category and excerpt in the front matter; has gen-corpus.mjs changed?`);
    }
    const service = services[i % services.length]!;
    const pair = [localities[i % localities.length]!.slug, localities[(i + 1) % localities.length]!.slug];
    for (const lang of ['es', 'en'] as const) {
      const body = source.content.replace(/\]\(\/blog\/(post-\d+)\/\)/g, (_, target: string) => `](${postUrl(lang, target)})`);
      const fields = {
        title: title as string,
        excerpt: excerpt as string,
        date: date as string,
        category: category as string,
        slug: lang === 'es' ? slug : enSlug(slug),
        counterpart: lang === 'es' ? enSlug(slug) : slug,
        service: service.slug.es,
        localities: pair,
        image: service.image,
        imageAlt: service[lang].title,
      };
      await writeFile(join(contentDir, 'blog', lang, `${fields.slug}.md`), frontMatter(fields) + body);
    }
  }
  return files.length;
}
