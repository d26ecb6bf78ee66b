/** The one place that turns environment variables into the sign-in's env, for every host. */
import type { EditorAuthEnv } from './handle.ts';

type Vars = Record<string, string | undefined>;

/**
 * Reads GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (the company's GitHub OAuth app) and
 * EDITOR_GITHUB_URL (GitHub's address, for GitHub Enterprise or a test's GitHub). Never throws: a
 * missing variable is named on the page the sign-in window shows (handle.ts).
 */
export function createEditorAuthEnv(vars: Vars): EditorAuthEnv {
  const clientId = vars.GITHUB_CLIENT_ID?.trim();
  const clientSecret = vars.GITHUB_CLIENT_SECRET?.trim();
  const missing = [!clientId && 'GITHUB_CLIENT_ID', !clientSecret && 'GITHUB_CLIENT_SECRET'].filter((name) => name !== false);
  return {
    github:
      clientId && clientSecret
        ? { clientId, clientSecret, url: (vars.EDITOR_GITHUB_URL?.trim() || 'https://github.com').replace(/\/+$/, '') }
        : { missing },
    now: Date.now,
    logger: console,
  };
}
