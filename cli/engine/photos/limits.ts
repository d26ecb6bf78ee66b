// The largest photo the site takes, in bytes: read by the build's inspection, by `npm run cms`'s
// uploads and by the editor's page, which cannot load plan.ts (made for Node).
export const maxBytes = 30 * 1024 * 1024;
