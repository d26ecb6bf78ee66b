/** How deep block quotes and lists may nest in Markdown: real texts use a few levels. */
export const maxNesting = 64;

const space = 32;
const tab = 9;
const quote = 62; // >
const isBullet = (c: number) => c === 45 || c === 43 || c === 42; // - + *
const isDigit = (c: number) => c >= 48 && c <= 57;
const endsMarker = (c: number | undefined) => c === undefined || c === space || c === tab || c === 10 || c === 13;

/**
 * The first place where block quotes and lists nest deeper than `maxNesting`, found by one pass
 * over the lines before any Markdown parser sees the text: remark overflowed the stack on 20,000
 * nested quotes and ran for minutes on lists nested 1,200 deep. It counts the quote and list
 * markers that open a line, and the lists still open at the line's indentation. It may count a
 * little more than CommonMark would (a list in a code block counts), never much less.
 */
export function tooDeep(text: string): { line: number; column: number } | undefined {
  // The column where each open list item's text starts, innermost last.
  const open: number[] = [];
  let line = 0;
  for (let start = 0; start <= text.length; ) {
    line++;
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let i = start;
    let depth = 0;
    // Quote markers first; `column` is the indentation after them, where a list inside a quote starts.
    let column: number;
    for (;;) {
      column = 0;
      for (let c = text.charCodeAt(i); c === space || c === tab; c = text.charCodeAt(++i))
        column = c === tab ? column + 4 - (column % 4) : column + 1;
      if (text.charCodeAt(i) !== quote) break;
      if (++depth > maxNesting) return { line, column: i - start + 1 };
      i++;
    }
    if (i < end && text.charCodeAt(i) !== 13) {
      while (open.length > 0 && open[open.length - 1]! > column) open.pop();
      depth += open.length;
      // List markers, several to a line in `- - item` or `1. - item`.
      for (;;) {
        let width = 0;
        if (isBullet(text.charCodeAt(i))) width = 1;
        else {
          while (width < 10 && isDigit(text.charCodeAt(i + width))) width++;
          const after = text.charCodeAt(i + width);
          width = width > 0 && (after === 46 || after === 41) ? width + 1 : 0; // . )
        }
        if (width === 0 || !endsMarker(i + width < end ? text.charCodeAt(i + width) : undefined)) break;
        if (++depth > maxNesting) return { line, column: i - start + 1 };
        i += width;
        column += width;
        open.push(column + 1);
        for (let c = text.charCodeAt(i); i < end && (c === space || c === tab); c = text.charCodeAt(++i)) column++;
      }
    }
    start = end + 1;
  }
  return undefined;
}
