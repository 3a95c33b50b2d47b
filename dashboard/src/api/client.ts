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

/** A proof the server takes as fresh evidence of identity (403 `reauthentication_required`). */
export type StepUpMethod = 'password' | 'totp' | 'passkey';
const STEP_UP_METHODS: readonly StepUpMethod[] = ['password', 'totp', 'passkey'];

/** What a refused sensitive call says: the proofs it accepts and how recent one must be. */
export interface StepUpChallenge {
  methods: StepUpMethod[];
  maxAgeSeconds: number;
}

/** Asks the person for a proof; true once the server accepted one, false when they cancelled. */
export type StepUpHandler = (challenge: StepUpChallenge) => Promise<boolean>;

let stepUpHandler: StepUpHandler | null = null;
let pendingStepUp: Promise<boolean> | null = null;

/**
 * Registered by the signed-in frame's dialog (components may import this module, not the other
 * way round). Without a handler a refused call reaches the screen as an ApiError.
 */
export function setStepUpHandler(handler: StepUpHandler | null): void {
  stepUpHandler = handler;
}

/** The challenge of a 403 `reauthentication_required`, or null for any other answer. */
async function stepUpChallengeOf(response: Response): Promise<StepUpChallenge | null> {
  if (response.status !== 403) return null;
  // A copy is read, so the screen still gets the original body if nobody proves anything.
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown; methods?: unknown; max_age_seconds?: unknown } | null;
  if (body?.code !== 'reauthentication_required') return null;
  const methods = Array.isArray(body.methods)
    ? STEP_UP_METHODS.filter((method) => (body.methods as unknown[]).includes(method))
    : [];
  const maxAgeSeconds =
    typeof body.max_age_seconds === 'number' && body.max_age_seconds > 0 ? body.max_age_seconds : 600;
  return { methods, maxAgeSeconds };
}

/** The code of an error answer, read from a copy so the caller still gets the body. */
async function errorCodeOf(response: Response): Promise<unknown> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return body?.code;
}

/**
 * 401s that refuse a proof sent in the body (a wrong password or code, say when confirming one's
 * identity), not the access token: renewing the session and sending the proof again would only
 * count a second failed attempt.
 */
const PROOF_REFUSALS = new Set(['invalid_credentials', 'invalid_mfa_code', 'invalid_recovery_code']);

/**
 * Sends the request with the session's bearer token. A 401 on an authenticated call usually
 * means the access token expired in between: renew it once and send the request again.
 */
async function sendWithToken(request: Request): Promise<Response> {
  const token = authHandler?.accessToken();
  if (!authHandler || !token || request.headers.has('Authorization')) return globalThis.fetch(request);
  const retry = request.clone();
  request.headers.set('Authorization', `Bearer ${token}`);
  const response = await globalThis.fetch(request);
  if (response.status !== 401 || PROOF_REFUSALS.has(String(await errorCodeOf(response)))) return response;
  if (!(await authHandler.refresh())) return response;
  const renewed = authHandler.accessToken();
  if (!renewed) return response;
  retry.headers.set('Authorization', `Bearer ${renewed}`);
  return globalThis.fetch(retry);
}

/**
 * A sensitive call refused for a stale proof of identity (403 `reauthentication_required`) asks
 * the person for one through the step-up handler and, once the server accepted it, is sent again
 * — once: a second refusal, or a cancelled dialog, reaches the screen as the original error.
 */
async function authorizedFetch(request: Request): Promise<Response> {
  const pristine = stepUpHandler ? request.clone() : null;
  const response = await sendWithToken(request);
  const challenge = pristine && stepUpHandler ? await stepUpChallengeOf(response) : null;
  if (!pristine || !challenge || !stepUpHandler) return response;
  // Calls refused together (two mutations at once) share one dialog.
  const proved = await (pendingStepUp ??= stepUpHandler(challenge).finally(() => {
    pendingStepUp = null;
  }));
  return proved ? sendWithToken(pristine) : response;
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
