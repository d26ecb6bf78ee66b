/**
 * A problem located in a content file: `content/projects/x.yaml:4:10  service: "fontaneros-x" is not
 * a service`, with the code and hint of its entry in the catalogue (errors.ts).
 */
export interface ContentIssue {
  file: string;
  line?: number;
  column?: number;
  code: string;
  message: string;
  /** What to do about it. */
  hint: string;
}

/** Where and what: `content/services/x.yaml:12:5  servicios: expected 6 items`. */
export const formatIssue = (issue: ContentIssue): string => {
  const where = [issue.file, issue.line, issue.line ? issue.column : undefined].filter((p) => p !== undefined).join(':');
  return `${where}  ${issue.message}`;
};

/** The lines that show a problem to a person: where, what and its code, then the hint, indented. */
export const issueLines = (issue: ContentIssue): string[] => {
  return [`${formatIssue(issue)} (${issue.code})`, `  hint: ${issue.hint}`];
};

/**
 * Control characters, and those that reorder what a terminal shows: content that reaches a message
 * (a file name, a value) shows each as an escape, so it can neither move the cursor nor disguise a line.
 */
const unprintable = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;
const escapeUnprintable = (text: string) => text.replace(unprintable, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Content quoted in a message: at most `max` characters of it, in quotes, every unprintable character escaped. */
export const excerpt = (text: string, max = 40): string => `"${escapeUnprintable(text.length > max ? `${text.slice(0, max)}…` : text)}"`;

/** Longer messages and hints are cut: they quote content, which must not flood the log. */
const maxMessage = 1000;

const shown = (text: string) => escapeUnprintable(text.length > maxMessage ? `${text.slice(0, maxMessage)}…` : text);

const printable = (issue: ContentIssue): ContentIssue => {
  const message = shown(issue.message);
  const file = escapeUnprintable(issue.file);
  const hint = shown(issue.hint);
  if (message === issue.message && file === issue.file && hint === issue.hint) return issue;
  return { ...issue, file, message, hint };
};

/** Every content problem of a run, reported together, each fit to print. */
export class ContentError extends Error {
  readonly issues: ContentIssue[];

  constructor(issues: ContentIssue[]) {
    super(`${issues.length} content problem${issues.length === 1 ? '' : 's'}`);
    this.name = 'ContentError';
    this.issues = issues.map(printable);
  }
}
