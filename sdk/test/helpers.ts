import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JSDOM } from 'jsdom';
import type { KeyValueStorage } from '../src/index';

export const APP_ID = '0123456789abcdef01234567';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  at: number;
}

export type Reply = { status: number; headers?: Record<string, string>; body?: unknown } | 'destroy';

/**
 * A real HTTP server on 127.0.0.1 standing in for the IAM Platform API: it records every request
 * and answers what `respond` says (200 by default), or serves `files` to GET.
 */
export class IngestServer {
  received: Received[] = [];
  respond: (request: Received, index: number) => Reply = () => ({ status: 200, body: { success: true } });
  files = new Map<string, { type: string; body: string }>();
  url = '';
  #server: Server | undefined;

  async start(port = 0): Promise<this> {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const file = this.files.get(req.url ?? '');
        if (req.method === 'GET' && file) {
          res.writeHead(200, { 'content-type': file.type }).end(file.body);
          return;
        }
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // left as text
        }
        const request: Received = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body,
          at: Date.now(),
        };
        const reply = this.respond(request, this.received.length);
        this.received.push(request);
        if (reply === 'destroy') {
          req.socket.destroy();
          return;
        }
        res
          .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
          .end(JSON.stringify(reply.body ?? {}));
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  get port(): number {
    return Number(new URL(this.url).port);
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }

  paths(): string[] {
    return this.received.map((request) => request.path);
  }

  to(path: string): Received[] {
    return this.received.filter((request) => request.path === path);
  }

  /** Every analytics event received, in arrival order. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  events(): any[] {
    return this.to('/api/v1/analytics').flatMap((request) => request.body.events);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  activities(): any[] {
    return this.to('/api/v1/activity').map((request) => request.body);
  }

  async waitFor(condition: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline)
        throw new Error(`Timed out waiting for ${what}; received: ${this.paths().join(', ')}`);
      await sleep(20);
    }
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A Web Storage stand-in that two "page loads" can share. */
export class MemoryStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  getItem(key: string): string | null {
    return this.data.has(key) ? this.data.get(key)! : null;
  }
  setItem(key: string, value: string): void {
    this.data.set(key, String(value));
  }
  removeItem(key: string): void {
    this.data.delete(key);
  }
}

/** A browser page (jsdom) on a partner site's origin. */
export function createPage(
  url = 'https://shop.example/products?x=1',
  referrer = 'https://search.example/',
): JSDOM {
  return new JSDOM('<!doctype html><title>Shop</title><p>hi</p>', { url, referrer, pretendToBeVisual: true });
}

/** Collects console.warn calls until restored. */
export function captureWarnings(): { messages: string[]; restore: () => void } {
  const original = console.warn;
  const messages: string[] = [];
  console.warn = (...args: unknown[]) => void messages.push(args.map(String).join(' '));
  return { messages, restore: () => (console.warn = original) };
}
