/**
 * Cloudflare Pages Functions entry, routed by its path under functions/ to /api/send-contact-email.
 * nodemailer needs the `nodejs_compat` compatibility flag.
 */
import { createContactEnv, type HostEnv } from '../contact/config.ts';
import { handleContact } from '../contact/handle.ts';

let env: HostEnv | undefined; // Cloudflare hands the variables to each request, so build once on the first.

export const onRequest = async (context: { request: Request; env: Record<string, string | undefined> }) =>
  handleContact(context.request, {
    ...(env ??= createContactEnv(context.env, { outbox: false })),
    clientIp: context.request.headers.get('CF-Connecting-IP') ?? undefined,
  });
