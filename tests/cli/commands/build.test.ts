import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { BuildSession, buildSite } from '../../../cli/engine/build-site.ts';
import { readStamp } from '../../../cli/engine/incremental/stamp.ts';
import { toolVersion } from '../../../cli/engine/incremental/versions.ts';
import { digest } from '../../../cli/support/files.cjs';
import { compiledDir } from '../../../cli/support/paths.ts';
import { copyContent, editFile, repoRoot, scratchDir, snapshot, sitegen } from '../../helpers.ts';

const run = promisify(execFile);
const cli = sitegen;

// Each case starts the real CLI, which takes a few seconds on a 2-core machine.
describe('sitegen build', { timeout: 30_000 }, () => {
  it('writes the whole site and prints pages per language, size and time', async () => {
    const out = join(await scratchDir('dist-'), 'dist');
    const { code, stdout } = await cli('build', '--out', out);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Built \d{3} pages \(es \d+, en \d+\), \d+ files, [\d.]+ MB in [\d.]+ s/);
    expect(await readFile(join(out, 'en/plumbers/javea.html'), 'utf8')).toContain('Plumbers in Jávea');
  });

  it('fails on broken content with file:line:col messages, exit 1, no stack trace, and leaves dist untouched', async () => {
    const content = await copyContent();
    await editFile(content, 'services/piscinas.yaml', (yaml) => yaml.replace('icon: waves', 'icon: pool'));
    await editFile(content, 'localities.yaml', (yaml) => yaml.replace('name: Xaló', 'name: ""'));
    const out = join(await scratchDir('dist-'), 'dist');
    await mkdir(out);
    await writeFile(join(out, 'index.html'), 'previous build');

    const { code, stderr } = await cli('build', '--content', content, '--out', out);

    expect(code).toBe(1);
    expect(stderr).toMatch(/services\/piscinas\.yaml:\d+:7 {2}icon: expected one of "zap", .*got "pool"/);
    expect(stderr).toMatch(/localities\.yaml:\d+:\d+ {2}localities\.\d+\.name: must not be empty/);
    expect(stderr).toContain('2 content problems');
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(await readdir(out)).toEqual(['index.html']);
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('previous build');
  });

  it('shows the stack trace of an unexpected failure only with --debug', async () => {
    const notAFolder = join(await scratchDir('out-'), 'file');
    await writeFile(notAFolder, '');
    const plain = await cli('build', '--out', join(notAFolder, 'dist'));
    expect(plain.code).toBe(1);
    expect(plain.stderr).toContain('could not write');
    expect(plain.stderr).not.toMatch(/\n\s+at /);
    const debug = await cli('--debug', 'build', '--out', join(notAFolder, 'dist'));
    expect(debug.stderr).toMatch(/\n\s+at claimOutput \(.*cli\/engine\/write\/publish\.ts:\d+/);
  });
});

