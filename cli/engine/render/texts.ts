// Where the HTML of posts and legal texts goes in an output file. Templates and feeds are given a
// marker for each text they show (incremental/tracking.ts), and the text is put in its place once
// the file is made: the rest of the file cannot depend on the text, and the build records where
// each text lies, so that editing a post's text can patch its files in place of rendering them
// again (incremental/text-edits.ts).
import { escapeXml } from '../write/xml.ts';
import { normalizeHtml } from './html.ts';

/** What stands for a text in the output until it is put in: its dependency key between two private-use characters. */
export const textMarker = (key: string) => `\uE001${key}\uE001`;
const markers = /\uE001([^\uE001]+)\uE001/g;

/**
 * How a text is written into a file: as it is into a page (normalized as React's output is,
 * render/html.ts), escaped into XML (a feed).
 */
export const textEncodings = { page: normalizeHtml, xml: escapeXml } as const;
export type TextEncoding = keyof typeof textEncodings;

/** Where one text lies in a file: its key, and its first byte and length in the file's UTF-8. */
export interface TextSpan {
  key: string;
  at: number;
  length: number;
}

/** The texts a file shows, in the order they appear, and how they were written into it. */
export interface FileTexts {
  encoding: TextEncoding;
  spans: TextSpan[];
}

/** As the manifest keeps them: the encoding, then `<at>+<length> <key>` a line. */
export const textsLine = ({ encoding, spans }: FileTexts) =>
  [encoding, ...spans.map(({ key, at, length }) => `${at}+${length} ${key}`)].join('\n');
export function textsOf(line: string): FileTexts {
  const [encoding, ...spans] = line.split('\n');
  if (!(encoding! in textEncodings)) throw new Error(`unknown text encoding "${encoding}"`);
  return {
    encoding: encoding as TextEncoding,
    spans: spans.map((span) => {
      const [, at, length, key] = /^(\d+)\+(\d+) (.+)$/.exec(span)!;
      return { key: key!, at: Number(at), length: Number(length) };
    }),
  };
}

/**
 * `output` with each marker replaced by its text from `texts`, encoded; and where each text lies
 * (textsLine), or '' when it shows none.
 */
export function fillTexts(output: string, texts: ReadonlyMap<string, string>, encoding: TextEncoding): { output: string; texts: string } {
  if (texts.size === 0) return { output, texts: '' };
  const encode = textEncodings[encoding];
  const spans: TextSpan[] = [];
  let filled = '';
  let bytes = 0;
  let last = 0;
  for (const match of output.matchAll(markers)) {
    const before = output.slice(last, match.index);
    const html = texts.get(match[1]!);
    if (html === undefined) throw new Error(`the output shows the text ${match[1]} without having read it`);
    const text = encode(html);
    const length = Buffer.byteLength(text);
    bytes += Buffer.byteLength(before);
    spans.push({ key: match[1]!, at: bytes, length });
    bytes += length;
    filled += before + text;
    last = match.index + match[0].length;
  }
  return { output: filled + output.slice(last), texts: spans.length > 0 ? textsLine({ encoding, spans }) : '' };
}
