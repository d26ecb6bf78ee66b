/** One thing wrong on one page. */
export interface Problem {
  /** URL path of the page the problem is on. */
  page: string;
  /** The broken link, image, anchor or value. */
  target: string;
  reason: string;
}

export interface Summary {
  pages: number;
  links: number;
  seconds: number;
  problems: Problem[];
}

/** Problems grouped by target, so one broken link used on 300 pages reads as one line. */
export function formatReport({ pages, links, seconds, problems }: Summary): string {
  const lines = [`Checked ${links} links on ${pages} pages in ${seconds.toFixed(2)} s.`];
  if (problems.length === 0) return [...lines, 'No problems found.'].join('\n');
  const groups = new Map<string, Problem[]>();
  for (const p of problems) groups.set(`${p.target}\u0000${p.reason}`, [...(groups.get(`${p.target}\u0000${p.reason}`) ?? []), p]);
  lines.push(`${problems.length} problem${problems.length === 1 ? '' : 's'}:`, '');
  for (const group of groups.values()) {
    const { target, reason } = group[0]!;
    const pagesOn = [...new Set(group.map((p) => p.page))];
    lines.push(`✗ ${target}  ${reason}`);
    lines.push(`    on ${pagesOn.slice(0, 5).join(', ')}${pagesOn.length > 5 ? ` and ${pagesOn.length - 5} more` : ''}`);
  }
  return lines.join('\n');
}
