import { cp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { deserialize, serialize } from 'node:v8';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseDocument } from 'yaml';
import { readCache } from '../../../cli/engine/incremental/cache.ts';
import { buildSite, BuildSession, type BuildCommandOptions } from '../../../cli/engine/build-site.ts';
import { buildCommand } from '../../../cli/commands/build/command.ts';
import { toolVersion } from '../../../cli/engine/incremental/versions.ts';
import { feedLength } from '../../../cli/engine/write/feeds.ts';
import { ContentError, formatIssue } from '../../../cli/site/issues.ts';
import { contentDir, copyContent, editFile, lineOf, scratchDir, snapshot } from '../../helpers.ts';

let work: string;
let content: string;
const incremental = () => join(work, 'incremental');
const cache = () => join(work, '.cache');

/** Builds incrementally and from scratch, and expects the same bytes in both folders. */
async function expectIncrementalEqualsClean(): Promise<string> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await buildCommand({ content, out: incremental(), cache: cache() });
    const summary = String(log.mock.calls.at(-1)?.[0]);
    const clean = join(work, `clean-${Date.now()}`);
    await buildCommand({ content, out: clean, cache: false });
    const [a, b] = await Promise.all([snapshot(incremental()), snapshot(clean)]);
    expect([...a.keys()]).toEqual([...b.keys()]);
    for (const [file, bytes] of b) expect(a.get(file), file).toBe(bytes);
    return summary;
  } finally {
    log.mockRestore();
  }
}

/** A build from scratch of the content into a new folder, which it returns. */
async function cleanBuild(): Promise<string> {
  const clean = join(work, `clean-${Date.now()}`);
  await buildSite({ content, out: clean, cache: false });
  return clean;
}

/** Runs `steps` in a dev session on the incremental folder, then expects what a build from scratch leaves. */
async function inSession(steps: (session: BuildSession, opts: BuildCommandOptions & { cache: string }) => Promise<void>) {
  await expectIncrementalEqualsClean();
  const opts = { content, out: incremental(), cache: cache() };
  const session = new BuildSession();
  await steps(session, opts);
  await session.flush();
  expect(await expectIncrementalEqualsClean()).toContain('0 rendered, the rest unchanged');
}

/** inSession, started as dev starts: its watcher ready, then its first build. */
const inWatchedSession = (steps: Parameters<typeof inSession>[0]) =>
  inSession(async (session, opts) => {
    session.watched();
    await buildSite(opts, session);
    await steps(session, opts);
  });

/** Writes `text` to the content file `file` and rebuilds, as dev does once its watcher reports the save. */
async function saveInSession(session: BuildSession, opts: BuildCommandOptions, file: string, text: string) {
  await writeFile(join(content, file), text);
  session.changed([join(content, file)]);
  return buildSite(opts, session);
}

/** A full garbage collection, asked of V8 through the inspector, as a heap profiler asks for one. */
async function collectGarbage(): Promise<void> {
  const inspector = new Session();
  inspector.connect();
  // Twice, with a turn between: a finished promise's callbacks may hold what the first leaves.
  await inspector.post('HeapProfiler.collectGarbage');
  await new Promise(setImmediate);
  await inspector.post('HeapProfiler.collectGarbage');
  inspector.disconnect();
}

beforeAll(async () => {
  work = await scratchDir('incremental-');
  content = await copyContent();
});

