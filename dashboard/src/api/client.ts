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

export const api = createClient<paths>({ baseUrl: '' });

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
