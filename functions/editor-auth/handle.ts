/**
 * The editor's sign-in to GitHub, the OAuth handshake Decap CMS's GitHub backend expects of its
 * `base_url` and `auth_endpoint` (docs/editor.md): one Web-standard handler at one path, which knows
 * no host; what it needs from outside comes in `env`.
 *
 * 1. The editor opens a window at the path; the handler sends it to GitHub with a new `state`,
 *    bound to this browser by a signed cookie (state.ts).
 * 2. GitHub sends the person back to the same path with a `code` and the `state`; the handler
 *    checks the state against the cookie, trades the code for a token, and answers the page that
 *    hands the token to the editor, on this origin only (page.ts).
 */
import { editorAuthPath } from '../../cli/site/served.ts';
import { outcomePage } from './page.ts';
import { clearState, issueState, stateMatches } from './state.ts';

export { editorAuthPath };

export interface EditorAuthEnv {
  /** The company's GitHub OAuth app and GitHub's address; or the variables that are not set. */
  github: { clientId: string; clientSecret: string; url: string } | { missing: string[] };
  now(): number;
  logger: Pick<Console, 'error'>;
}

/** What the token may do: Decap asks for `repo`, or `public_repo` for a public repository only. */
const scopes = new Set(['repo', 'public_repo']);
const exchangeTimeoutMs = 10_000;
const again = 'Cierra esta ventana y vuelve a pulsar «Iniciar sesión con GitHub» en el editor.';

export async function handleEditorAuth(request: Request, env: EditorAuthEnv): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return new Response('Method not allowed\n', { status: 405, headers: { Allow: 'GET' } });
  const github = env.github;
  if ('missing' in github) {
    env.logger.error(`Editor sign-in: ${github.missing.join(' and ')} not set in the host's environment variables (docs/editor.md).`);
    return outcomePage(
      500,
      'El inicio de sesión del editor no está configurado',
      `${github.missing.length > 1 ? 'Faltan' : 'Falta'} ${github.missing.join(' y ')} en las variables de entorno del sitio. Quien lo publica puede añadirlas siguiendo docs/editor.md.`,
    );
  }
  // Only ever a window's page: never fetched by a script, never in a frame.
  const mode = request.headers.get('sec-fetch-mode');
  if (mode !== null && mode !== 'navigate') return refused('Esta dirección solo se abre como ventana.');
  const url = new URL(request.url);
  const callback = `${url.origin}${editorAuthPath}`;
  return url.searchParams.has('state') ? finish(request, url, callback, github, env) : start(request, url, callback, github, env);
}

/** Step 1: to GitHub's authorization page, with a new state. Only the site's own editor starts it. */
async function start(request: Request, url: URL, callback: string, github: GitHub, env: EditorAuthEnv): Promise<Response> {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return refused('El inicio de sesión solo se abre desde el editor de este sitio.');
  const provider = url.searchParams.get('provider');
  if (provider !== null && provider !== 'github') return refused(`El editor solo inicia sesión con GitHub, no con «${provider}».`);
  const asked = url.searchParams.get('scope') ?? 'repo';
  const { state, setCookie } = await issueState(github.clientSecret, env.now(), editorAuthPath);
  const authorize = new URL(`${github.url}/login/oauth/authorize`);
  authorize.search = new URLSearchParams({
    client_id: github.clientId,
    redirect_uri: callback,
    scope: scopes.has(asked) ? asked : 'repo',
    state,
    allow_signup: 'false',
  }).toString();
  return new Response(null, {
    status: 302,
    headers: { Location: authorize.href, 'Set-Cookie': setCookie, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
}

/** Step 2: back from GitHub. The cookie goes whatever the answer, so a state serves once. */
async function finish(request: Request, url: URL, callback: string, github: GitHub, env: EditorAuthEnv): Promise<Response> {
  const clear = { 'Set-Cookie': clearState(editorAuthPath) };
  const params = url.searchParams;
  if (!(await stateMatches(request.headers.get('cookie'), params.get('state'), github.clientSecret, env.now())))
    return refused('No se pudo comprobar que este inicio de sesión lo empezó este navegador hace menos de diez minutos.', clear);
  if (params.has('error'))
    return outcomePage(403, 'GitHub no dio permiso', `GitHub respondió «${params.get('error')}». ${again}`, { headers: clear });
  const code = params.get('code');
  if (!code) return refused('GitHub no devolvió ningún código.', clear);

  let answer: { access_token?: unknown; error?: unknown; error_description?: unknown };
  try {
    const response = await fetch(`${github.url}/login/oauth/access_token`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: github.clientId, client_secret: github.clientSecret, code, redirect_uri: callback }),
      signal: AbortSignal.timeout(exchangeTimeoutMs),
    });
    answer = response.ok ? ((await response.json()) as typeof answer) : { error: `HTTP ${response.status}` };
  } catch (cause) {
    env.logger.error(
      `Editor sign-in: GitHub's token endpoint ${github.url}/login/oauth/access_token did not answer, or not in JSON.`,
      cause,
    );
    return outcomePage(502, 'GitHub no responde', `No se pudo completar el inicio de sesión. ${again}`, { headers: clear });
  }
  if (typeof answer.access_token !== 'string' || answer.access_token === '') {
    // A used or expired code, or a wrong secret: GitHub says which.
    env.logger.error(
      `Editor sign-in: GitHub refused the code: ${String(answer.error ?? 'no token')}${answer.error_description ? ` (${String(answer.error_description)})` : ''}. If it says the client secret is wrong, check GITHUB_CLIENT_SECRET.`,
    );
    return outcomePage(502, 'GitHub no aceptó el inicio de sesión', again, { headers: clear });
  }
  return outcomePage(200, 'Sesión iniciada', 'Ya puedes volver al editor; esta ventana se cierra sola.', {
    token: answer.access_token,
    headers: clear,
  });
}

type GitHub = Extract<EditorAuthEnv['github'], { clientId: string }>;

const refused = (text: string, headers: HeadersInit = {}) =>
  outcomePage(403, 'Inicio de sesión rechazado', `${text} ${again}`, { headers });