describe('sitegen build, run again', { timeout: 60_000 }, () => {
  const setUp = async () => {
    const content = await copyContent();
    const root = await scratchDir('rebuild-');
    const args = ['build', '--content', content, '--out', join(root, 'dist'), '--cache', join(root, '.cache')];
    expect((await cli(...args)).code).toBe(0);
    return { content, out: join(root, 'dist'), args };
  };

  it('says at once that nothing changed, and rebuilds what an edit changed', async () => {
    const { content, out, args } = await setUp();
    // The answer loads none of the engine's packages nor the compiled templates: a probe lists what the process required.
    const probe = join(await scratchDir('probe-'), 'probe.cjs');
    await writeFile(
      probe,
      "const M = require('node:module'); const load = M._load; const seen = new Set(); M._load = function (id, ...rest) { seen.add(id); return load.call(this, id, ...rest); }; process.on('exit', () => process.stderr.write(JSON.stringify([...seen])));",
    );
    const answered = await run('node', ['--require', probe, join(repoRoot, 'cli/bin.cjs'), ...args], { cwd: repoRoot });
    expect(answered.stdout).toMatch(/^Built 350 pages \(es 175, en 175; nothing changed since the last build\)/);
    const required = JSON.parse(answered.stderr) as string[];
    expect(required.filter((id) => /^(sharp|esbuild|tinypool|react|@tailwindcss\/node)$|engine\.cjs$/.test(id))).toEqual([]);
    await editFile(content, 'localities.yaml', (yaml) => yaml.replace('name: Xaló', 'name: Xaló (Jalón)'));
    expect((await cli(...args)).stdout).toMatch(/; [1-9]\d* rendered, the rest unchanged\)/);
    expect(await readFile(join(out, 'fontaneros/xalo.html'), 'utf8')).toContain('Xaló (Jalón)');
  });

  /** The site a build with no cache makes of `content`, every file with its bytes. */
  const cleanBuild = async (content: string) => {
    const out = join(await scratchDir('clean-'), 'dist');
    expect((await cli('build', '--content', content, '--out', out, '--no-cache')).code).toBe(0);
    return snapshot(out);
  };

  /** Each file of `dir` by its inode and time: a file a build wrote again has new ones, a kept one is linked as it was. */
  const identities = async (dir: string) => {
    const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    const ids = await Promise.all(files.map(async (e) => stat(join(e.parentPath, e.name)).then((info) => `${info.ino}:${info.mtimeMs}`)));
    return new Map(files.map((e, i) => [relative(dir, join(e.parentPath, e.name)), ids[i]!]));
  };
  const rewritten = (before: Map<string, string>, after: Map<string, string>) =>
    [...after].filter(([file, id]) => before.get(file) !== id).map(([file]) => file);

  it("renders an edited post's text into its page and its feed, rewrites no other file, and writes what a clean build writes", async () => {
    const { content, out, args } = await setUp();
    const built = await identities(out);
    await editFile(content, 'blog/es/mantenimiento-piscinas-verano.md', (md) => `${md}\nUna frase nueva, con «comillas» & más.\n`);
    expect((await cli(...args)).stdout).toMatch(/; 1 rendered, the rest unchanged\), 486 files/);
    expect(await readFile(join(out, 'blog/mantenimiento-piscinas-verano.html'), 'utf8')).toContain('Una frase nueva, con «comillas»');
    const edited = await identities(out);
    expect(rewritten(built, edited).sort()).toEqual(['blog/feed.xml', 'blog/mantenimiento-piscinas-verano.html']);
    expect(await snapshot(out)).toEqual(await cleanBuild(content));
    // Again, from what that build left: the same post and one in English, each in its page and feed.
    await editFile(content, 'blog/es/mantenimiento-piscinas-verano.md', (md) => md.replace('Una frase nueva', 'Una frase corregida'));
    await editFile(content, 'blog/en/summer-pool-maintenance-tips.md', (md) => `${md}\nA new closing line.\n`);
    expect((await cli(...args)).stdout).toMatch(/; 2 rendered, the rest unchanged\)/);
    expect(rewritten(edited, await identities(out)).sort()).toEqual([
      'blog/feed.xml',
      'blog/mantenimiento-piscinas-verano.html',
      'en/blog/feed.xml',
      'en/blog/summer-pool-maintenance-tips.html',
    ]);
    expect(await snapshot(out)).toEqual(await cleanBuild(content));
    expect((await cli(...args)).stdout).toContain('nothing changed since the last build');
  });

  it("renders a post added beside an edited post's text", async () => {
    const { content, out, args } = await setUp();
    await editFile(content, 'blog/es/mantenimiento-piscinas-verano.md', (md) => `${md}\nUna frase nueva.\n`);
    // A copy of a pair of posts under new slugs, each the other's counterpart.
    const pair = [
      ['es', 'prevencion-averias-fontaneria', 'prevencion-averias-copia'],
      ['en', 'preventing-plumbing-problems', 'preventing-problems-copy'],
    ] as const;
    for (const [lang, slug, copy] of pair) {
      const text = await readFile(join(content, `blog/${lang}/${slug}.md`), 'utf8');
      const renamed = pair.reduce((md, [, from, to]) => md.replaceAll(`"${from}"`, `"${to}"`), text);
      await writeFile(join(content, `blog/${lang}/${copy}.md`), renamed);
    }
    const { stdout } = await cli(...args);
    expect(stdout).toMatch(/; [1-9]\d* rendered, the rest unchanged\)/);
    expect(await readFile(join(out, 'blog/prevencion-averias-copia.html'), 'utf8')).toContain('<h1');
    expect(await readFile(join(out, 'blog/mantenimiento-piscinas-verano.html'), 'utf8')).toContain('Una frase nueva.');
  });

  it('renders again a text put back as the cache knew it, with a title edited elsewhere, as a clean build does', async () => {
    const { content, out, args } = await setUp();
    const post = 'blog/es/mantenimiento-piscinas-verano.md';
    const text = await readFile(join(content, post), 'utf8');
    await editFile(content, post, (md) => `${md}\nSolo un momento.\n`);
    expect((await cli(...args)).stdout).toMatch(/; 1 rendered, the rest unchanged\)/);
    await writeFile(join(content, post), text);
    await editFile(content, 'blog/en/summer-pool-maintenance-tips.md', (md) =>
      md.replace(/^title: .*$/m, 'title: "Pool care for the summer"'),
    );
    expect((await cli(...args)).stdout).toMatch(/; [1-9]\d* rendered, the rest unchanged\)/);
    expect(await readFile(join(out, 'blog/mantenimiento-piscinas-verano.html'), 'utf8')).not.toContain('Solo un momento.');
    expect(await snapshot(out)).toEqual(await cleanBuild(content));
  });

  it('renders a post whose front matter changed with its text', async () => {
    const { content, out, args } = await setUp();
    const post = 'blog/es/mantenimiento-piscinas-verano.md';
    await editFile(content, post, (md) => md.replace(/^excerpt: .*$/m, 'excerpt: "Un resumen nuevo."').concat('\nY un final.\n'));
    expect((await cli(...args)).stdout).toMatch(/; [1-9]\d* rendered, the rest unchanged\)/);
    expect(await readFile(join(out, 'blog/mantenimiento-piscinas-verano.html'), 'utf8')).toContain('Y un final.');
    expect(await readFile(join(out, 'blog.html'), 'utf8')).toContain('Un resumen nuevo.');
    expect(await snapshot(out)).toEqual(await cleanBuild(content));
  });

  it('keeps beside its bundle the tool version that the hash of the sources gives', async () => {
    await setUp();
    const bundles = (await readdir(compiledDir)).filter((name) => name.startsWith('cli-'));
    const times = await Promise.all(bundles.map(async (name) => (await stat(join(compiledDir, name))).mtimeMs));
    const newest = bundles[times.indexOf(Math.max(...times))]!;
    expect(await readFile(join(compiledDir, newest, 'tool-version'), 'utf8')).toBe(await toolVersion());
  });

  it('has deleted the site it replaced when it exits, with files someone had added to it', async () => {
    const { content, out, args } = await setUp();
    // Enough files that deleting them takes a while after the build has exited, if another process did it.
    await mkdir(join(out, 'added'));
    await Promise.all(Array.from({ length: 4_000 }, (_, i) => writeFile(join(out, 'added', `${i}.txt`), '')));
    await editFile(content, 'blog/es/mantenimiento-piscinas-verano.md', (md) => `${md}\nOtra frase.\n`);
    expect((await cli(...args)).code).toBe(0);
    expect((await readdir(dirname(out))).sort()).toEqual(['.cache', 'dist']);
    expect(await readdir(out)).not.toContain('added');
  });

  it('still prints its help, and refuses an unknown option with exit 2, where the last build left a stamp', async () => {
    const { args } = await setUp();
    const help = await cli(...args, '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--verify-output');
    const unknown = await cli(...args, '--fast');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--fast'");
  });

  it('does not say nothing changed after a template was saved, even with the same text', async () => {
    const { args } = await setUp();
    // Its text, which other tests render, stays as it is; its times change, as a save changes them.
    await utimes(join(repoRoot, 'templates/pages/Legal.tsx'), new Date(), new Date());
    expect((await cli(...args)).stdout).toMatch(/; 0 rendered, the rest unchanged\)/);
  });

  it('rebuilds what --changed names and takes the other content files as the last build read them', async () => {
    const { content, out, args } = await setUp();
    const [named, unnamed] = ['mantenimiento-piscinas-verano', 'prevencion-averias-fontaneria'];
    await editFile(content, `blog/es/${named}.md`, (md) => `${md}\nNombrada en --changed.\n`);
    await editFile(content, `blog/es/${unnamed}.md`, (md) => `${md}\nNo nombrada.\n`);
    const told = await cli(...args, '--changed', join(content, `blog/es/${named}.md`));
    expect(told.stdout).toMatch(/; [1-9]\d* rendered, the rest unchanged\)/);
    expect(await readFile(join(out, `blog/${named}.html`), 'utf8')).toContain('Nombrada en --changed.');
    expect(await readFile(join(out, `blog/${unnamed}.html`), 'utf8')).not.toContain('No nombrada.');
    // A build without the list checks every file again: it finds the edit the list left out.
    expect((await cli(...args)).stdout).toMatch(/; [1-9]\d* rendered, the rest unchanged\)/);
    expect(await readFile(join(out, `blog/${unnamed}.html`), 'utf8')).toContain('No nombrada.');
    expect((await cli(...args)).stdout).toContain('nothing changed since the last build');
  });

  it('cleans up after a build killed once it had left its stamp, instead of saying nothing changed', async () => {
    const { out, args } = await setUp();
    // What a build killed between writing its stamp and letting the folder go leaves beside it.
    const dead = 999_999;
    await writeFile(`${out}.lock`, String(dead));
    await mkdir(`${out}.staging-${dead}`);
    // And a build that waited for it, killed while it removed that build's lock (removeAbandoned).
    await writeFile(`${out}.lock.${dead - 1}`, String(dead));
    // And one killed while it deleted the site it had replaced.
    await cp(out, `${out}.old-${dead - 2}`, { recursive: true });
    expect((await cli(...args)).stdout).not.toContain('nothing changed');
    expect((await readdir(dirname(out))).filter((name) => name.startsWith('dist.'))).toEqual([]);
    expect((await cli(...args)).stdout).toContain('nothing changed since the last build');
  });

  it('builds instead of trusting a stamp that is sealed but not of the shape the builder writes', async () => {
    const { out, args } = await setUp();
    const stampFile = join(out, '../.cache/stamp.v8');
    const bytes = await readFile(stampFile);
    const { summary: _, ...stamp } = deserialize(bytes.subarray(bytes.indexOf(10) + 1)) as Record<string, unknown>;
    const body = serialize(stamp);
    await writeFile(stampFile, Buffer.concat([Buffer.from(`${digest(body)}\n`), body]));
    const { code, stdout } = await cli(...args);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Built 350 pages .*, the rest unchanged\)/);
    expect((await cli(...args)).stdout).toContain('nothing changed since the last build');
  });

  it('says nothing changed on the build after one that added a page to published-urls.txt', async () => {
    const { content, args } = await setUp();
    await editFile(content, 'published-urls.txt', (text) => text.replace('/en/about\n', ''));
    expect((await cli(...args)).stdout).not.toContain('nothing changed');
    expect(await readFile(join(content, 'published-urls.txt'), 'utf8')).toContain('/en/about\n');
    expect((await cli(...args)).stdout).toContain('nothing changed since the last build');
  });

  it('trusts the output folder as the last build left it; --verify-output checks every file', async () => {
    const { content, out, args } = await setUp();
    // The build recorded each file as it lies on disk: checked one by one, none is found changed.
    expect((await cli(...args, '--verify-output')).stdout).toContain('; 0 rendered, the rest unchanged');
    await writeFile(join(out, 'empresa.html'), 'hand-edited');
    await editFile(content, 'blog/es/mantenimiento-piscinas-verano.md', (md) => `${md}\nOtra frase.\n`);
    await cli(...args);
    expect(await readFile(join(out, 'empresa.html'), 'utf8')).toBe('hand-edited');
    await cli(...args, '--verify-output');
    expect(await readFile(join(out, 'empresa.html'), 'utf8')).toContain('<h1');
  });

  /**
   * A built site, then a dev session that changed one post's page in place ("Solo en dev.") and was
   * stopped before it wrote its cache: the last build's cache is put back, but for the stamp dev
   * dropped, and the post as it was. `before` runs first, on the built site's cache.
   */
  async function devStoppedBeforeItsCache<T>(before: (cacheDir: string) => T) {
    const { content, out, args } = await setUp();
    const cacheDir = args[args.indexOf('--cache') + 1]!;
    const saved = `${cacheDir}-saved`;
    await cp(cacheDir, saved, { recursive: true });
    const earlier = before(cacheDir);
    const post = 'blog/es/mantenimiento-piscinas-verano.md';
    const text = await readFile(join(content, post), 'utf8');
    await writeFile(join(content, post), `${text}\nSolo en dev.\n`);
    const session = new BuildSession();
    await buildSite({ content, out, cache: cacheDir }, session);
    await session.flush();
    const page = join(out, 'blog/mantenimiento-piscinas-verano.html');
    expect(await readFile(page, 'utf8')).toContain('Solo en dev.');
    await expect(stat(join(cacheDir, 'stamp.v8'))).rejects.toThrow('ENOENT');
    await rm(cacheDir, { recursive: true });
    await rm(join(saved, 'stamp.v8'));
    await rename(saved, cacheDir);
    await writeFile(join(content, post), text);
    return { content, out, args, cacheDir, page, earlier };
  }

  it('checks every file after a dev session changed the output folder in place and stopped before writing its cache', async () => {
    const { args, page } = await devStoppedBeforeItsCache(() => undefined);
    expect((await cli(...args)).code).toBe(0);
    expect(await readFile(page, 'utf8')).not.toContain('Solo en dev.');
  });

  it('checks every file when a dev session changed the output folder in place after build read the stamp', async () => {
    // What build read to answer "nothing changed", before it claimed the output folder.
    const { content, out, cacheDir, page, earlier: stamp } = await devStoppedBeforeItsCache(readStamp);
    await buildSite({ content, out, cache: cacheDir, stamp });
    expect(await readFile(page, 'utf8')).not.toContain('Solo en dev.');
  });

  it('rebuilds a post edited through a link inside the content folder', async () => {
    const { content, out, args } = await setUp();
    const post = 'blog/es/mantenimiento-piscinas-verano.md';
    await mkdir(join(content, 'linked'));
    await rename(join(content, post), join(content, 'linked/post.md'));
    await symlink('../../linked/post.md', join(content, post));
    expect((await cli(...args)).code).toBe(0);
    await editFile(content, 'linked/post.md', (md) => `${md}\nA través del enlace.\n`);
    expect((await cli(...args)).code).toBe(0);
    expect(await readFile(join(out, 'blog/mantenimiento-piscinas-verano.html'), 'utf8')).toContain('A través del enlace.');
  });

  it('writes again a file deleted from the output folder', async () => {
    const { content, out, args } = await setUp();
    // In a subfolder, so that the output folder itself looks untouched.
    await rm(join(out, 'en/about.html'));
    await editFile(content, 'blog/es/mantenimiento-piscinas-verano.md', (md) => `${md}\nY otra.\n`);
    const { code, stderr } = await cli(...args);
    expect(code).toBe(0);
    expect(stderr).toContain('went missing since the last build; checking every file');
    expect(await readFile(join(out, 'en/about.html'), 'utf8')).toContain('<h1');
  });
});

describe('sitegen check', { timeout: 30_000 }, () => {
  it('validates without writing and refuses example values with --strict', async () => {
    expect((await cli('check')).stdout).toMatch(
      /Content OK: 2 languages, 8 services, 16 localities, 12 posts, 6 legal pages, 0 jobs with 0 photos, 0 reviews\./,
    );
    const strict = await cli('check', '--strict');
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/content\/site\.yaml:\d+:\d+ {2}email: still the example value "info@example\.com"/);
  });

  it('treats NODE_ENV=production as strict', async () => {
    const { code, stderr } = await run('node', [join(repoRoot, 'cli/bin.cjs'), 'check'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(code).toBe(1);
    expect(stderr).toContain('still the example value');
  });
});
