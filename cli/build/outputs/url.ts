import type { Site } from '../schema/site.ts';

/** The public URL of a site path; the home page "/" is the bare base URL, as in canonical links. */
export const absoluteUrl = (site: Pick<Site, 'baseUrl'>, path: string): string => site.baseUrl + (path === '/' ? '' : path);
