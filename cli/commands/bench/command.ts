import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../errors.ts';
import { addSyntheticPosts, generateCorpus } from './corpus.ts';
import { inDevServer } from './dev-reload.ts';
import { addPost, editLocality, editPostBody, editTemplate, fileEdit, firstPost, showsPostBodyEdit } from './edits.ts';
import { repoRoot } from '../../support/paths.ts';
import {
  certsLeftOut,
  compileStackAlone,
  copyWorkspace,
  makeWorkspace,
  nodeStart,
  preparePeers,
  runBuild,
  runCheckLinks,
  timePeers,
  timeStackAlone,
  type BuildRun,
  type PeerTimes,
} from './process.ts';
import { pageWeight } from '../size/measure.ts';
import { checkBudgets, peersTable, resultsTable, type Results, type Series } from './report.ts';

export interface BenchOptions {
  /** Synthetic posts per language. */
  posts: number;
  /** Also time Hugo and Eleventy on the same generated posts. */
  peers: boolean;
  /** Check the budgets; fail on a miss. */
  check: boolean;
  /** Runs per measure; the table shows the median. */
  runs: number;
  /** Leave the generated sites in place afterwards. */
  keep?: boolean;
}

const progress = (message: string) => console.error(`bench: ${message}`);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Builds `runs` times, each after `before(run)`; the median time and the highest peak RSS. */
async function series(
  label: string,
  runs: number,
  build: () => Promise<BuildRun>,
  before: (run: number) => Promise<void>,
): Promise<Series> {
  const results: BuildRun[] = [];
  for (let run = 1; run <= runs; run++) {
    await before(run);
    const result = await build();
    const pages = result.pages ? `, ${result.pages} pages${result.rendered === undefined ? '' : ` (${result.rendered} rendered)`}` : '';
    const rss = result.peakRss ? `, ${Math.round(result.peakRss / 1024 / 1024)} MB` : '';
    progress(`${label} ${run}/${runs}: ${result.seconds.toFixed(2)} s${pages}${rss}`);
    results.push(result);
  }
  const [first] = results;
  return {
    seconds: median(results.map((r) => r.seconds)),
    pages: first!.pages,
    rendered: first!.rendered,
    peakRss: Math.max(...results.map((r) => r.peakRss)),
  };
}

/** Node's own start, the median of 10 runs: the part of every process row that is not ours. */
async function nodeStartSeconds(certs: boolean): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 10; run++) times.push(await nodeStart(certs));
  return median(times);
}

/**
 * `sitegen bench`: times the build as a whole process, cold and after typical edits, on the real
 * site plus `posts` synthetic posts per language, in a temporary folder it deletes afterwards.
 * Prints a table; with `check`, throws when a budget is missed.
 */