describe('incremental builds', { timeout: 120_000 }, () => {
  // Some forty builds: minutes on a busy 2-core machine.
  it('match a clean build byte for byte after every edit of a series', { timeout: 600_000 }, async () => {
    expect(await expectIncrementalEqualsClean()).toMatch(/^Built 350 pages \(es 175, en 175\), /);
    expect(await expectIncrementalEqualsClean()).toContain('(es 175, en 175; 0 rendered, the rest unchanged)');

    // The post's modification time is set to a whole second, so it can be put back exactly below.
    const post = 'blog/es/mantenimiento-piscinas-verano.md';
    const second = new Date('2026-01-01T00:00:00Z');
    await editFile(content, post, (md) => `${md}\nUn consejo más: revisa el skimmer cada semana.\n`);
    await utimes(join(content, post), second, second);
    // Only the post's text changed: its page renders again, the blog index (title, excerpt) does not.
    expect(await expectIncrementalEqualsClean()).toMatch(/; 1 rendered, the rest unchanged/);

    // Same size and the same modification time: only the change time tells the cache.
    await editFile(content, post, (md) => md.replace('cada semana', 'cada martes'));
    await utimes(join(content, post), second, second);
    expect(await expectIncrementalEqualsClean()).toMatch(/; 1 rendered, the rest unchanged/);

    // One locality's text for one trade: its page in both languages renders again, nothing else.
    await editFile(content, 'local/fontaneros.yaml', (yaml) => {
      const doc = parseDocument(yaml);
      doc.setIn(['javea', 'es', 'heading'], 'Fontanería en las casas de Jávea');
      return doc.toString();
    });
    expect(await expectIncrementalEqualsClean()).toMatch(/; 2 rendered, the rest unchanged/);
    // A locality that had no text gets one: the pages of that trade look again.
    await editFile(content, 'local/pintores.yaml', (yaml) => yaml.replace(/^calpe:\n(?: {2,}.*\n)+/m, ''));
    await expectIncrementalEqualsClean();
    await cp(join(contentDir, 'local/pintores.yaml'), join(content, 'local/pintores.yaml'));
    await expectIncrementalEqualsClean();

    // Its title shows on the blog index, the counterpart's page and the service pages.
    await editFile(content, post, (md) => md.replace(/^title: "/m, 'title: "Guía: '));
    await expectIncrementalEqualsClean();
    // Its date shows in the sitemap and the feed, which are made again like the pages.
    await editFile(content, post, (md) => md.replace(/^date: ".*"$/m, 'date: "2024-06-02"'));
    await expectIncrementalEqualsClean();

    await editFile(content, 'localities.yaml', (yaml) => yaml.replace('name: Xaló', 'name: Xaló (Jalón)'));
    await expectIncrementalEqualsClean();

    // An illustration drawn again at another size, kept from the last build until then: the pages
    // that show it take its new width and height.
    await editFile(content, 'images/fontaneros.svg', (svg) => svg.replace('width="800" height="500"', 'width="640" height="400"'));
    await expectIncrementalEqualsClean();
    await cp(join(contentDir, 'images/fontaneros.svg'), join(content, 'images/fontaneros.svg'));
    await expectIncrementalEqualsClean();

    await editFile(content, 'services/pintores.yaml', (yaml) => yaml.replace(/title: Pintores\n/, 'title: Pintores y decoradores\n'));
    await expectIncrementalEqualsClean();

    // One field of a service: only the pages that show it render again.
    await editFile(content, 'services/fontaneros.yaml', (yaml) => {
      const doc = parseDocument(yaml);
      doc.setIn(['es', 'hero', 'description'], 'Fontanería de confianza, con presupuesto claro.');
      return doc.toString();
    });
    expect(await expectIncrementalEqualsClean()).toMatch(/; 1 rendered, the rest unchanged/);

    // One locality's description in Spanish: the pages that show it (its page for each trade and
    // for air conditioning) render again, not the many that only name the locality.
    await editFile(content, 'localities.yaml', (yaml) => {
      const doc = parseDocument(yaml);
      const xalo = (doc.toJS().localities as { slug: string }[]).findIndex((l) => l.slug === 'xalo');
      doc.setIn(['localities', xalo, 'es', 'description'], 'Xaló, en la Vall de Pop, entre viñedos y almendros.');
      return doc.toString();
    });
    expect(await expectIncrementalEqualsClean()).toMatch(/; 9 rendered, the rest unchanged/);

    // Its title shows on the blog index, the counterpart's page and the service pages.
    await editFile(content, post, (md) => md.replace(/^title: "/m, 'title: "Guía: '));
    await expectIncrementalEqualsClean();

    // A new post between two others: it renders with them, who link it as their neighbour, the
    // blog index and its category's page, whose cards moved, and the post of its service, which
    // shows it as related; in each language. Not the pages that merely link to the blog.
    const front = (slug: string, counterpart: string, category: string) =>
      `---\ntitle: "Cisternas"\nexcerpt: "Revisa la cisterna."\ndate: "2024-03-01"\ncategory: "${category}"\nslug: "${slug}"\ncounterpart: "${counterpart}"\nservice: "fontaneros"\nlocalities: ["javea", "xalo"]\nimage: "fontaneros.svg"\nimageAlt: "Una cisterna"\n---\n\nTexto.\n`;
    await writeFile(join(content, 'blog/es/cisternas.md'), front('cisternas', 'cisterns', 'fontaneria'));
    await writeFile(join(content, 'blog/en/cisterns.md'), front('cisterns', 'cisternas', 'fontaneria'));
    expect(await expectIncrementalEqualsClean()).toMatch(/^Built 352 pages \(es 176, en 176; 12 rendered, the rest unchanged\)/);
    // In another category: itself, both categories' pages, the index and the posts that show its
    // card (the other of its service, the one of its new category), and its neighbours, which read
    // a post's front matter as a whole; in each language.
    for (const file of ['blog/es/cisternas.md', 'blog/en/cisterns.md'])
      await editFile(content, file, (md) => md.replace('category: "fontaneria"', 'category: "piscinas"'));
    expect(await expectIncrementalEqualsClean()).toMatch(/; 16 rendered, the rest unchanged\)/);

    await editFile(content, 'localities.yaml', (yaml) =>
      yaml.replace(
        /^localities:\n/m,
        'localities:\n  - slug: denia\n    name: Dénia\n    comarca: Marina Alta\n    geo: { lat: 38.84, lon: 0.11 }\n    es:\n      description: Ciudad portuaria.\n      context: con su puerto\n    en:\n      description: A port town.\n      context: with its harbour\n',
      ),
    );
    expect(await expectIncrementalEqualsClean()).toMatch(/^Built 370 pages/);

    // Removed on purpose: their lines leave the published list, or the build refuses to lose them.
    await rm(join(content, 'blog/es/renovacion-pintado-fachadas.md'));
    await rm(join(content, 'blog/en/facade-renovation-painting.md'));
    await editFile(content, 'published-urls.txt', (text) =>
      ['/blog/renovacion-pintado-fachadas', '/en/blog/facade-renovation-painting', '/blog/categoria/pintura', '/en/blog/category/painting']
        .map((path) => `${path}\n`)
        .reduce((rest, line) => rest.replace(line, ''), text),
    );
    // Its category had no other post: its page goes too.
    expect(await expectIncrementalEqualsClean()).toMatch(/^Built 366 pages/);

    await editFile(content, 'site.yaml', (yaml) => yaml.replace('"+34 600 000 000"', '"+34 600 000 001"'));
    expect(await expectIncrementalEqualsClean()).toMatch(/^Built 366 pages \(es 183, en 183\), /);

    // Every Markdown HTML entry cut short, and a post page to render again: its text is rendered anew.
    const entries = join(cache(), 'markdown', (await readdir(join(cache(), 'markdown')))[0]!);
    for (const name of await readdir(entries)) await writeFile(join(entries, name), '{"html": "<p>Cut sh');
    await rm(join(incremental(), 'blog/mantenimiento-piscinas-verano.html'));
    expect(await expectIncrementalEqualsClean()).toContain('1 rendered, the rest unchanged');
  });

  it('records what the sitemap and feeds read, so that they are made again only when it changes', async () => {
    await expectIncrementalEqualsClean();
    const { manifest } = readCache(cache(), await toolVersion(), () => {});
    const read = (file: string) => new Set([...manifest!.pages.get(file)!.deps].map((i) => manifest!.keys[i]!));
    const sitemap = read('sitemap.xml');
    const feed = read('blog/feed.xml');
    const posts = (await readdir(join(content, 'blog/es'))).map((file) => `post:es:${file.replace(/\.md$/, '')}`);
    // Every post's date and path: the sitemap reads no post's text.
    for (const post of posts) expect(sitemap, post).toContain(post);
    expect([...sitemap].filter((key) => key.endsWith('.body'))).toEqual([]);
    // The feed reads the list and the text of its newest posts only.
    expect(feed).toContain('posts:es');
    const bodies = [...feed].filter((key) => key.startsWith('post:es:') && key.endsWith('.body'));
    expect(bodies.length).toBe(Math.min(posts.length, feedLength));
  });

  it('never trusts a corrupt or foreign cache', async () => {
    await writeFile(join(cache(), 'build.v8'), 'garbage');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expectIncrementalEqualsClean();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/cache file .*build\.v8 was damaged .*; it is ignored and rebuilt/));
    warn.mockRestore();

    // Valid data with a wrong hash in every field: the checksum on its first line no longer holds.
    const bytes = await readFile(join(cache(), 'build.v8'));
    const newline = bytes.indexOf(10);
    const manifest = deserialize(bytes.subarray(newline + 1));
    manifest.hashes = manifest.hashes.map(() => 'stale');
    await writeFile(join(cache(), 'build.v8'), Buffer.concat([bytes.subarray(0, newline + 1), serialize(manifest)]));
    await rm(join(cache(), 'markdown'), { recursive: true });
    await writeFile(join(cache(), 'content', '0.v8'), 'garbage');
    expect(await expectIncrementalEqualsClean()).toMatch(/^Built 366 pages \(es 183, en 183\), /);
  });

  it('still points at file and line when a problem lies in a file the cache had already validated', async () => {
    await expectIncrementalEqualsClean();
    await rm(join(content, 'services/piscinas.yaml'));
    const error = await buildCommand({ content, out: incremental(), cache: cache() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    const post = 'blog/es/mantenimiento-piscinas-verano.md';
    expect((error as ContentError).issues.map(formatIssue)).toContainEqual(
      expect.stringContaining(`${join(content, post)}:${await lineOf(content, post, 'service:')}:10  service: "piscinas" is not a service`),
    );
    await cp(join(contentDir, 'services/piscinas.yaml'), join(content, 'services/piscinas.yaml'));

    // The same for a YAML file the cache holds, not read by this build until it has a problem.
    await expectIncrementalEqualsClean();
    await rm(join(content, 'images/fontaneros.svg'));
    const missingImage = await buildCommand({ content, out: incremental(), cache: cache() }).catch((e: unknown) => e);
    expect((missingImage as ContentError).issues.map(formatIssue)).toContainEqual(
      expect.stringContaining(
        `${join(content, 'services/fontaneros.yaml')}:${await lineOf(content, 'services/fontaneros.yaml', 'image:')}:8  image: image "fontaneros.svg" is not in`,
      ),
    );
    await cp(join(contentDir, 'images/fontaneros.svg'), join(content, 'images/fontaneros.svg'));

    // An illustration the last build took, now with a script: refused at its file all the same.
    await expectIncrementalEqualsClean();
    await editFile(content, 'images/fontaneros.svg', (svg) => svg.replace('</svg>', '<script>alert(1)</script></svg>'));
    const scripted = await buildCommand({ content, out: incremental(), cache: cache() }).catch((e: unknown) => e);
    expect((scripted as ContentError).issues.map(formatIssue)).toContainEqual(
      expect.stringMatching(new RegExp(`^${join(content, 'images/fontaneros.svg')}  refused: .*script`)),
    );
    await cp(join(contentDir, 'images/fontaneros.svg'), join(content, 'images/fontaneros.svg'));
  });

  it('leaves from a dev session, whose quick rebuilds replace unwritten caches, the cache a build would write', async () => {
    await expectIncrementalEqualsClean();
    const opts = { content, out: incremental(), cache: cache() };
    const session = new BuildSession();
    for (const [post, sentence] of [
      ['blog/es/prevencion-averias-fontaneria.md', 'Primera.'],
      ['blog/en/preventing-plumbing-problems.md', 'Second.'],
      ['blog/es/prevencion-averias-fontaneria.md', 'Tercera.'],
    ]) {
      await editFile(content, post!, (md) => `${md}\n${sentence}\n`);
      await buildSite(opts, session); // well within the session's delay before it writes the cache
    }
    await session.flush();
    const version = await toolVersion();
    const fromSession = await readCache(cache(), version, () => {});
    expect(await expectIncrementalEqualsClean()).toContain('0 rendered, the rest unchanged');
    const fromBuild = await readCache(cache(), version, () => {});
    expect(fromSession.markdown.hashes()).toEqual(fromBuild.markdown.hashes());
    expect(fromSession.parsed).toEqual(fromBuild.parsed);
    expect(fromSession.manifest?.pages).toEqual(fromBuild.manifest?.pages);
  });

  it('lets a dev session trust the folder it published, and still write again a file deleted from it', () =>
    inSession(async (session, opts) => {
      const post = 'blog/es/prevencion-averias-fontaneria.md';
      await editFile(content, post, (md) => `${md}\nUna.\n`);
      await buildSite(opts, session);
      // In a subfolder, so that the output folder itself looks untouched.
      await rm(join(incremental(), 'en/about.html'));
      await editFile(content, post, (md) => `${md}\nOtra.\n`);
      await buildSite(opts, session);
      expect(await readFile(join(incremental(), 'en/about.html'), 'utf8')).toContain('<!DOCTYPE html>');
    }));

  it('updates the output folder in place in a dev session: unchanged pages stay the same files, a deleted post goes', () =>
    inSession(async (session, opts) => {
      await buildSite(opts, session);
      const post = 'blog/es/prevencion-averias-fontaneria.md';
      const inode = async (file: string) => (await stat(join(incremental(), file))).ino;
      const [folder, about, page] = [
        await inode('.'),
        await inode('en/about.html'),
        await inode('blog/prevencion-averias-fontaneria.html'),
      ];
      await editFile(content, post, (md) => `${md}\nEn su sitio.\n`);
      await buildSite(opts, session);
      expect(await inode('.')).toBe(folder); // no new folder swapped in
      expect((await readdir(work)).filter((name) => name.includes('.tmp-'))).toEqual([]); // nor any left beside it
      expect(await inode('en/about.html')).toBe(about);
      expect(await inode('blog/prevencion-averias-fontaneria.html')).not.toBe(page);
      expect(await readFile(join(incremental(), 'blog/prevencion-averias-fontaneria.html'), 'utf8')).toContain('En su sitio.');

      // A new pair of posts appears in place, and goes once deleted and retired from published-urls.txt.
      const pair = { es: ['prevencion-averias-fontaneria', 'copia-en-su-sitio'], en: ['preventing-plumbing-problems', 'copy-in-place'] };
      const ledger = await readFile(join(content, 'published-urls.txt'), 'utf8');
      for (const [lang, [from, to]] of Object.entries(pair)) {
        const text = await readFile(join(content, `blog/${lang}/${from}.md`), 'utf8');
        const other = lang === 'es' ? pair.en : pair.es;
        await writeFile(
          join(content, `blog/${lang}/${to}.md`),
          text.replace(`slug: "${from}"`, `slug: "${to}"`).replace(`counterpart: "${other[0]}"`, `counterpart: "${other[1]}"`),
        );
      }
      await buildSite(opts, session);
      expect(await readFile(join(incremental(), 'en/blog/copy-in-place.html'), 'utf8')).toContain('<!DOCTYPE html>');
      for (const [lang, [, to]] of Object.entries(pair)) await rm(join(content, `blog/${lang}/${to}.md`));
      await writeFile(join(content, 'published-urls.txt'), ledger);
      await buildSite(opts, session);
      await expect(stat(join(incremental(), 'en/blog/copy-in-place.html'))).rejects.toThrow('ENOENT');
    }));

  it('takes the files the watcher of a dev session did not report as the last good build read them, and reads the ones it did', () =>
    inWatchedSession(async (session, opts) => {
      const post = 'blog/es/prevencion-averias-fontaneria.md';
      const page = () => readFile(join(incremental(), 'blog/prevencion-averias-fontaneria.html'), 'utf8');
      // Unreported, as a change the watcher missed: the session keeps what it read...
      await editFile(content, post, (md) => md.replace(/^title: .*$/m, 'title: "Sin aviso"'));
      await buildSite(opts, session);
      expect(await page()).not.toContain('Sin aviso');
      // ...until the watcher names the file, even after a failed build in between.
      const broken = 'blog/en/preventing-plumbing-problems.md';
      const good = await readFile(join(content, broken), 'utf8');
      await writeFile(join(content, broken), good.replace(/^date: .*$/m, 'date: "not a date"'));
      session.changed([join(content, post), join(content, broken)]);
      await expect(buildSite(opts, session)).rejects.toThrow(ContentError);
      await writeFile(join(content, broken), good);
      session.changed([join(content, broken)]);
      await buildSite(opts, session);
      expect(await page()).toContain('Sin aviso');
      // Once the watcher fails, every file is checked.
      await editFile(content, post, (md) => md.replace(/^title: .*$/m, 'title: "Tras el fallo"'));
      session.unwatched();
      await buildSite(opts, session);
      expect(await page()).toContain('Tras el fallo');
    }));

  it('shows in a dev session each edit of a post, text then title, while its other posts keep what they loaded', () =>
    inWatchedSession(async (session, opts) => {
      const post = 'blog/es/prevencion-averias-fontaneria.md';
      const read = (file: string) => readFile(join(incremental(), file), 'utf8');
      const other = await read('blog/mantenimiento-piscinas-verano.html');
      const edit = async (change: (md: string) => string) => {
        await editFile(content, post, change);
        session.changed([join(content, post)]);
        await buildSite(opts, session);
      };
      await edit(
        (md) => `${md}
Una frase nueva.
`,
      );
      expect(await read('blog/prevencion-averias-fontaneria.html')).toContain('Una frase nueva.');
      await edit((md) => md.replace(/^title: .*$/m, 'title: "Un título nuevo"'));
      expect(await read('blog/prevencion-averias-fontaneria.html')).toContain('Un título nuevo');
      expect(await read('blog.html')).toContain('Un título nuevo');
      await edit((md) => md.replace('Una frase nueva.', 'Otra frase.'));
      const page = await read('blog/prevencion-averias-fontaneria.html');
      expect(page).toContain('Otra frase.');
      expect(page).toContain('Un título nuevo');
      expect(await read('blog/mantenimiento-piscinas-verano.html')).toBe(other);
    }));

  it('shows in a dev session an edit of a text alone from the last build, as a clean build shows it', () =>
    inWatchedSession(async (session, opts) => {
      const unchanged = 'blog/mantenimiento-piscinas-verano.html';
      const unchangedPage = await readFile(join(incremental(), unchanged), 'utf8');
      const edits: [string, (md: string) => string, string, string][] = [
        [
          'blog/es/prevencion-averias-fontaneria.md',
          (md) => `${md}\nUna frase nueva.\n`,
          'blog/prevencion-averias-fontaneria.html',
          'Una frase nueva.',
        ],
        // The placeholder's address, linked as GitHub-flavoured Markdown links an address.
        ['legal/es/aviso-legal.md', (md) => `${md}\nEscríbanos a {{email}}.\n`, 'aviso-legal.html', 'Escríbanos a <a href="mailto:info@'],
        [
          'blog/en/preventing-plumbing-problems.md',
          (md) => `${md}\nA new sentence.\n`,
          'en/blog/preventing-plumbing-problems.html',
          'A new sentence.',
        ],
        [
          'blog/es/prevencion-averias-fontaneria.md',
          (md) => md.replace('Una frase nueva.', 'Otra frase.'),
          'blog/prevencion-averias-fontaneria.html',
          'Otra frase.',
        ],
      ];
      for (const [file, edit, page, shown] of edits) {
        await editFile(content, file, edit);
        session.changed([join(content, file)]);
        const summary = await buildSite(opts, session);
        expect(summary.rendered, file).toBe(1);
        expect(await readFile(join(incremental(), page), 'utf8')).toContain(shown);
        expect(await readFile(join(incremental(), unchanged), 'utf8')).toBe(unchangedPage);
        expect(await snapshot(incremental())).toEqual(await snapshot(await cleanBuild()));
      }
    }));

  it('lets a dev session free each build once later ones have replaced it', () =>
    inWatchedSession(async (session, opts) => {
      const post = 'blog/es/prevencion-averias-fontaneria.md';
      const original = await readFile(join(content, post), 'utf8');
      const save = (text: string) => saveInSession(session, opts, post, text);
      await save(`${original}\nUna frase nueva.\n`);
      // What the first rebuild left for the next one (its cache state, whose manifest is made from
      // that build), which each later build replaces with its own.
      const first = new WeakRef(session.cache!);
      for (const text of [original, `${original}\nOtra frase.\n`, original]) await save(text);
      // As after the cache write a session makes a moment after its last rebuild.
      await session.flush();
      await collectGarbage();
      expect(first.deref(), 'the first rebuild is still held').toBeUndefined();
    }));

  it('reports in a dev session a problem in an edited text', () =>
    inWatchedSession(async (session, opts) => {
      const file = 'legal/es/aviso-legal.md';
      const good = await readFile(join(content, file), 'utf8');
      const failed = await saveInSession(session, opts, file, `${good}\nVer {{telefono}}.\n`).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(ContentError);
      expect((failed as ContentError).issues.map(formatIssue).join('\n')).toContain('unknown placeholder {{telefono}}');
      await saveInSession(session, opts, file, good);
    }));

  it('rewrites a page someone edited in the output folder', async () => {
    await writeFile(join(incremental(), 'empresa.html'), 'hand-edited');
    await expectIncrementalEqualsClean();
  });
});
