import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import matter from 'gray-matter';
import { parse } from 'yaml';
import { loadContent } from '../../engine/content.ts';
import { langPrefix, type Lang } from '../../site/lang.ts';

const words =
  'agua piscina cloro bomba filtro jardín riego césped pintura fachada humedad tubería grifo caldera cuadro eléctrico enchufe placa solar inversor batería excavación zanja reforma cocina baño azulejo'.split(
    ' ',
  );

/**
 * Writes `posts` synthetic posts (post-0.md …) into `dir`, in the plain front matter Hugo and
 * Eleventy read: about 3 KB each, with headings, a list, bold text, a quote, a table (as the
 * site's posts have, and which every peer's Markdown renders) and one link to the next post. The
 * same seed gives the same posts on every machine, so runs compare.
 */
export async function generateCorpus(dir: string, posts: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  let seed = 1;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const sentence = (length: number) => Array.from({ length }, () => words[Math.floor(random() * words.length)]).join(' ');
  for (let i = 0; i < posts; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const body = [
      `## ${sentence(4)}`,
      `${sentence(60)}.`,
      `${sentence(50)}.`,
      `- ${sentence(6)}\n- ${sentence(7)}\n- **${sentence(3)}** ${sentence(5)}`,
      `### ${sentence(3)}`,
      `${sentence(70)} [enlace](/blog/post-${(i + 1) % posts}/).`,
      `${sentence(60)}.`,
      `> ${sentence(20)}`,
      ['| Tarea | Frecuencia |', '|---|---|', ...Array.from({ length: 4 }, () => `| ${sentence(4)} | ${sentence(3)} |`)].join('\n'),
      `${sentence(80)}.`,
    ].join('\n\n');
    const title = `Post ${i}: ${sentence(4)}`;
    await writeFile(
      join(dir, `post-${i}.md`),
      `---\ntitle: "${title}"\ndate: 2024-03-${day}\ncategory: "mantenimiento"\nexcerpt: "${sentence(15)}"\n---\n\n${body}\n`,
    );
  }
}

/** The site's first two languages and where each one's blog is, for pageOf. */
type Blogs = { lang: Lang; prefix: string; blog: string }[];

/**
 * Synthetic posts from a corpus of 2N generated posts: post-i (i < N) is the first language's post
 * `post-i` (Spanish on the real site), post-(N+i) its translation in the second, `post-i-en`. So the
 * site's posts are exactly the corpus the peers build.
 */
const pageOf = (index: number, perLang: number, [first, second]: Blogs) =>
  index < perLang
    ? { lang: first!.lang, slug: `post-${index}`, url: `${first!.prefix}/${first!.blog}/post-${index}` }
    : { lang: second!.lang, slug: `post-${index - perLang}-en`, url: `${second!.prefix}/${second!.blog}/post-${index - perLang}-en` };

/** YAML front matter in the project's style: every value double-quoted (JSON strings are valid YAML). */
const frontMatter = (fields: Record<string, string | string[]>) =>
  `---\n${Object.entries(fields)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join('\n')}\n---\n`;

/**
 * Turns the generated posts of `corpusDir` (an even number, see pageOf) into valid post pairs in
 * `contentDir`, tied to real services, localities and blog categories of that content (the generated
 * category is a word the peers show, not one of the site's). The body is kept; its
 * `/blog/post-N/` links become the URLs of the pages made from post-N, so the site stays link-clean.
 * Returns how many posts per language it wrote.
 */
export async function addSyntheticPosts(corpusDir: string, contentDir: string): Promise<number> {
  const { site, services, localities, strings } = await loadContent(contentDir);
  const blogs: Blogs = site.languages
    .slice(0, 2)
    .map((lang) => ({ lang, prefix: langPrefix(site.languages, lang), blog: strings[lang]!.slugs.blog }));
  if (blogs.length < 2) throw new Error(`${contentDir}/site.yaml lists one language; the bench writes each post in two`);
  const categories = strings[site.languages[0]!]!.blog.categories;
  const count = (await readdir(corpusDir)).filter((f) => /^post-\d+\.md$/.test(f)).length;
  if (count % 2) throw new Error(`${corpusDir} has ${count} generated posts; the bench needs an even number, half per language`);
  const perLang = count / 2;
  for (let index = 0; index < count; index++) {
    const file = join(corpusDir, `post-${index}.md`);
    const source = matter(await readFile(file, 'utf8'), { engines: { yaml: (text) => parse(text) as object } });
    const { title, date, category, excerpt } = source.data as Record<string, unknown>;
    if (![title, date, category, excerpt].every((v) => typeof v === 'string')) {
      throw new Error(`${file}: expected string title, date, category and excerpt in the front matter; has generateCorpus changed?`);
    }
    const page = pageOf(index, perLang, blogs);
    const twin = pageOf((index + perLang) % count, perLang, blogs);
    const i = index % perLang;
    const service = services[i % services.length]!;
    const fields = {
      title: title as string,
      excerpt: excerpt as string,
      date: date as string,
      category: categories[i % categories.length]!.key,
      slug: page.slug,
      counterpart: twin.slug,
      service: service.key,
      localities: [localities[i % localities.length]!.slug, localities[(i + 1) % localities.length]!.slug],
      image: service.image,
      imageAlt: service[page.lang]?.title ?? (title as string),
    };
    const body = source.content.replace(
      /\]\(\/blog\/post-(\d+)\/\)/g,
      (_, target: string) => `](${pageOf(Number(target), perLang, blogs).url})`,
    );
    await writeFile(join(contentDir, 'blog', page.lang, `${page.slug}.md`), frontMatter(fields) + body);
  }
  return perLang;
}
