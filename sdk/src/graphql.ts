import { IamError } from './client';

/** One entry of a GraphQL answer's `errors`: `extensions.code` is the REST API's code for it. */
export interface GraphqlErrorItem {
  message: string;
  path?: Array<string | number>;
  extensions?: { code?: string; status?: number; details?: Array<{ path: string; message: string }> };
}

/**
 * A GraphQL request that answered errors: `code` and `status` of the first (e.g. 404
 * organization_not_found, 403 insufficient_scope, 400 validation_failed), all of them in `errors`,
 * and whatever `data` came beside them (fields that did resolve).
 */
export class GraphqlError extends IamError {
  constructor(
    status: number,
    readonly errors: GraphqlErrorItem[],
    readonly data: Record<string, unknown> | null,
  ) {
    const first = errors[0];
    super(
      first?.extensions?.status ?? status,
      first?.extensions?.code ?? 'graphql_error',
      first?.message ?? `HTTP ${status}`,
    );
    this.name = 'GraphqlError';
  }
}

export interface GraphqlOptions {
  /** Origin of the IAM Platform server, e.g. `https://iam.example.com`. */
  baseUrl: string;
  /** A dashboard access token or a `cs_` API token, or a function answering the current one. */
  token: string | (() => string | Promise<string>);
  /** Replaceable for runtimes without a global fetch. */
  fetch?: typeof fetch;
}

export type Graphql = <T = Record<string, unknown>>(
  query: string,
  variables?: Record<string, unknown>,
) => Promise<T>;

/**
 * `graphql(query, variables)` against the product API's GraphQL endpoint (POST /api/v1/graphql,
 * docs/graphql.md): answers `data`, or throws a GraphqlError carrying the API's error codes.
 *
 *   const graphql = createGraphql({ baseUrl: 'https://iam.example.com', token: 'cs_…' });
 *   const { viewer } = await graphql<{ viewer: { email: string } }>('{ viewer { email } }');
 */
export function createGraphql(options: GraphqlOptions): Graphql {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/api/v1/graphql`;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function')
    throw new TypeError('createGraphql needs a fetch implementation: pass options.fetch on this runtime.');
  return async <T>(query: string, variables?: Record<string, unknown>) => {
    const token = typeof options.token === 'function' ? await options.token() : options.token;
    const response = await fetchImpl.call(globalThis, endpoint, {
      method: 'POST',
      headers: {
        accept: 'application/graphql-response+json, application/json',
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(variables === undefined ? { query } : { query, variables }),
    });
    const body = (await response.json().catch(() => undefined)) as
      { data?: Record<string, unknown> | null; errors?: GraphqlErrorItem[] } | undefined;
    if (body?.errors?.length) throw new GraphqlError(response.status, body.errors, body.data ?? null);
    if (!response.ok || !body?.data)
      throw new IamError(response.status, 'http_error', `HTTP ${response.status}`);
    return body.data as T;
  };
}
