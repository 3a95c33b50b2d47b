import createClient, { type Client } from 'openapi-fetch';
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
 * The fetch of a client that signs its calls with a session's token. A 401 on an authenticated
 * call usually means the access token expired in between: the token is renewed once and the
 * request sent again. A sensitive call refused for a stale proof of identity (403
 * `reauthentication_required`) asks the person for one through the step-up handler and, once the
 * server accepted it, is sent again — once: a second refusal, or a cancelled dialog, reaches the
 * screen as the original error.
 */
function authorizedFetch(auth: () => AuthHandler | null, stepUp: () => StepUpHandler | null) {
  let pendingStepUp: Promise<boolean> | null = null;

  const sendWithToken = async (request: Request): Promise<Response> => {
    const handler = auth();
    const token = handler?.accessToken();
    if (!handler || !token || request.headers.has('Authorization')) return globalThis.fetch(request);
    const retry = request.clone();
    request.headers.set('Authorization', `Bearer ${token}`);
    const response = await globalThis.fetch(request);
    if (response.status !== 401 || PROOF_REFUSALS.has(String(await errorCodeOf(response)))) return response;
    if (!(await handler.refresh())) return response;
    const renewed = handler.accessToken();
    if (!renewed) return response;
    retry.headers.set('Authorization', `Bearer ${renewed}`);
    return globalThis.fetch(retry);
  };

  return async (request: Request): Promise<Response> => {
    const handler = stepUp();
    const pristine = handler ? request.clone() : null;
    const response = await sendWithToken(request);
    const challenge = pristine && handler ? await stepUpChallengeOf(response) : null;
    if (!pristine || !challenge || !handler) return response;
    // Calls refused together (two mutations at once) share one dialog.
    const proved = await (pendingStepUp ??= handler(challenge).finally(() => {
      pendingStepUp = null;
    }));
    return proved ? sendWithToken(pristine) : response;
  };
}

export type ApiClient = Client<paths>;

/**
 * An API client of one session: its calls carry that session's token, and its step-up handler
 * (registered by the frame's dialog; components may import this module, not the other way round)
 * asks for a fresh proof. Without a handler a refused call reaches the screen as an ApiError.
 */
export interface SessionClient {
  api: ApiClient;
  setStepUpHandler(handler: StepUpHandler | null): void;
}

/**
 * A client for a session other than the dashboard's own — the hosted account page's end user,
 * whose tokens live elsewhere — so that the account screens can be shown with either.
 */
export function createSessionClient(auth: AuthHandler): SessionClient {
  let stepUpHandler: StepUpHandler | null = null;
  return {
    api: createClient<paths>({
      baseUrl,
      fetch: authorizedFetch(
        () => auth,
        () => stepUpHandler,
      ),
    }),
    setStepUpHandler: (handler) => {
      stepUpHandler = handler;
    },
  };
}

let dashboardStepUpHandler: StepUpHandler | null = null;

/** The client every dashboard screen uses: signed-in calls carry the session's token automatically. */
export const api: ApiClient = createClient<paths>({
  baseUrl,
  fetch: authorizedFetch(
    () => authHandler,
    () => dashboardStepUpHandler,
  ),
});

/** The dashboard's session client: `api` and its step-up handler. */
export const dashboardClient: SessionClient = {
  api,
  setStepUpHandler: (handler) => {
    dashboardStepUpHandler = handler;
  },
};

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
