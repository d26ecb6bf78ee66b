import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';

/**
 * Wraps a request listener so the HTML it answers to GET requests carries `tag` before `</head>`.
 * The body of an HTML answer is held back and sent whole with its new length; every other answer
 * passes through untouched. Only the dev server uses this: built files never contain the tag.
 */
export function injectIntoHtml(listener: RequestListener, tag: string): RequestListener {
  return (req, res) => {
    if (req.method === 'GET') holdHtml(req, res, tag);
    return listener(req, res);
  };
}

function holdHtml(req: IncomingMessage, res: ServerResponse, tag: string): void {
  // A plain body can be edited; a gzipped one would have to be unzipped first, for no gain locally.
  delete req.headers['accept-encoding'];
  const { writeHead, end } = res;
  res.writeHead = ((status: number, headers: OutgoingHttpHeaders = {}) => {
    res.writeHead = writeHead;
    // A 304 has no body: the browser reuses the page it got, which already has the tag.
    if (status === 304 || !String(headers['content-type']).startsWith('text/html')) return res.writeHead(status, headers);
    const chunks: Buffer[] = [];
    res.write = ((chunk: string | Uint8Array) => {
      chunks.push(Buffer.from(chunk));
      return true;
    }) as ServerResponse['write'];
    res.end = ((chunk?: string | Uint8Array) => {
      if (chunk) chunks.push(Buffer.from(chunk));
      const html = Buffer.concat(chunks).toString('utf8');
      const page = html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : html + tag;
      res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(page) });
      res.end = end;
      return res.end(page);
    }) as typeof end;
    return res;
  }) as typeof writeHead;
}
