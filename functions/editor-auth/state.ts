/**
 * The sign-in's `state`: a random value GitHub hands back to the callback, bound to the browser
 * that asked for it by a cookie that holds it, its expiry and a signature, so that no other browser
 * can finish a sign-in this one began, nor this one a sign-in begun elsewhere. The function keeps
 * nothing between requests (a host may run each on a new instance): the callback clears the cookie,
 * so a browser can use a state once, and GitHub takes each code once.
 */

/** `__Secure-`: browsers keep it only when set Secure over HTTPS (or on this computer). */
export const stateCookie = '__Secure-editor-auth';
const lifetimeMs = 10 * 60_000;
const encoder = new TextEncoder();

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[\w-]+$/.test(text) || text.length % 4 === 1) return undefined;
  return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
}

/** The signing key, derived from the OAuth app's secret: one secret less to set. */
async function keyOf(secret: string): Promise<CryptoKey> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const derived = await crypto.subtle.sign('HMAC', key, encoder.encode('editor sign-in state cookie'));
  return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** A new state and the cookie that binds it to this browser, for `path`. */
export async function issueState(secret: string, now: number, path: string): Promise<{ state: string; setCookie: string }> {
  const state = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const payload = `${state}.${now + lifetimeMs}`;
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await keyOf(secret), encoder.encode(payload)));
  return { state, setCookie: cookie(`${payload}.${base64url(signature)}`, path, lifetimeMs / 1000) };
}

/** The header that removes the cookie: every callback sends it, whatever it answers. */
export const clearState = (path: string) => cookie('', path, 0);

/**
 * Whether `state`, as GitHub handed it back, is the one this browser's cookie holds, signed by this
 * site and not expired. Compared in constant time, so a guess learns nothing from how long it took.
 */
export async function stateMatches(cookieHeader: string | null, state: string | null, secret: string, now: number): Promise<boolean> {
  const value = cookieValue(cookieHeader, stateCookie);
  const [own, expires, signature, ...rest] = value?.split('.') ?? [];
  const signatureBytes = signature === undefined ? undefined : fromBase64url(signature);
  if (!own || !expires || !signatureBytes || rest.length > 0 || state === null) return false;
  const signed = await crypto.subtle.verify('HMAC', await keyOf(secret), signatureBytes, encoder.encode(`${own}.${expires}`));
  return signed && Number(expires) > now && sameText(own, state);
}

function cookie(value: string, path: string, maxAgeSeconds: number): string {
  return `${stateCookie}=${value}; Max-Age=${maxAgeSeconds}; Path=${path}; HttpOnly; Secure; SameSite=Lax`;
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** Equal texts, in a time that depends on their length only. */
function sameText(a: string, b: string): boolean {
  const [x, y] = [encoder.encode(a), encoder.encode(b)];
  let difference = x.length ^ y.length;
  for (let i = 0; i < x.length; i++) difference |= x[i]! ^ (y[i] ?? 0);
  return difference === 0;
}
