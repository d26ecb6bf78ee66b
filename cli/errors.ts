import { relative } from 'node:path';
import { ContentError, issueLines, type ContentIssue } from './site/issues.ts';

/** A command called with options it cannot take: exit code 2, like commander's own usage errors. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Workflow commands end at a line break and split properties at `:` and `,`: those are escaped. */
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** A content problem as a GitHub Actions annotation, which a pull request shows on its line. */
export function annotation(issue: ContentIssue, cwd = process.cwd()): string {
  const where = [`file=${escapeProperty(relative(cwd, issue.file))}`];
  if (issue.line) where.push(`line=${issue.line}`);
  if (issue.line && issue.column) where.push(`col=${issue.column}`);
  where.push(`title=${escapeProperty(issue.code)}`);
  const text = `${issue.message}\nhint: ${issue.hint}`;
  return `::error ${where.join(',')}::${escapeData(text)}`;
}

/** A failure's message, then each of its causes' as `caused by: …`: one line each, for the terminal and dev's overlay. */
export function causeChain(error: Error): string[] {
  const lines = [error.message];
  for (let cause = error.cause; cause instanceof Error; cause = cause.cause) lines.push(`caused by: ${cause.message}`);
  return lines;
}

/** Prints a failure for a terminal user (and for GitHub Actions, when it runs there) and returns the exit code. */
export function reportFailure(error: unknown, debug: boolean): number {
  if (error instanceof ContentError) {
    for (const issue of error.issues) for (const line of issueLines(issue)) console.error(line);
    if (process.env.GITHUB_ACTIONS === 'true') for (const issue of error.issues) console.error(annotation(issue));
    console.error(`\n✗ ${error.message}. Fix them and run again.`);
  } else if (error instanceof Error) {
    const [message, ...causes] = causeChain(error);
    console.error(`✗ ${message}`);
    for (const cause of causes) console.error(`  ${cause}`);
  } else {
    console.error(`✗ ${String(error)}`);
  }
  if (debug && error instanceof Error) console.error(error.stack);
  return error instanceof UsageError ? 2 : 1;
}
