// Markdown the renderer did not understand stays in the page as text: a table that is not one, bold
// or a link with a space where none may be, a heading without its space. Each is a content problem
// at its line, so that such a text is never published looking like that.
import type { Nodes, Root } from 'mdast';
import { errors, type Problem } from '../../site/errors.ts';

/** A construct left as text: where it starts in the text, and what to do about it. */
export interface Leftover {
  line: number;
  column: number;
  problem: Problem;
}

const says = {
  row: errors.TableRowLeftover(),
  delimiter: errors.TableDelimiterLeftover(),
  bold: errors.BoldLeftover(),
  link: errors.LinkLeftover(),
  heading: errors.HeadingLeftover(),
};

/**
 * What text outside code must not hold, checked in its source (an escaped `\*\*` is meant), each
 * kind reported once a text: a table left as text is one problem, not one per row.
 */
const anywhere = [
  { kind: 'table', pattern: /\n[ \t>]*\|/, problem: says.row },
  { kind: 'table', pattern: /\|\s*:?-{3,}:?\s*\|/, problem: says.delimiter },
  { kind: 'bold', pattern: /\*\*/, problem: says.bold },
  { kind: 'link', pattern: /\[[^\]\n]+\]\([^)\n]*\)/, problem: says.link },
];
/** What a paragraph must not start with. */
const atStart = [
  { kind: 'table', pattern: /^\|/, problem: says.row },
  { kind: 'heading', pattern: /^(?:#{1,6}(?=[^\s#])|#{7,}\s)/, problem: says.heading },
];

/** A unified plugin that records each leftover in the file's data (`leftovers`). */
export function leftoverSyntax() {
  return (tree: Root, file: { value: unknown; data: object }) => {
    const source = String(file.value);
    const found: Leftover[] = [];
    const check = (node: Nodes, first: boolean) => {
      if (node.type === 'text' && node.position?.start.offset !== undefined) {
        const { start, end } = node.position;
        const raw = source.slice(start.offset, end.offset);
        const reported = new Set<string>();
        for (const { kind, pattern, problem } of first ? [...atStart, ...anywhere] : anywhere) {
          const match = reported.has(kind) ? null : pattern.exec(raw);
          if (!match) continue;
          reported.add(kind);
          // A row found at a line's start is reported at that line, not at the line break before it.
          const at = match.index + (match[0].startsWith('\n') ? 1 : 0);
          const lines = raw.slice(0, at).split('\n');
          const column = lines.length === 1 ? start.column + at : lines.at(-1)!.length + 1;
          found.push({ line: start.line + lines.length - 1, column, problem });
        }
      }
      if ('children' in node) node.children.forEach((child, i) => check(child, node.type === 'paragraph' && i === 0));
    };
    check(tree, false);
    Object.assign(file.data, { leftovers: found.sort((a, b) => a.line - b.line || a.column - b.column) });
  };
}
