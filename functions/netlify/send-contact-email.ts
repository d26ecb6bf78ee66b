/** Netlify Functions (v2) entry: the only file in netlify.toml's functions directory. */
import { createContactEnv } from '../contact/config.ts';
import { handleContact } from '../contact/handle.ts';

const env = createContactEnv(process.env, { outbox: false });

export default async (request: Request, context: { ip?: string }) => handleContact(request, { ...env, clientIp: context.ip });

// Netlify reads this statically, so the path is written out rather than imported.
export const config = { path: '/api/send-contact-email' };
