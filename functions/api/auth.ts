/** Cloudflare Pages Functions entry of the editor's sign-in, routed by its path under functions/ to /api/auth. */
import { createEditorAuthEnv } from '../editor-auth/config.ts';
import { handleEditorAuth, type EditorAuthEnv } from '../editor-auth/handle.ts';

let env: EditorAuthEnv | undefined; // Cloudflare hands the variables to each request, so build once on the first.

export const onRequest = async (context: { request: Request; env: Record<string, string | undefined> }) =>
  handleEditorAuth(context.request, (env ??= createEditorAuthEnv(context.env)));
