import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DevEvent } from './protocol.ts';

/**
 * The open pages, each holding a Server-Sent Events stream. A page that connects while the last
 * build is broken is told so at once, so a tab opened after the mistake shows the overlay too.
 */
export function eventStream() {
  const pages = new Set<ServerResponse>();
  let problems: DevEvent | undefined;
  const send = (res: ServerResponse, event: DevEvent) => res.write(`data: ${JSON.stringify(event)}\n\n`);

  return {
    connect(req: IncomingMessage, res: ServerResponse): void {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
      res.flushHeaders(); // the page's EventSource opens on the headers
      if (problems) send(res, problems);
      pages.add(res);
      req.once('close', () => pages.delete(res));
    },
    publish(event: DevEvent): void {
      problems = event.type === 'problems' ? event : undefined;
      for (const res of pages) send(res, event);
    },
    close(): void {
      for (const res of pages) res.end();
      pages.clear();
    },
  };
}
