import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A quick start's app on its own loopback port, listening before the app exists: the client's
 * redirect URIs need the address, and the app needs the client (discovery, client id).
 */
export interface LoopbackApp {
  /** `http://127.0.0.1:{port}` */
  url: string;
  serve(handler: RequestListener): void;
  close(): Promise<void>;
}

export async function listenOnLoopback(): Promise<LoopbackApp> {
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serve(handler) {
      server.on('request', handler);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The JSON inside `<pre id="{id}">` of a page (HTML-escaped). */
export function preJson(body: string, id: string): Record<string, unknown> {
  const match = new RegExp(`<pre id="${id}">([\\s\\S]*?)</pre>`).exec(body);
  if (!match) throw new Error(`no <pre id="${id}"> in ${body.slice(0, 300)}`);
  const text = match[1]!
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(text) as Record<string, unknown>;
}
