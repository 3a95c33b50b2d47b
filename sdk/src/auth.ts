import { PermissionCache, type CanResource, type Decision } from './can';
import { IamError } from './client';
import { checkOrigin, tellRefusal, type OriginCheck } from './origin-check';

const SIGN_IN_MEANWHILE = 'Sign-in and registration fail until then.';
import { SafeStorage, type KeyValueStorage } from './storage';
import type { Tracker } from './tracker';

/** An auth client of its own, without tracking (the auth widget's): the application and server. */
export interface AuthClientOptions {
  applicationId: string;
  /** The IAM server's base URL; the embedding API is under `/api/auth`. */
  apiUrl: string;
  storage?: KeyValueStorage;
  fetch?: typeof fetch;
}

/** A profile as the server returns it (SPEC §3 profiles). */
export interface AuthUser {
  id: string;
  email: string;
  display_name: string;
  is_verified: boolean;
  created_at: string;
  last_login_at: string | null;
}

/** The embedding API's session: `expires_at` is Unix time in seconds. */
export interface AuthSession {
  token: string;
  refresh_token: string;
  expires_at: number;
  user: AuthUser;
}

/**
 * A sign-in of an account with two-factor (docs/two-factor.md): no session yet. Answer with
 * `completeMfa(mfa_token, …)` within `expires_in` seconds.
 */
export interface MfaRequired {
  mfa_required: true;
  mfa_token: string;
  /** `totp`: a code or a recovery code; `webauthn`: a passkey (`passkeyOptions`). */
  methods: ('totp' | 'webauthn')[];
  expires_in: number;
}

/** One answer to the second sign-in step. */
export type MfaAnswer =
  | { code: string }
  | { recovery_code: string }
  /** The PublicKeyCredential from navigator.credentials.get(), as JSON. */
  | { webauthn_response: object };

/** Whether a login answered the second step rather than a session. */
export const isMfaRequired = (result: AuthSession | MfaRequired): result is MfaRequired =>
  (result as MfaRequired).mfa_required === true;

/** The answer of POST /api/auth/permissions (the server's `EmbeddingPermissions`). */
export interface Permissions {
  application_id: string;
  /**
   * The caller's role in the organization owning the application: a built-in role (`admin`,
   * `member`) or a custom role's name; null for the application's end users (its user pool).
   */
  role: string | null;
  /** The end user's application roles (names, sorted); empty for the organization's members. */
  roles: string[];
  /** The application permissions those roles grant (names, sorted, each once); empty for members. */
  application_permissions: string[];
  /** What the organization role allows (all false for end users). */
  permissions: { read: boolean; write: boolean; delete: boolean; manage_members: boolean };
}

/** SPEC §9: refresh when the token expires within 90 s; retry a failed refresh after 30 s. */
const REFRESH_MARGIN_MS = 90_000;
const REFRESH_RETRY_MS = 30_000;

/**
 * Client of the embedding API (`/api/auth/*`) for one application. Given a Tracker it shares the
 * tracker's identifiers: login and register send `anonymous_id` and `installation_id`, so the
 * server links this browser's anonymous user to the account, and sign-out starts a new anonymous
 * user. The session lives in local storage under one key per application (SPEC §3), so every
 * client of the application on the page (the SDK's, the auth widget's) sees the same session;
 * it is refreshed before it expires, at most one refresh at a time across clients and tabs
 * (refresh tokens rotate and a reused one ends the session).
 */
export class AuthClient {
  readonly #tracker: Tracker | undefined;
  readonly #config: AuthClientOptions;
  readonly #storage: SafeStorage;
  readonly #key: string;
  #refreshing: Promise<AuthSession> | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #decisions = new PermissionCache(
    async (checks) => (await this.#authorized<{ results: Decision[] }>('authorize', { checks })).results,
  );

