import { rm } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { templatesDir } from '../support/paths.ts';
import { manifestOf, readCache, writeCache, writeParsed, type CacheState, type Manifest } from './incremental/cache.ts';
import { build, startWorkers, type BuildOptions, type EarlyWorkers } from './pipeline.ts';
import type { ParsedFile, ParsedFiles } from './load/parse.ts';
import { MarkdownAhead, MarkdownCache } from './incremental/markdown-cache.ts';
import { loadContent } from './content.ts';
import { listContent, type ContentListing, type LoadOptions } from './load/content.ts';
import { toolVersion } from './incremental/versions.ts';
import type { Lang } from '../site/lang.ts';
import type { MarkdownPage } from '../site/model.ts';
import { isLasting } from '../site/routes.ts';
import { contactSite, writeContactServices } from './write/contact-services.ts';
import { photosEncodedIn } from './photos/encode.ts';
import {
  afterWriting,
  currentStamp,
  dropStamp,
  foldersIdentity,
  inputsOf,
  outIdentity,
  statsOf,
  trustsOutput,
  unknownInputs,
  writeStamp,
  type Inputs,
  type StampReading,
} from './incremental/stamp.ts';
import { writePublished } from './write/published-urls.ts';
import { assemblyFolder, claimOutput, intactFiles, writeOutputs } from './write/publish.ts';

export interface BuildCommandOptions {
  content: string;
  out: string;
  /** Folder of the persistent build cache; false for a full build. */
  cache: string | false;
  strict?: boolean;
  /** Stat every output file instead of trusting the manifest when the output folder is the one the last build left. */
  verifyOutput?: boolean;
  /**
   * The content files that may have changed since the last build, as the caller knows them (an
   * editor, or CI from git): the others are taken as that build parsed them, without a stat.
   */
  changed?: string[];
  /**
   * The fingerprint of the inputs (incremental/stamp.ts), when the caller took it already; taken
   * before any content is read, so that an edit made while the build runs makes the next one check.
   */
  inputs?: Inputs;
  /** The last build's stamp, when the caller read it already (build does, to answer "nothing changed"). */
  stamp?: StampReading;
  /** Told each step of a long build. */
  progress?: (step: string) => void;
}

export interface BuildSummary {
  pages: Record<Lang, number>;
  /** Pages rendered by this build; the others were unchanged and kept. */
  rendered: number;
  /** Photo files encoded; the others came from the cache. */
  photosEncoded: number;
  files: number;
  bytes: number;
  seconds: number;
}

/**
 * What a long-running process (dev) keeps between builds: the cache as the last build left it, so
 * the next one need not read it back. Writing the cache waits until the pages have reloaded; a
 * newer build's cache replaces one not yet written.
 */
export class BuildSession {
  cache?: CacheState;
  /** What the parsed-file shards hold, as far as this process knows: a write changes only what differs. */
  onDisk?: ParsedFiles;
  /**
   * The folders of the output this session's last build left (foldersIdentity; it leaves no
   * stamp): while they are as it left them, their files are trusted to be.
   */
  published?: string;
  /**
   * Files changed since this session's last good build, as its watcher reported them; undefined
   * while that is not known: until a build that began with the watcher ready succeeds, and once
   * the watcher failed. When known, the content files it does not name are taken as that build
   * parsed them, without a stat.
   */
  private changedSince?: Set<string>;
  /** Whether a watcher reports every change (see watched). */
  watching = false;
  /** The page the loader made of each parsed file, for the next build (LoadOptions.pages). */
  readonly pages = new WeakMap<ParsedFile, MarkdownPage>();

  /** A watcher now reports every change of the content folder to `changed`. */
  watched(): void {
    this.watching = true;
  }

  /** The watcher failed: from now on every build checks every file. */
  unwatched(): void {
    this.watching = false;
    this.changedSince = undefined;
  }

  /** Told of files the watcher saw change, before the build that follows them. */
  changed(files: Iterable<string>): void {
    for (const file of files) this.changedSince?.add(resolve(file));
  }

  /** The content files, relative to `contentDir`, that may have changed since the last good build; undefined: any. */
  changedIn(contentDir: string): Set<string> | undefined {
    return this.changedSince && inContent(contentDir, this.changedSince);
  }

  /** A build succeeded; `watched`: it began with the watcher ready, so what it read is what the files hold but for changes reported since. */
  built(watched: boolean): void {
    if (watched && this.watching) this.changedSince = new Set();
  }

  private pending?: () => Promise<void>;
  private timer?: NodeJS.Timeout;
  private saving = Promise.resolve();

  saveLater(save: () => Promise<void>): void {
    clearTimeout(this.timer);
    this.pending = save;
    this.timer = setTimeout(() => void this.flush(), 300);
  }