export async function bench(opts: BenchOptions): Promise<void> {
  for (const [flag, value] of [
    ['--posts', opts.posts],
    ['--runs', opts.runs],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new UsageError(`${flag} must be a whole number of at least 1, not ${value}`);
  }
  const root = await mkdtemp(join(tmpdir(), 'sitegen-bench-'));
  progress(`working in ${root}`);
  try {
    const results = await measure(root, opts);
    console.log(`\n${resultsTable(results)}`);
    if (results.peers) console.log(`\n${peersTable(results.cold, results.peers)}`);
    if (!opts.check) return;
    const budgets = checkBudgets(results);
    console.log(`\n${budgets.text}`);
    if (budgets.missed.length) throw new Error(`budget${budgets.missed.length === 1 ? '' : 's'} missed: ${budgets.missed.join(', ')}`);
  } finally {
    if (opts.keep) progress(`kept the sites in ${root}: real-N/ and site-N/ (content/, dist/, .cache/), N the last run`);
    else await rm(root, { recursive: true, force: true });
  }
}

/**
 * Cold builds, each in a new copy of the workspace `dir` (copyWorkspace) and right after
 * `alongside`; the series and the last copy, built.
 */
async function coldSeries(
  label: string,
  runs: number,
  dir: string,
  alongside?: () => Promise<void>,
): Promise<{ series: Series; built: string }> {
  let built = dir;
  const cold = await series(
    label,
    runs,
    () => runBuild(built, []),
    async (run) => {
      built = await copyWorkspace(dir, run);
      await alongside?.();
    },
  );
  return { series: cold, built };
}

async function measure(root: string, opts: BenchOptions): Promise<Results> {
  const nothing = async () => {};

  const node = { seconds: await nodeStartSeconds(false), withCerts: certsLeftOut ? await nodeStartSeconds(true) : undefined };
  progress(`Node's own start: ${Math.round(node.seconds * 1000)} ms`);
  await makeWorkspace(join(root, 'real'));
  const real = await coldSeries('real site, cold build', opts.runs, join(root, 'real'));
  const contact = await pageWeight(join(real.built, 'dist'), 'contacto.html');
  // A maintainer edits the real site in dev: one of its posts, saved from its last cold build on.
  const realPost = await firstPost(real.built);
  const devPost = await inDevServer(
    real.built,
    { save: await fileEdit(realPost.file, editPostBody), shown: showsPostBodyEdit(realPost.page) },
    (saveAndReload) => series('real site, dev, one post saved until the page reloads', opts.runs, saveAndReload, nothing),
  );

  const corpus = join(root, 'corpus');
  progress(`generating ${2 * opts.posts} posts, ${opts.posts} per language`);
  await generateCorpus(corpus, 2 * opts.posts);
  await makeWorkspace(join(root, 'site'));
  await addSyntheticPosts(corpus, join(root, 'site', 'content'));
  // The peers build the same posts right before each of our cold builds: a machine's speed
  // changes from one minute to the next, and the budget is a ratio.
  const peerRuns: Omit<PeerTimes, 'posts'>[] = [];
  let peerPosts = 0;
  let timeThePeers: (() => Promise<void>) | undefined;
  if (opts.peers) {
    progress('making Hugo and Eleventy sites of the same posts (cli/commands/bench/peers.sh), and compiling stack-alone.tsx');
    peerPosts = await preparePeers(corpus);
    const stackAlone = await compileStackAlone(root);
    timeThePeers = async () => {
      const times = {
        ...(await timePeers(corpus)),
        // Into a new folder each run, as our cold builds write.
        stackAlone: await timeStackAlone(stackAlone, corpus, join(root, `stack-alone-${peerRuns.length}`)),
      };
      progress(
        `Hugo ${times.hugo.toFixed(2)} s, Eleventy ${times.eleventy.toFixed(2)} s, remark + React alone ${times.stackAlone.toFixed(2)} s`,
      );
      peerRuns.push(times);
    };
  }
  const cold = await coldSeries('cold build', opts.runs, join(root, 'site'), timeThePeers);
  // The rebuilds start from the last cold build's output and cache.
  const site = cold.built;
  const build = () => runBuild(site, []);

  const results: Results = {
    posts: opts.posts,
    runs: opts.runs,
    node,
    real: real.series,
    cold: cold.series,
    unchanged: await series('rebuild, nothing changed', opts.runs, build, nothing),
    post: await series('rebuild, one post edited', opts.runs, build, await fileEdit(join(site, 'content/blog/es/post-0.md'), editPostBody)),
    added: await series('rebuild, one post added', opts.runs, build, addPost(join(site, 'content/blog'))),
    devPost,
    checkLinks: await series('check-links, internal links', opts.runs, () => runCheckLinks(site), nothing),
    contactJsGzip: contact.jsGzip + contact.firstUseGzip,
    locality: await series(
      'rebuild, one locality edited',
      opts.runs,
      build,
      await fileEdit(join(site, 'content/localities.yaml'), editLocality),
    ),
  };
  // The builder renders the project's own templates: edit one in place and always put it back.
  const legal = join(repoRoot, 'templates/pages/Legal.tsx');
  const original = await readFile(legal, 'utf8');
  try {
    results.template = await series('rebuild, one template edited', opts.runs, build, await fileEdit(legal, editTemplate));
  } finally {
    await writeFile(legal, original);
  }
  if (opts.peers) {
    const peerMedian = (peer: keyof (typeof peerRuns)[number]) => median(peerRuns.map((r) => r[peer]));
    results.peers = { posts: peerPosts, hugo: peerMedian('hugo'), eleventy: peerMedian('eleventy'), stackAlone: peerMedian('stackAlone') };
  }
  return results;
}