  constructor(source: Tracker | AuthClientOptions) {
    const tracker = 'config' in source ? source : undefined;
    const config = tracker?.config ?? (source as AuthClientOptions);
    this.#tracker = tracker;
    this.#config = config;
    const win = tracker?.config.window;
    this.#storage = new SafeStorage(
      () =>
        config.storage ??
        win?.localStorage ??
        (typeof window === 'undefined' ? undefined : window.localStorage),
    );
    this.#key = `iam_auth_${config.applicationId}`;
    tracker?.useSession(() => this.getSession());
    this.#schedule();
  }

  /**
   * May this page's origin call the application? GET /api/auth/origin-check, asked once per page
   * (the tracker's check shares it). For a refused origin the console says which origin to add and
   * where; a start-up screen (the auth widget) can say it too. Never rejects.
   */
  async checkOrigin(): Promise<OriginCheck> {
    const { apiUrl, applicationId } = this.#config;
    if (!apiUrl || !applicationId) return { allowed: null };
    // A page on the API's own origin is always allowed: no request.
    if (`${apiUrl}/`.startsWith(`${globalThis.location?.origin}/`)) return { allowed: true };
    const check = await checkOrigin(apiUrl, applicationId, this.#config.fetch);
    if (check.allowed === false) tellRefusal(apiUrl, applicationId, check, SIGN_IN_MEANWHILE);
    return check;
  }

  /** The stored session, or null. */
  getSession(): AuthSession | null {
    try {
      const session = JSON.parse(this.#storage.getItem(this.#key) ?? 'null') as AuthSession | null;
      return session?.token && session.refresh_token ? session : null;
    } catch {
      return null;
    }
  }

  /** The access token, refreshed first when it expires within 90 s; null when signed out. */
  async getToken(): Promise<string | null> {
    const session = this.getSession();
    if (!session) return null;
    if (session.expires_at * 1000 - Date.now() > REFRESH_MARGIN_MS) return session.token;
    return (await this.#refresh(false)).token;
  }

  /**
   * POST /api/auth/login; rejects with IamError (e.g. 401 invalid_credentials). Resolves the
   * session, or for an account with two-factor `{mfa_required, mfa_token, methods}` (nothing stored
   * yet): then call `completeMfa`.
   */
  async login(email: string, password: string): Promise<AuthSession | MfaRequired> {
    const result = await this.#request<AuthSession | MfaRequired>('login', {
      email,
      password,
      ...this.#links(),
    });
    if (!isMfaRequired(result)) this.#store(result);
    return result;
  }

  /**
   * POST /api/auth/mfa/challenge: the second step with a code, a recovery code or a passkey's
   * answer. Stores and resolves the session; rejects with IamError (400 invalid_mfa_code, 401
   * invalid_mfa_token when the step expired or was spent — sign in again).
   */
  async completeMfa(mfaToken: string, answer: MfaAnswer): Promise<AuthSession> {
    const session = await this.#request<AuthSession>('mfa/challenge', {
      mfa_token: mfaToken,
      ...answer,
      ...this.#links(),
    });
    this.#store(session);
    return session;
  }

  /** POST /api/auth/mfa/webauthn/options: the options for navigator.credentials.get() (JSON form). */
  passkeyOptions(mfaToken: string): Promise<Record<string, unknown>> {
    return this.#request('mfa/webauthn/options', { mfa_token: mfaToken });
  }

  /**
   * POST /api/auth/hosted/token: trades the code the hosted sign-in page sent back (the widget's
   * hosted mode) with the PKCE verifier and the redirect_uri it was issued for. Stores and resolves
   * the session; rejects with IamError (400 invalid_grant: unknown, expired, used or not this page's).
   */
  async exchangeHostedCode(code: string, codeVerifier: string, redirectUri: string): Promise<AuthSession> {
    const session = await this.#request<AuthSession>('hosted/token', {
      code,
      code_verifier: codeVerifier,
      redirect_uri: redirectUri,
      ...this.#links(),
    });
    this.#store(session);
    return session;
  }

  /** POST /api/auth/register. Sign in afterwards (the address may need confirming first). */
  register(
    email: string,
    password: string,
    display_name?: string,
  ): Promise<{ user: AuthUser; confirmation_required: boolean }> {
    return this.#request('register', { email, password, display_name, ...this.#links() });
  }

  /** Trades the refresh token for a new session now. */
  refresh(): Promise<AuthSession> {
    return this.#refresh(true);
  }

  /** POST /api/auth/verify with the session's token. */
  verify(): Promise<{ user: AuthUser; application_id: string }> {
    return this.#authorized('verify');
  }

  /**
   * POST /api/auth/permissions: an end user's application roles and the permissions they grant
   * (`roles`, `application_permissions`), or a member's role in the organization owning the application.
   */
  permissions(): Promise<Permissions> {
    return this.#authorized('permissions');
  }

  /**
   * Whether the signed-in end user may do `action` (POST /api/auth/authorize: the project's
   * policies and the user's application roles decide; the context is the request's own). Cached
   * for 30 s per action and resource, until the session changes; calls in the same tick go out as
   * one batch. For showing and hiding in the page — the partner's server decides for real (POST
   * /api/v1/authorize). Rejects with IamError (401 not_signed_in when signed out).
   */
  async can(action: string, resource?: CanResource): Promise<boolean> {
    return (await this.#decisions.decide(action, resource)).allowed;
  }

  /** The decision behind `can()`: `allowed`, its `reason` and the `matched_policies` (same cache). */
  decide(action: string, resource?: CanResource): Promise<Decision> {
    return this.#decisions.decide(action, resource);
  }

  /** POST /api/auth/password-reset: mails a reset link if the account exists (the answer is the same). */
  requestPasswordReset(email: string): Promise<{ success: true; message: string }> {
    return this.#request('password-reset', { email });
  }

  /** POST /api/auth/resend-confirmation: a new confirmation link for an unconfirmed account. */
  resendConfirmation(email: string): Promise<{ success: true; message: string }> {
    return this.#request('resend-confirmation', { email });
  }

  /**
   * Forgets the session on this device, ends it on the server (its refresh token stops working;
   * not waited for) and, with a tracker, starts a new anonymous user (tracker.reset()).
   */
  signOut(): void {
    const token = this.getSession()?.token;
    clearTimeout(this.#timer);
    this.#storage.removeItem(this.#key);
    this.#decisions.clear();
    this.#tracker?.reset();
    if (token) this.#request('logout', {}, token).catch(() => undefined);
  }

  #links(): { anonymous_id?: string; installation_id?: string } {
    const ids = this.#tracker?.ids();
    return ids ? { anonymous_id: ids.anonymous_id, installation_id: ids.installation_id } : {};
  }

  #store(session: AuthSession): void {
    this.#storage.setItem(this.#key, JSON.stringify(session));
    this.#decisions.clear();
    this.#schedule();
  }

  #schedule(delay?: number): void {
    clearTimeout(this.#timer);
    const session = this.getSession();
    if (!session) return;
    const left = session.expires_at * 1000 - Date.now();
    // 90 s before expiry; for tokens shorter-lived than that, half-way, so refreshes cannot storm.
    const wait = delay ?? Math.max(0, left - REFRESH_MARGIN_MS, left / 2);
    this.#timer = setTimeout(() => {
      this.#refresh(false).catch((error: unknown) => {
        if (!(error instanceof IamError && error.status >= 400 && error.status < 500))
          this.#schedule(REFRESH_RETRY_MS);
      });
    }, wait);
    (this.#timer as { unref?: () => void }).unref?.();
  }

  /** One refresh at a time in this tab, and (Web Locks) across tabs; a tab that waited re-reads storage. */
  #refresh(force: boolean): Promise<AuthSession> {
    const run = async (): Promise<AuthSession> => {
      const session = this.getSession();
      if (!session) throw new IamError(401, 'not_signed_in', 'Auth session missing!');
      if (!force && session.expires_at * 1000 - Date.now() > REFRESH_MARGIN_MS) return session;
      try {
        const next = await this.#request<AuthSession>('refresh', { refresh_token: session.refresh_token });
        this.#store(next);
        return next;
      } catch (error) {
        // The refresh token is spent or revoked: this device is signed out.
        if (error instanceof IamError && error.status === 401) this.signOut();
        throw error;
      }
    };
    const locks = (globalThis.navigator as Navigator | undefined)?.locks;
    return (this.#refreshing ??= (
      locks ? (locks.request(`iam-sdk-refresh-${this.#key}`, run) as unknown as Promise<AuthSession>) : run()
    ).finally(() => (this.#refreshing = undefined)));
  }

  async #authorized<T>(path: 'verify' | 'permissions' | 'authorize', body: object = {}): Promise<T> {
    const token = await this.getToken();
    if (!token) throw new IamError(401, 'not_signed_in', 'Auth session missing!');
    return this.#request<T>(path, body, token);
  }

  async #request<T>(path: string, body: object, token?: string): Promise<T> {
    const { apiUrl, applicationId } = this.#config;
    if (!apiUrl || !applicationId)
      throw new IamError(0, 'not_configured', 'The SDK needs applicationId and apiUrl.');
    const fetchImpl =
      this.#config.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
    // Only headers the embedding API's CORS preflight allows.
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-application-id': applicationId,
    };
    if (token) headers.authorization = `Bearer ${token}`;
    const base = `${apiUrl}/api/auth/`;
    let response: Response;
    try {
      response = await fetchImpl(base + path, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        credentials: 'omit',
      });
    } catch (error) {
      // A refused CORS preflight looks like a network failure; the origin check (a simple request
      // any origin may read) tells the two apart, and the console says which origin to add where.
      // Anything else reaches the caller as it is (SPEC §8).
      const check = await checkOrigin(apiUrl, applicationId, this.#config.fetch);
      if (check.allowed !== false) throw error;
      tellRefusal(apiUrl, applicationId, check, SIGN_IN_MEANWHILE);
      throw new IamError(403, 'origin_not_allowed', check.message);
    }
    const result = (await response.json().catch(() => ({}))) as T & { error?: string; code?: string };
    if (response.ok) return result;
    throw new IamError(
      response.status,
      result.code ?? 'http_error',
      result.error ?? `HTTP ${response.status}`,
      Number(response.headers?.get('retry-after')) || undefined,
    );
  }
}
