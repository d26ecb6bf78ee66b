// Where the HTML of posts and legal texts goes in an output file. Templates and feeds are given a
// marker for each text they show (incremental/tracking.ts), and the text is put in its place once
// the file is made: the rest of the file cannot depend on the text, and the build records where
// each text lies, so that editing a post's text can patch its files in place of rendering them
// again (incremental/text-edits.ts).
import { escapeXml } from '../write/xml.ts';
import { normalizeHtml } from './html.ts';

/** What stands for a text in the output until it is put in: its dependency key between two private-use characters. */
const mark = '\uE001';
export const textMarker = (key: string) => `${mark}${key}${mark}`;

/**
 * How a text is written into a file: as it is into a page (normalized as React's output is,
 * render/html.ts), escaped into XML (a feed).
 */
const textEncodings = { page: normalizeHtml, xml: escapeXml } as const;
export type TextEncoding = keyof typeof textEncodings;

/**
 * Where one text lies in a file: its key, and its start and length in the file's text, in UTF-16
 * code units as JavaScript counts them (counting UTF-8 bytes instead took a pass over every page).
 */
interface TextSpan {
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
const textsLine = ({ encoding, spans }: FileTexts) =>
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
  const markers: TextSpan[] = [];
  for (let at = output.indexOf(mark); at >= 0; ) {
    const end = output.indexOf(mark, at + 1);
    const key = output.slice(at + 1, end);
    if (end < 0 || !texts.has(key)) throw new Error(`the output shows the text ${key} without having read it`);
    markers.push({ key, at, length: end + 1 - at });
    at = output.indexOf(mark, end + 1);
  }
  if (markers.length === 0) return { output, texts: '' };
  return putTexts(output, { encoding, spans: markers }, texts);
}

/**
 * `output` with each of `shown.spans` replaced by its text from `texts`, encoded, or left as it is
 * when `texts` lacks its key; and where each text then lies (textsLine). Fills markers (fillTexts)
 * and puts edited texts into a built file (incremental/text-edits.ts).
 */
export function putTexts(
  output: string,
  { encoding, spans }: FileTexts,
  texts: ReadonlyMap<string, string>,
): { output: string; texts: string } {
  const encode = textEncodings[encoding];
  const placed: TextSpan[] = [];
  let put = '';
  let last = 0;
  for (const { key, at, length } of spans) {
    const html = texts.get(key);
    const text = html === undefined ? output.slice(at, at + length) : encode(html);
    put += output.slice(last, at);
    placed.push({ key, at: put.length, length: text.length });
    put += text;
    last = at + length;
  }
  return { output: put + output.slice(last), texts: textsLine({ encoding, spans: placed }) };
}
