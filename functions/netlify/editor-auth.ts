/** Netlify Functions (v2) entry of the editor's sign-in (functions/editor-auth/handle.ts). */
import { createEditorAuthEnv } from '../editor-auth/config.ts';
import { handleEditorAuth } from '../editor-auth/handle.ts';

const env = createEditorAuthEnv(process.env);

export default async (request: Request) => handleEditorAuth(request, env);

// Netlify reads this statically, so the path is written out rather than imported (editorAuthPath).
export const config = { path: '/api/auth' };
