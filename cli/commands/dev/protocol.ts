/** What the dev server and the reload script in the page agree on. */

/** Same-origin URLs, so the site's strict CSP (script-src and connect-src 'self') allows them. */
export const devPaths = { script: '/__dev/reload.js', events: '/__dev/events' } as const;

/** A Server-Sent Event to open pages: reload, or show why the last build failed. */
export type DevEvent = { type: 'reload' } | { type: 'problems'; messages: string[] };
