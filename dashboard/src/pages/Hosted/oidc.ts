import { ApiError } from '../../api/client';
import type { HostedSessionStore } from './session';

/**
 * An OpenID Connect sign-in in progress (`?interaction=<uid>`): the provider sent the person here
 * from its authorization endpoint and waits for the outcome — an account, a consent, or an abort.
 * GET /oidc/{pool}/interaction/{uid}/details.
 */
export interface InteractionDetails {
  uid: string;
  prompt: 'login' | 'consent';
  client: { client_id: string; name: string; first_party: boolean };
  scopes: string[];
  login_hint: string | null;
  /** The relying party asked for a fresh sign-in (`prompt=login`, `max_age`): no "Weiter als …". */
  fresh_sign_in_required: boolean;
  /** The relying party asked for two factors (`acr_values`). */
  second_factor_required: boolean;
}

/** Refusals of POST …/login after which the person signs in again on this page. */
export const SIGN_IN_AGAIN = ['fresh_sign_in_required', 'second_factor_required'] as const;
export type SignInAgain = (typeof SIGN_IN_AGAIN)[number] | 'session_ended';

/**
 * Why the tab's session cannot complete the interaction and the person signs in again: the
 * provider wants a fresh sign-in or one with the second factor (403), or the session has ended
 * on the server (401 after a refresh was refused — signed out elsewhere, say at the provider).
 */
export function signInAgainReason(error: unknown): SignInAgain | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401) return 'session_ended';
  if (error.status !== 403) return null;
  return (SIGN_IN_AGAIN as readonly string[]).includes(error.code) ? (error.code as SignInAgain) : null;
}

/** The interaction is unknown, expired or belongs to another browser. */
export function isInteractionGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

async function call<T>(method: 'GET' | 'POST', path: string, token?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${location.origin}${path}`, {
    method,
    headers,
    // The provider's `_interaction` cookie binds these calls to this browser.
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (response.ok && parsed !== undefined) return parsed as T;
  const error = (parsed ?? {}) as { error?: unknown; code?: unknown };
  throw new ApiError(
    response.status,
    typeof error.code === 'string' ? error.code : 'http_error',
    typeof error.error === 'string' ? error.error : `Request failed with status ${response.status}`,
  );
}

/**
 * Where the browser goes next. `session_ended`: the server ended the tab's application session
 * — it served only this sign-in and the provider's session carries on — so the tab forgets it.
 */
export interface InteractionExit {
  redirect_to: string;
  session_ended?: boolean;
}

/** The provider's JSON endpoints for one interaction (same origin, with its cookie). */
export function interactionApi(projectId: string, uid: string) {
  const base = `/oidc/${encodeURIComponent(projectId)}/interaction/${encodeURIComponent(uid)}`;
  return {
    details: () => call<InteractionDetails>('GET', `${base}/details`),
    /** The end user's access token proves who signed in; answers where the browser goes next. */
    login: (token: string) => call<InteractionExit>('POST', `${base}/login`, token),
    consent: (token: string, approve: boolean) =>
      call<InteractionExit>('POST', `${base}/consent`, token, { approve }),
    /** The person cancelled: the relying party gets `access_denied`. */
    abort: () => call<InteractionExit>('POST', `${base}/abort`),
  };
}

export type InteractionApi = ReturnType<typeof interactionApi>;

/**
 * Calls with the tab's access token, renewed first when it is about to expire and once more when
 * the call answers 401. Without a session (or when it cannot be renewed) it throws 401.
 */
export async function withSessionToken<T>(
  sessions: HostedSessionStore,
  request: (token: string) => Promise<T>,
): Promise<T> {
  const noSession = () => new ApiError(401, 'unauthorized', 'Not signed in.');
  let session = sessions.get();
  if (!session) throw noSession();
  if (session.expiresAt - Date.now() / 1000 < 30) {
    if (!(await sessions.refresh())) throw noSession();
    session = sessions.get();
    if (!session) throw noSession();
  }
  try {
    return await request(session.token);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    if (!(await sessions.refresh())) throw error;
    const renewed = sessions.get();
    if (!renewed) throw error;
    return request(renewed.token);
  }
}

/** Plain words for the scopes a relying party asks for; other scopes are shown by name. */
export const SCOPE_TEXTS = {
  openid: 'hosted.consent.scope.openid',
  profile: 'hosted.consent.scope.profile',
  email: 'hosted.consent.scope.email',
  offline_access: 'hosted.consent.scope.offline_access',
  roles: 'hosted.consent.scope.roles',
} as const;

export function scopeTextKey(scope: string): (typeof SCOPE_TEXTS)[keyof typeof SCOPE_TEXTS] | null {
  return Object.hasOwn(SCOPE_TEXTS, scope) ? SCOPE_TEXTS[scope as keyof typeof SCOPE_TEXTS] : null;
}
