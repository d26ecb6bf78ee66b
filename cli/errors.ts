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

/** A failure the user can fix from its message alone; printed without a stack trace. */
export class UserError extends Error {
  override name = 'UserError';
}

/** Prints a failure for a terminal user and returns the exit code. */
export function reportFailure(error: unknown, debug: boolean): number {
  if (error instanceof ContentError) {
    for (const issue of error.issues) console.error(formatIssue(issue));
    console.error(`\n✗ ${error.message}. Fix them and run again.`);
  } else if (error instanceof Error) {
    console.error(`✗ ${error.message}`);
    for (let cause = error.cause; cause instanceof Error; cause = cause.cause) console.error(`  caused by: ${cause.message}`);
  } else {
    console.error(`✗ ${String(error)}`);
  }
  if (debug && error instanceof Error) console.error(error.stack);
  return 1;
}
