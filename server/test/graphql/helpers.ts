import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { GraphQLClient } from 'graphql-request';
import type { TestContext } from '../helpers/context.js';

export const GRAPHQL = '/api/v1/graphql';

/** The suite's app on a loopback port, for real HTTP clients (graphql-request uses fetch). */
export async function listen(ctx: TestContext): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const started = ctx.app.listen(0, '127.0.0.1', () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${GRAPHQL}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A graphql-request client for a bearer credential (session JWT or `cs_` API token). */
export function clientFor(url: string, credential?: string): GraphQLClient {
  return new GraphQLClient(url, {
    headers: credential ? { Authorization: `Bearer ${credential}` } : {},
    // Partial answers (data beside errors) come back instead of being thrown.
    errorPolicy: 'all',
  });
}

export interface GraphqlAnswer<T = Record<string, unknown>> {
  status: number;
  data?: T | null;
  errors?: Array<{
    message: string;
    path?: string[];
    extensions: { code: string; status: number; details?: unknown };
  }>;
}

/** One POST through supertest: the raw status and body (for refusals that are not GraphQL results). */
export async function post<T = Record<string, unknown>>(
  ctx: TestContext,
  credential: string | undefined,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphqlAnswer<T>> {
  let request = ctx.request
    .post(GRAPHQL)
    .set('Accept', 'application/graphql-response+json, application/json');
  if (credential) request = request.set('Authorization', `Bearer ${credential}`);
  const response = await request.send({ query, variables });
  return { status: response.status, ...(JSON.parse(response.text) as Omit<GraphqlAnswer<T>, 'status'>) };
}
