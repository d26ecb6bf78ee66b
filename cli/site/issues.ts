/** A problem located in a content file: `content/services/x.yaml:12:5  servicios: expected 6 items`. */
export interface ContentIssue {
  file: string;
  line?: number;
  column?: number;
  message: string;
}

export const formatIssue = (issue: ContentIssue): string => {
  const where = [issue.file, issue.line, issue.line ? issue.column : undefined].filter((p) => p !== undefined).join(':');
  return `${where}  ${issue.message}`;
};

/** Every content problem of a run, reported together. */
export class ContentError extends Error {
  constructor(readonly issues: ContentIssue[]) {
    super(`${issues.length} content problem${issues.length === 1 ? '' : 's'}`);
    this.name = 'ContentError';
  }
}
