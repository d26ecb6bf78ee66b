// The peers' job done with this project's fixed stack and nothing else: each generated post read
// with gray-matter, its Markdown rendered by remark (GitHub-flavoured, sanitised) and the peers' minimal layout
// (peers.sh) by React, written as a page of its own into a new folder, on as many worker threads
// as a build's render pool. No content checks, shared layout, cache, feeds or real site: what it
// takes is the floor under our cold build. The bench compiles it to one CommonJS file, as the
// engine is, and times it as its own process (process.ts).
// Usage: node stack-alone.cjs CORPUS OUT; prints "built N pages".
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker, isMainThread, workerData } from 'node:worker_threads';
import matter from 'gray-matter';
import { renderToStaticMarkup } from 'react-dom/server';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import { gfmWithoutAutolinks, mayHoldAutolinks } from '../../engine/render/gfm.ts';

interface Job {
  corpus: string;
  out: string;
  files: string[];
}

function Layout({ title, excerpt, date, html }: { title: string; excerpt: string; date: string; html: string }) {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
        <meta name="description" content={excerpt} />
      </head>
      <body>
        <header>
          <nav>
            <a href="/">Inicio</a>
          </nav>
        </header>
        <main>
          <article>
            <h1>{title}</h1>
            <time>{date}</time>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rehype-sanitize's output */}
            <div dangerouslySetInnerHTML={{ __html: html }} />
          </article>
        </main>
        <footer>©</footer>
      </body>
    </html>
  );
}

function renderPosts({ corpus, out, files }: Job): void {
  // GFM as the build parses it: autolink literals only where a text may hold one (engine/render/gfm.ts).
  const markdown = (gfm: typeof remarkGfm | typeof gfmWithoutAutolinks) =>
    remark().use(gfm).use(remarkRehype).use(rehypeSanitize).use(rehypeStringify);
  const processors = { autolinks: markdown(remarkGfm), none: markdown(gfmWithoutAutolinks) };
  for (const file of files) {
    const { data, content } = matter(readFileSync(join(corpus, file), 'utf8'));
    const html = String(processors[mayHoldAutolinks(content) ? 'autolinks' : 'none'].processSync(content));
    const page = `<!DOCTYPE html>${renderToStaticMarkup(
      <Layout title={String(data.title)} excerpt={String(data.excerpt)} date={String(data.date)} html={html} />,
    )}`;
    const dir = join(out, 'posts', file.slice(0, -'.md'.length));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), page);
  }
}

/** Gives each worker every n-th post; this same file runs in them. */
async function main(corpus: string, out: string): Promise<void> {
  const files = readdirSync(corpus).filter((file) => file.endsWith('.md'));
  const workers = availableParallelism();
  await Promise.all(
    Array.from({ length: workers }, (_, i) => {
      const job: Job = { corpus, out, files: files.filter((_, j) => j % workers === i) };
      const worker = new Worker(process.argv[1]!, { workerData: job });
      return new Promise((resolve, reject) => worker.on('error', reject).on('exit', resolve));
    }),
  );
  console.log(`built ${files.length} pages`);
}

if (isMainThread) {
  const [corpus, out] = process.argv.slice(2);
  if (!corpus || !out) throw new Error('usage: node stack-alone.cjs CORPUS OUT');
  main(corpus, out).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
} else renderPosts(workerData as Job);
