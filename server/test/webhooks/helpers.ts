import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Config } from '../../src/config.js';
import { bearer } from '../auth/helpers.js';
import { createTestContext, type TestContext } from '../helpers/context.js';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; organization_id: string; data: Record<string, unknown> } & Record<
    string,
    unknown
  >;
  at: number;
  /** The status the receiver answered with (null: it never answered). */
  answered: number | null;
}

/**
 * A real HTTP server on loopback that records every POST. `respond` decides each answer: a
 * status code, or `hold` to keep the request open (a receiver that is slow while the sender dies).
 */
export async function startReceiver() {
  const requests: ReceivedRequest[] = [];
  const held: ServerResponse[] = [];
  let respond: (request: ReceivedRequest, index: number) => number | 'hold' = () => 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const entry: ReceivedRequest = {
        headers: req.headers,
        body,
        json: JSON.parse(body) as ReceivedRequest['json'],
        at: Date.now(),
        answered: null,
      };
      requests.push(entry);
      const answer = respond(entry, requests.length - 1);
      if (answer === 'hold') {
        held.push(res);
        return;
      }
      entry.answered = answer;
      res.writeHead(answer, { 'Content-Type': 'text/plain' }).end(answer < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    requests,
    /** Answers that were given (not held ones). */
    answered: () => requests.filter((request) => request.answered !== null),
    setResponder(next: typeof respond) {
      respond = next;
    },
    async waitFor(
      predicate: (requests: ReceivedRequest[]) => boolean,
      timeoutMs = 10_000,
      what = 'requests',
    ) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(requests)) {
        if (Date.now() > deadline)
          expect.fail(
            `receiver: no ${what} within ${timeoutMs} ms (got ${requests.map((r) => r.json.type).join(', ')})`,
          );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The documented verification (docs/webhooks.md), written out here apart from the server's code. */
export function receiverAccepts(
  secret: string,
  body: string,
  header: string | string[] | undefined,
): boolean {
  if (typeof header !== 'string') return false;
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return (
    given.length === 32 &&
    timingSafeEqual(given, Buffer.from(expected, 'hex')) &&
    Math.abs(Date.now() / 1000 - Number(parts.t)) < 300
  );
}

/** Fast retries for tests; everything else as configured. */
export function fastWebhooks(overrides: Partial<Config['webhooks']> = {}) {
  return (config: Config): Config => ({
    ...config,
    webhooks: {
      ...config.webhooks,
      retryBaseMs: 100,
      maxRetryDelayMs: 2_000,
      leaseMs: 5_000,
      requestTimeoutMs: 5_000,
      pollIntervalMs: 50,
      ...overrides,
    },
  });
}

/** An identity-test app (cheap bcrypt) with fast webhook retries and its delivery worker running. */
export async function createWebhookContext(
  overrides: Partial<Config['webhooks']> = {},
  env: Record<string, string> = {},
): Promise<TestContext> {
  // The settings of createAuthContext (auth/helpers.ts), plus the webhook overrides.
  const ctx = await createTestContext({
    env: { BCRYPT_COST: '4', RATE_LIMIT_PER_IP: '10000', RATE_LIMIT_PER_ACCOUNT: '1000', ...env },
    config: fastWebhooks(overrides),
  });
  ctx.services.webhooks.startWorker();
  return ctx;
}

export async function createWebhook(
  ctx: TestContext,
  token: string,
  organizationId: string,
  body: Record<string, unknown>,
) {
  const response = await ctx.request
    .post(`/api/v1/organizations/${organizationId}/webhooks`)
    .set(bearer(token))
    .send(body);
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return response.body as { id: string; secret: string; [field: string]: unknown };
}

export async function deliveriesOf(ctx: TestContext, token: string, webhookId: string) {
  const response = await ctx.request
    .get(`/api/v1/webhooks/${webhookId}/deliveries`)
    .query({ limit: 100 })
    .set(bearer(token))
    .expect(200);
  return response.body.data as Array<Record<string, unknown> & { id: string; status: string }>;
}
