// What the commands tell a person about their own work, apart from content problems (those come
// from the domain's catalogue, site/errors.ts): each said once, in the same words everywhere.

export const messages = {
  /** The built site a command reads is not there (`what`: what is missing of it); `then`: what else to do. */
  notBuilt: (what: string, then?: string) => `${what}: run "npm run build" first${then ? `, ${then}` : ''}.`,
  /** The browser a command drives does not start. */
  noChromium: (path: string) => `Cannot start Chromium at ${path}: install it (apt-get install -y chromium) or pass --chromium <path>.`,
  /** Lighthouse, which npm fetches on the first audit, did not run or did not finish. */
  auditFailed: (lighthouse: string, url: string, said: string) =>
    `Lighthouse could not audit ${url} (npm exec ${lighthouse}${said ? `: ${said}` : ''}). The first audit fetches it from the npm registry; check that npm reaches the registry and that Chromium starts (--chromium <path>).`,
};