  /** Writes the cache now if a build left it unwritten; resolves when no write is under way. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    const save = this.pending;
    this.pending = undefined;
    if (save) {
      this.saving = this.saving.then(save).catch((error: unknown) => {
        this.cache = undefined; // the next build reads what is on disk, or starts afresh
        console.warn(`! could not write the build cache: ${(error as Error).message}`);
      });
    }
    return this.saving;
  }
}

/** `files` by their paths in the content folder `contentDir`. */
function inContent(contentDir: string, files: Iterable<string>): Set<string> {
  const root = resolve(contentDir);
  return new Set([...files].map((file) => relative(root, resolve(file))));
}

/**
 * Loads, builds and writes the site, incrementally when a cache folder is given. With a session,
 * the cache stays in memory and is written later (see BuildSession).
 */
export async function buildSite(opts: BuildCommandOptions, session?: BuildSession): Promise<BuildSummary> {
  const started = Date.now(); // performance.now() would load perf_hooks, ~3 ms of every build
  // Next to the output folder, so that staged pages move into it without a copy; a build that
  // swaps in a new site stages them where it puts that site together, in place: moving 4,338 pages
  // was ~150 ms of a cold build's end, with the workers done.
  const beside = `${resolve(opts.out)}.staging-${process.pid}`;
  const staging = session ? beside : assemblyFolder(opts.out);
  const warn = (message: string) => console.warn(`! ${message}`);
  // Without a cache, photos encode beside the output folder, where the next build removes what a
  // killed one left (claimOutput); the system's temporary folder is cleaned by no build.
  const photoCache = opts.cache === false ? join(beside, 'photos') : join(opts.cache, 'photos');
  const base = {
    templatesDir,
    year: new Date().getFullYear(),
    staging,
    progress: opts.progress,
    photoCache,
    warn,
    contentFolder: basename(resolve(opts.content)),
  };
  const watched = session?.watching === true;
  const release = await claimOutput(opts.out, (message) => console.warn(`! ${message}`));
  // dev (a session) leaves no stamp: it rebuilds on every change, and the next build checks anyway.
  // A build told what changed takes no fingerprint: its stamp vouches for the output folder alone.
  const inputs = opts.cache === false || session || opts.changed ? undefined : (opts.inputs ?? inputsOf({ ...opts, year: base.year }));
  try {
    const { result, written } =
      opts.cache === false ? await fullBuild(opts, base) : await incrementalBuild({ ...opts, cache: opts.cache, inputs }, base, session);
    writeContactServices(opts.content, contactSite(result.model, result.routes));
    const listed = writePublished(
      result.model.published,
      result.routes.routes.filter(isLasting).map((r) => r.path),
    );
    const count = (lang: Lang) => result.routes.routes.filter((r) => r.lang === lang).length;
    const summary = {
      pages: Object.fromEntries(result.model.site.languages.map((lang) => [lang, count(lang)])),
      files: written.size,
      bytes: [...written.values()].reduce((sum, o) => sum + o.size, 0),
    };
    const out = outIdentity(opts.out);
    if (opts.cache !== false && inputs && out) {
      const after = listed ? afterWriting(inputs, result.model.published.file) : inputs;
      writeStamp(opts.cache, { inputs: after.key, out, summary });
    } else if (opts.cache !== false && opts.changed && out) {
      writeStamp(opts.cache, { inputs: unknownInputs, out, summary });
    }
    if (session) {
      session.published = foldersIdentity(opts.out, written.keys());
      session.built(watched);
    }
    return { ...summary, rendered: result.rendered, photosEncoded: result.photosEncoded, seconds: (Date.now() - started) / 1000 };
  } finally {
    // Where the output folder cannot be, neither can staging: a failed build has said why.
    for (const folder of new Set([staging, beside]))
      await rm(folder, { recursive: true, force: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOTDIR') console.warn(`! could not remove ${folder}: ${error.message}`);
      });
    release();
  }
}

/**
 * A cache state whose manifest `make` makes when first read. Once made, only the manifest is kept:
 * `make` holds the build and the cache state before it, so that in a dev session each state held
 * every build before it.
 */
function withLazyManifest(make: () => Manifest, rest: Omit<CacheState, 'manifest'>): CacheState {
  let manifest: Manifest | undefined;
  let maker: (() => Manifest) | undefined = make;
  return {
    ...rest,
    get manifest() {
      if (maker) [manifest, maker] = [maker(), undefined];
      return manifest;
    },
  };
}

async function fullBuild(opts: BuildCommandOptions, options: BuildOptions) {
  return withEarlyWorkers(opts.content, true, new MarkdownCache(), async ({ workers, ahead, listing }) => {
    opts.progress?.('loading content');
    const content = await loadContent(opts.content, { strict: opts.strict, onMarkdown: ahead?.add, listing });
    const result = await build(content, { ...options, workers, ahead });
    opts.progress?.(`writing ${result.outputs.size} files`);
    return { result, written: await writeOutputs(opts.out, result.outputs) };
  });
}

/**
 * Runs `task` with render workers started before the content loads, when rendering from scratch
 * (`scratch`) a content folder large enough to want them, and with the Markdown `markdown` lacks
 * sent to them as it loads; stops them afterwards. The content folder's listing, made to count
 * its Markdown, is handed to the task to load it.
 */
async function withEarlyWorkers<T>(
  contentDir: string,
  scratch: boolean,
  markdown: MarkdownCache,
  task: (early: { workers?: EarlyWorkers; ahead?: MarkdownAhead; listing?: ContentListing }) => Promise<T>,
): Promise<T> {
  const listing = scratch ? await listContent(contentDir) : undefined;
  const workers = listing && (await startWorkers(templatesDir, contentDir, listing));
  const ahead = workers && new MarkdownAhead(markdown, async (batch) => (await workers.pool.markdown([batch]))[0]!);
  try {
    return await task({ workers, ahead, listing });
  } finally {
    workers?.pool.close();
  }
}

async function incrementalBuild(opts: BuildCommandOptions & { cache: string }, options: BuildOptions, session?: BuildSession) {
  const version = await toolVersion();
  const cache = session?.cache ?? readCache(opts.cache, version, (message) => console.warn(`! ${message}`));
  // What the parsed-file shards on disk hold.
  let onDisk = session ? (session.onDisk ??= cache.parsed) : cache.parsed;
  const parsed = new Map() as ParsedFiles;
  const previous = cache.manifest?.outputs;
  // The output folder the last build left, untouched since by its identity, is trusted as recorded.
  const attempt = (trusted: boolean) =>
    withEarlyWorkers(opts.content, !cache.manifest, cache.markdown, async ({ workers, ahead, listing }) => {
      opts.progress?.('loading content');
      const changed = session?.cache ? session.changedIn(opts.content) : opts.changed && inContent(opts.content, opts.changed);
      const load = {
        strict: opts.strict,
        parsed: { previous: cache.parsed, next: parsed, changed, stats: opts.inputs && statsOf(opts.inputs) },
        photoEncoded: options.photoCache ? photosEncodedIn(options.photoCache) : undefined,
        onMarkdown: ahead?.add,
        pages: session?.pages,
        listing,
      } satisfies LoadOptions;
      const content = await loadContent(opts.content, load);
      // Now, while the Markdown renders, not after the last page; a session writes its cache later.
      if (!session) {
        writeParsed(opts.cache, version, parsed, onDisk);
        onDisk = new Map(parsed); // a copy: a second attempt (below) loads into `parsed` again
      }
      const intact = trusted ? new Set(previous?.keys()) : intactFiles(opts.out, previous);
      const result = await build(content, { ...options, workers, ahead, incremental: { cache, version, intact } });
      opts.progress?.('writing the files that changed');
      const update = previous && intact.size > 0 ? { previous, intact, kept: result.kept, inPlace: !!session } : undefined;
      if (update?.inPlace) dropStamp(opts.cache);
      const written = await writeOutputs(opts.out, result.outputs, update);
      return { result, written };
    });
  // A session updates the folder in place, where a file deleted since would go unnoticed by the stamp's check.
  const trusted =
    !opts.verifyOutput &&
    (session
      ? session.published !== undefined && session.published === foldersIdentity(opts.out, previous?.keys() ?? [])
      : trustsOutput(currentStamp(opts.cache, opts.stamp), opts.out));
  const { result, written } = await attempt(trusted).catch((error: Error) => {
    // A file deleted from the output folder since: check every file, as --verify-output does.
    if (!trusted || (error.cause as NodeJS.ErrnoException | undefined)?.code !== 'ENOENT') throw error;
    console.warn(`! a file of ${opts.out} went missing since the last build; checking every file`);
    return attempt(false);
  });
  // Made when first needed: in a session, after the reload, by the cache write or the next rebuild.
  const next = withLazyManifest(() => manifestOf(version, result.pages, result.hashOf, written, cache.manifest), {
    markdown: cache.markdown,
    parsed,
  });
  const save = async () => {
    if (session) {
      // A session's builds may replace each other's unwritten cache: compare with what is on disk.
      writeParsed(opts.cache, version, parsed, session.onDisk ?? onDisk);
      session.onDisk = parsed;
    }
    writeCache(opts.cache, next.manifest!, next.markdown);
  };
  if (session) {
    session.cache = next;
    session.saveLater(save);
  } else {
    await save();
  }
  return { result, written };
}
