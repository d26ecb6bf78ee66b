/**
 * The page the sign-in window ends on. Decap CMS, in the editor that opened the window, waits for
 * Decap's handshake: this page says "authorizing:github", the editor answers the same, and the page
 * then posts the outcome, `authorization:github:success:{"token":…}` or `…:error:{"message":…}`.
 * Both ways, only to and from this page's own origin, the site's: an opener on another origin hears
 * nothing. Hosts apply no `_headers` rule to a function's answer, so the page carries its own policy:
 * nothing but its one script, allowed by its hash.
 */

/** Reads the outcome from the data block below and runs the handshake with the window that opened this one. */
const script = `const message = JSON.parse(document.getElementById('outcome').textContent);
const editor = window.opener;
if (editor) {
  window.addEventListener('message', (event) => {
    if (event.source === editor && event.origin === location.origin && event.data === 'authorizing:github') editor.postMessage(message, location.origin);
  });
  editor.postMessage('authorizing:github', location.origin);
}`;

let policy: Promise<string> | undefined;
/** The page's content-security policy, with its script's hash (computed once). */
function pagePolicy(): Promise<string> {
  policy ??= crypto.subtle.digest('SHA-256', new TextEncoder().encode(script)).then((hash) => {
    const digest = btoa(String.fromCharCode(...new Uint8Array(hash)));
    return `default-src 'none'; script-src 'sha256-${digest}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  });
  return policy;
}

/**
 * The sign-in window's page: `heading` and `text` for the person; for the editor, the `token`, or
 * without one the same words as an error, which the editor shows on its sign-in page.
 */
export async function outcomePage(
  status: number,
  heading: string,
  text: string,
  { token, headers = {} }: { token?: string; headers?: HeadersInit } = {},
): Promise<Response> {
  const message =
    token === undefined
      ? `authorization:github:error:${JSON.stringify({ message: `${heading}. ${text}` })}`
      : `authorization:github:success:${JSON.stringify({ token, provider: 'github' })}`;
  // `<` escaped: the message is data inside a <script> element.
  const data = JSON.stringify(message).replaceAll('<', '\\u003c');
  const html = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)}</title>
</head>
<body>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(text)}</p>
<script type="application/json" id="outcome">${data}</script>
<script>${script}</script>
</body>
</html>
`;
  const response = new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': await pagePolicy(),
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Robots-Tag': 'noindex',
    },
  });
  for (const [name, value] of new Headers(headers)) response.headers.append(name, value);
  return response;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
