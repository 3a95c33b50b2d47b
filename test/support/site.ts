import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Site {
  origin: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * A tiny third-party site on its own loopback port, i.e. its own origin. `page` answers each
 * request (default: a plain shop page); it may return `null` for a 404.
 */
export async function startSite(
  page: (req: IncomingMessage) => { body: string; type?: string } | null = () => ({
    body: '<!doctype html><title>Partner site</title><h1>Shop</h1>',
  }),
): Promise<Site> {
  const server = createServer((req, res) => {
    const answer = page(req);
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': answer.type ?? 'text/html; charset=utf-8' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
