/**
 * A stand-in for the network in component and store tests: answers requests by method and
 * path, records what was sent. Only the HTTP boundary is replaced; our own modules run as is.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  authorization: string | null;
  /** The X-Application-ID header (embedding API calls). */
  applicationId: string | null;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export class FetchStub {
  readonly requests: RecordedRequest[] = [];
  private readonly routes = new Map<string, Handler>();
  private readonly original = globalThis.fetch;

  on(method: string, path: string, handler: Handler): this {
    this.routes.set(`${method} ${path}`, handler);
    return this;
  }

  install(): this {
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const text = await request.text();
      const recorded: RecordedRequest = {
        method: request.method,
        path: new URL(request.url).pathname,
        query: Object.fromEntries(new URL(request.url).searchParams),
        authorization: request.headers.get('Authorization'),
        applicationId: request.headers.get('X-Application-ID'),
        body: text ? JSON.parse(text) : undefined,
      };
      this.requests.push(recorded);
      const handler = this.routes.get(`${recorded.method} ${recorded.path}`);
      if (!handler)
        return json(404, { error: `no stub for ${recorded.method} ${recorded.path}`, code: 'not_found' });
      return handler(recorded);
    }) as typeof fetch;
    return this;
  }

  restore(): void {
    globalThis.fetch = this.original;
  }

  calls(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }
}
