import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

export type ApiSchemas = components['schemas'];
export type ApiErrorBody = ApiSchemas['Error'];

/** An API failure carrying the server's human message (shown as a toast description) and code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ApiErrorBody['details'],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What the API client needs from the session: the current access token and a way to renew it. */
export interface AuthHandler {
  accessToken(): string | null;
  /** Renews the access token; false when the session could not be renewed (it has ended). */
  refresh(): Promise<boolean>;
}

let authHandler: AuthHandler | null = null;

/** Called once by the session store; keeps this module free of a dependency on it. */
export function setAuthHandler(handler: AuthHandler | null): void {
  authHandler = handler;
}

// Absolute, so that requests can also be built outside a browser (component tests).
const baseUrl = typeof location === 'undefined' ? '' : location.origin;

/**
 * Sends the request with the session's bearer token. A 401 on an authenticated call usually
 * means the access token expired in between: renew it once and send the request again.
 */
async function authorizedFetch(request: Request): Promise<Response> {
  const token = authHandler?.accessToken();
  if (!authHandler || !token || request.headers.has('Authorization')) return globalThis.fetch(request);
  const retry = request.clone();
  request.headers.set('Authorization', `Bearer ${token}`);
  const response = await globalThis.fetch(request);
  if (response.status !== 401 || !(await authHandler.refresh())) return response;
  const renewed = authHandler.accessToken();
  if (!renewed) return response;
  retry.headers.set('Authorization', `Bearer ${renewed}`);
  return globalThis.fetch(retry);
}

/** The client every screen uses: signed-in calls carry the session's token automatically. */
export const api = createClient<paths>({ baseUrl, fetch: authorizedFetch });

/** For the session's own calls (sign-in, refresh, sign-out): no automatic token, no retry. */
export const sessionApi = createClient<paths>({ baseUrl, fetch: (request) => globalThis.fetch(request) });

/**
 * Unwraps an openapi-fetch result: the data on success, an ApiError otherwise, so that
 * TanStack Query surfaces one error type to every screen.
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  const body = result.error as Partial<ApiErrorBody> | undefined;
  throw new ApiError(
    result.response.status,
    body?.code ?? 'http_error',
    body?.error ?? `Request failed with status ${result.response.status}`,
    body?.details,
  );
}
