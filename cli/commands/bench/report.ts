import type { PeerTimes } from './process.ts';

/** One measured series: median wall time, the pages of its builds and the highest peak RSS. */
export interface Series {
  seconds: number;
  pages: number;
  /** The pages its first build rendered, when it kept the others. */
  rendered?: number;
  peakRss: number;
}

export interface Results {
  posts: number;
  runs: number;
  /**
   * Node's own start and exit in seconds, in the timed processes' environment; `withCerts` as the
   * NODE_EXTRA_CA_CERTS of the bench's environment, which they go without (process.ts), would make it.
   */
  node: { seconds: number; withCerts?: number };
  /** The real content alone, cold. */
  real: Series;
  cold: Series;
  unchanged: Series;
  post: Series;
  /** A new post in both languages, dated today: its pages, its neighbours' and the lists it joins. */
  added: Series;
  /**
   * The real site: from saving one of its posts to the reload event of `sitegen dev`, running in
   * its own process (no peak RSS measured).
   */
  devPost: Series;
  locality: Series;
  /** check-links on the built site, internal links only, as its own process. */
  checkLinks: Series;
  /** JavaScript the real site's contact page loads, with what it loads on first use of the form, gzip bytes. */
  contactJsGzip: number;
  /** Undefined when the CLI cannot build from a copy of the templates. */
  template?: Series;
  peers?: PeerTimes;
}

const MB = 1024 * 1024;
const time = (seconds: number) => (seconds < 1 ? `${Math.round(seconds * 1000)} ms` : `${seconds.toFixed(2)} s`);
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
/** The highest peak RSS of every build of the bench. */
const peakRss = (r: Results) =>
  Math.max(...[r.real, r.cold, r.unchanged, r.post, r.added, r.locality, r.template, r.checkLinks].map((s) => s?.peakRss ?? 0));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Left-aligned text columns separated by two spaces. */
function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function resultsTable(r: Results): string {
  const rows = [
    ['measure', 'value', 'notes'],
    ['cold build', time(r.cold.seconds), `${r.cold.pages} pages, no .cache/ and no dist/`],
    ['rebuild, nothing changed', time(r.unchanged.seconds), ''],
    ['rebuild, one post edited', time(r.post.seconds), 'one sentence of one post body'],
    [
      'rebuild, one post added',
      time(r.added.seconds),
      `a post dated today, in both languages: ${r.added.rendered ?? 'all'} pages rendered`,
    ],
    [
      'dev, one post saved',
      time(r.devPost.seconds),
      'real site: from saving one of its posts to the open page told to reload, `sitegen dev` running',
    ],
    ['rebuild, one locality edited', time(r.locality.seconds), 'its Spanish description in localities.yaml'],
    r.template
      ? ['rebuild, one template edited', time(r.template.seconds), 'a class added in templates/pages/Legal.tsx']
      : ['rebuild, one template edited', 'n/a', 'not measured: `build` has no --templates option to build from a copy'],
    ['check-links', time(r.checkLinks.seconds), 'internal links of the built site'],
    ['pages per second', String(Math.round(r.cold.pages / r.cold.seconds)), 'of the cold build'],
    ['contact page JavaScript', kb(r.contactJsGzip), 'gzip, at load and on first use of the form'],
    ['peak RSS', mb(peakRss(r)), 'highest of all builds'],
    ['real site cold build', time(r.real.seconds), `${r.real.pages} pages, content/ alone`],
    [
      "Node's own start",
      time(r.node.seconds),
      `node -e 0, median of 10, part of every row but dev's${
        r.node.withCerts === undefined ? '' : `; ${time(r.node.withCerts)} with NODE_EXTRA_CA_CERTS, left out of every timed process`
      }`,
    ],
  ];
  const title = `${r.posts} + ${r.posts} synthetic posts plus the real site; wall time of the whole process (dev: of the save), median of ${r.runs} run${r.runs === 1 ? '' : 's'}`;
  return `${title}\n\n${table(rows)}`;
}

/**
 * Our cold build against each peer's, and each against Eleventy's, the budget's yardstick. The row
 * of remark and React alone (stack-alone.tsx) is the floor the fixed stack sets for the budget.
 */
export function peersTable(cold: Series, peers: PeerTimes): string {
  const rows = [
    ['peer', 'cold build', 'ours / peer', 'peer / Eleventy'],
    ...Object.entries({ Hugo: peers.hugo, Eleventy: peers.eleventy, 'remark + React alone': peers.stackAlone }).map(([name, seconds]) => [
      name,
      time(seconds),
      `${(cold.seconds / seconds).toFixed(2)}×`,
      `${(seconds / peers.eleventy).toFixed(2)}×`,
    ]),
  ];
  return (
    `Peers on the same ${peers.posts} generated posts (our cold build renders them plus the real site); ` +
    `remark + React alone: our stack doing the peers' job and nothing else (cli/commands/bench/stack-alone.tsx)\n\n${table(rows)}`
  );
}

export interface BudgetCheck {
  text: string;
  /** Names of the budgets missed. */
  missed: string[];
}

/** The performance budgets a build benchmark can measure. */
export function checkBudgets(r: Results): BudgetCheck {
  const rss = peakRss(r);
  const stack = r.peers?.stackAlone;
  const budgets: { name: string; limit: string; measured: string; ok?: boolean }[] = [
    {
      name: 'cold build ≤ 1.25× remark + React alone',
      limit: stack ? time(1.25 * stack) : '1.25× remark + React alone',
      measured: stack ? `${time(r.cold.seconds)} (${(r.cold.seconds / stack).toFixed(2)}×)` : time(r.cold.seconds),
      ok: stack ? r.cold.seconds <= 1.25 * stack : undefined,
    },
    { name: 'nothing changed', limit: '150 ms', measured: time(r.unchanged.seconds), ok: r.unchanged.seconds <= 0.15 },
    { name: 'one post edited', limit: '400 ms', measured: time(r.post.seconds), ok: r.post.seconds <= 0.4 },
    { name: 'one post added', limit: '400 ms', measured: time(r.added.seconds), ok: r.added.seconds <= 0.4 },
    { name: 'check-links', limit: '10.00 s', measured: time(r.checkLinks.seconds), ok: r.checkLinks.seconds <= 10 },
    { name: 'contact page JavaScript', limit: '12.0 KB', measured: kb(r.contactJsGzip), ok: r.contactJsGzip <= 12 * 1024 },
    { name: 'real site cold build', limit: '1.00 s', measured: time(r.real.seconds), ok: r.real.seconds <= 1 },
    { name: 'real site, dev, post saved to reload', limit: '100 ms', measured: time(r.devPost.seconds), ok: r.devPost.seconds <= 0.1 },
    { name: 'peak RSS', limit: '600 MB', measured: mb(rss), ok: rss <= 600 * MB },
  ];
  const verdict = (ok?: boolean) => (ok === undefined ? 'not checked (needs --peers)' : ok ? 'ok' : 'MISSED');
  const rows = [['budget', 'limit', 'measured', 'result'], ...budgets.map((b) => [b.name, b.limit, b.measured, verdict(b.ok)])];
  return { text: `Budgets\n\n${table(rows)}`, missed: budgets.filter((b) => b.ok === false).map((b) => b.name) };
}
