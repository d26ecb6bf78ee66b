import type { SiteModel } from '../../site/model.ts';
import type { Answer, HostedSite } from './hosted-site.ts';
import type { Problem } from './report.ts';
import type { PageScan } from './scan.ts';

export interface LinkResults {
  problems: Problem[];
  /** URLs of other sites (without #fragment), with the pages that use each: for --external. */
  external: Map<string, Set<string>>;
  /** How many URLs were checked: each page's distinct URLs, summed. */
  checked: number;
}

/** What a URL amounts to on any page: found once per distinct URL, as most pages share most of theirs. */
interface Verdict {
  reasons: string[];
  /** The URL without #fragment, when it is another site's. */
  external?: string;
  /** The page file and the id a link's #fragment must find there. */
  fragment?: { file: string; id: string };
}

/** A URL that resolves the same on every page: absolute, or from the root. */
const pageIndependent = (raw: string) => raw.startsWith('/') || /^[a-z][a-z\d+.-]*:/i.test(raw);

/**
 * Every URL of every page: those of this site must be answered by a file of the output folder as
 * the hosts would answer them, a link's #fragment must name an element of its target page, and
 * contact links must carry the values of site.yaml.
 */
export function linkChecks(scans: PageScan[], site: HostedSite, model: SiteModel): LinkResults {
  const { baseUrl } = model.site;
  const origin = new URL(baseUrl).origin;
  const anchors = new Map(scans.map((scan) => [scan.file, new Set(scan.anchors)]));
  const answers = new Map<string, Answer>();
  const answer = (pathname: string) => answers.get(pathname) ?? answers.set(pathname, site.answer(pathname)).get(pathname)!;
  const verdicts = { link: new Map<string, Verdict>(), resource: new Map<string, Verdict>() };
  const results: LinkResults = { problems: [], external: new Map(), checked: 0 };

  const judge = (raw: string, isLink: boolean, base: URL): Verdict => {
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      return { reasons: ['not a valid URL: fix how it is written'] };
    }
    const contact = isLink ? contactLinkProblem(raw, url, model) : undefined;
    const reasons = contact ? [contact] : [];
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { reasons };
    if (url.origin !== origin) return { reasons, external: url.href.replace(/#.*$/, '') };
    const found = answer(url.pathname);
    if ('problem' in found) return { reasons: [...reasons, found.problem] };
    if (isLink && 'file' in found && url.hash.length > 1)
      return { reasons, fragment: { file: found.file, id: decodeFragment(url.hash.slice(1)) } };
    return { reasons };
  };

  for (const scan of scans) {
    const page = scan.path;
    const problem = (target: string, reason: string) => results.problems.push({ page, target, reason });
    const base = baseOf(scan, baseUrl, problem);
    const check = (raw: string, isLink: boolean) => {
      results.checked++;
      const known = verdicts[isLink ? 'link' : 'resource'];
      const shared = scan.base === undefined && pageIndependent(raw);
      const verdict = (shared && known.get(raw)) || judge(raw, isLink, base);
      if (shared) known.set(raw, verdict);
      for (const reason of verdict.reasons) problem(raw, reason);
      if (verdict.external) results.external.set(verdict.external, (results.external.get(verdict.external) ?? new Set()).add(page));
      if (verdict.fragment && anchors.get(verdict.fragment.file)?.has(verdict.fragment.id) === false)
        problem(raw, 'no element has this id');
    };
    for (const fault of scan.faults) problem(fault.target, fault.reason);
    for (const href of scan.links) check(href, true);
    for (const url of scan.resources) check(url, false);
  }
  return results;
}

/** The URL relative URLs of a page resolve against: its own, or its `<base href>`. */
function baseOf(scan: PageScan, baseUrl: string, problem: (target: string, reason: string) => void): URL {
  const own = new URL(scan.path, baseUrl);
  if (scan.base === undefined) return own;
  try {
    return new URL(scan.base, own);
  } catch {
    problem(scan.base, '<base href> is not a valid URL: fix how it is written');
    return own;
  }
}

/** A #fragment as the id it names; one with malformed percent-encoding names itself. */
function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** What is wrong with a tel:, mailto: or WhatsApp link, given the values of site.yaml. */
function contactLinkProblem(href: string, url: URL, { site }: SiteModel): string | undefined {
  if (url.protocol === 'tel:') {
    const number = href.slice(href.indexOf(':') + 1);
    if (!/^\+[1-9]\d{6,14}$/.test(number)) return 'tel: link is not an E.164 number such as +34600000000';
    return number === site.phone.e164 ? undefined : `tel: link should call ${site.phone.e164} (site.yaml)`;
  }
  if (url.protocol === 'mailto:') {
    return href.slice(href.indexOf(':') + 1).split('?')[0] === site.email
      ? undefined
      : `mailto: link should write to ${site.email} (site.yaml)`;
  }
  if (url.protocol !== 'https:' || url.host !== 'wa.me') return undefined;
  if (url.pathname !== `/${site.whatsapp}`) return `WhatsApp link should open a chat with ${site.whatsapp} (site.yaml)`;
  return url.searchParams.get('text') ? undefined : 'WhatsApp link has no text= message';
}
