import { IamError } from './client';
import { SafeStorage, type KeyValueStorage } from './storage';

/**
 * OpenID Connect for single-page apps: authorization code with PKCE (S256) against any provider
 * that publishes `{issuer}/.well-known/openid-configuration` (ours: `{PUBLIC_URL}/oidc/{project_id}`,
 * client id = the application id). Only WebCrypto and fetch; no dependency.
 */
export interface OidcClientOptions {
  /** The issuer identifier, exactly as the provider's discovery document names it. */
  issuer: string;
  clientId: string;
  /** Where the provider sends the browser back; registered with the client, exactly. */
  redirectUri: string;
  /** Default `openid profile email`; `openid` is always asked for. Add `offline_access` for renewal. */
  scope?: string;
  /** Default for `signOut()`; registered with the client, exactly. */
  postLogoutRedirectUri?: string;
  /** Resource indicator (RFC 8707): the API the access token is for, e.g. an application's API identifier. */
  resource?: string;
  /** Where the session (tokens) is kept; default localStorage of `window`. */
  storage?: KeyValueStorage;
  /** Default the global window; pass one for iframes or tests. */
  window?: Window;
  fetch?: typeof fetch;
}

export interface SignInOptions {
  loginHint?: string;
  /** `none`, `login`, `consent`, `select_account` (space-separated for several). */
  prompt?: string;
  /** Seconds: the provider asks for a fresh sign-in when the last one is older; `auth_time` is checked. */
  maxAge?: number;
  acrValues?: string;
  uiLocales?: string;
  /** Any JSON value, given back by `handleRedirectCallback()` (e.g. the path to return to). */
  appState?: unknown;
  /** Further authorization parameters; they cannot replace the ones the SDK sets. */
  extraParams?: Record<string, string>;
  /** Opens the authorization URL; default `window.location.assign`. */
  openUrl?: (url: string) => void | Promise<void>;
}

export interface SignOutOptions {
  /** Default the client's `postLogoutRedirectUri`. */
  postLogoutRedirectUri?: string;
  state?: string;
  /** Opens the end-session URL; default `window.location.assign`; `false`: only return it. */
  openUrl?: ((url: string) => void | Promise<void>) | false;
}

/** The ID token's claims (`sub`, `email`, `name`, … as the provider issues them). */
export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat: number;
  auth_time?: number;
  nonce?: string;
  acr?: string;
  amr?: string[];
  sid?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  locale?: string;
  [claim: string]: unknown;
}

export interface OidcSession {
  /** The claims of the (last verified) ID token. */
  user: IdTokenClaims;
  accessToken: string;
  idToken: string;
  /** When the access token expires, Unix time in seconds. */
  expiresAt: number;
  scope: string;
  /** Whether a refresh token is kept (`offline_access` was asked for and granted). */
  renewable: boolean;
}

export interface RedirectResult extends OidcSession {
  appState: unknown;
}

interface Stored extends Omit<OidcSession, 'renewable'> {
  refreshToken?: string;
  issuedAt: number;
}

interface Transaction {
  verifier: string;
  nonce: string;
  redirectUri: string;
  maxAge?: number;
  appState?: unknown;
}

interface Metadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  end_session_endpoint?: string;
  revocation_endpoint?: string;
  authorization_response_iss_parameter_supported?: boolean;
}

interface TokenResponse {
  access_token?: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
}

type Jwk = JsonWebKey & { kid?: string };

const TX = 'iam_oidc_tx:';
/** Allowed difference between our clock and the provider's, in seconds. */
const SKEW_S = 60;
/** Renew when the access token expires within this (or within half its lifetime, when shorter). */
const RENEW_MARGIN_S = 60;
const RESPONSE_PARAMS = ['code', 'state', 'iss', 'session_state', 'error', 'error_description', 'error_uri'];
const PROVIDER_ERRORS: Record<string, string> = {
  login_required: 'Not signed in at the provider (prompt=none): sign in with a redirect.',
  consent_required: 'The user has not consented to this application yet: sign in with a redirect.',
  interaction_required: 'The provider needs the user (prompt=none): sign in with a redirect.',
  access_denied: 'The sign-in was cancelled or refused.',
};

const now = () => Math.floor(Date.now() / 1000);
const has = (list: string | undefined, item: string) => !!list?.split(' ').includes(item);
const encode = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const decode = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const random = () => encode(crypto.getRandomValues(new Uint8Array(32)));
const digest = async (hash: string, text: string) =>
  new Uint8Array(await crypto.subtle.digest(hash, new TextEncoder().encode(text)));
const fail = (code: string, message: string, status = 0): never => {
  throw new IamError(status, code, message);
};
const idTokenError = (message: string) => fail('invalid_id_token', `ID token refused: ${message}.`);

/** WebCrypto parameters of a JWS algorithm: RS/PS/ES with SHA-256/384/512. */
function algorithm(alg: string) {
  const match = /^(RS|PS|ES)(256|384|512)$/.exec(alg);
  if (!match) return undefined;
  const bits = Number(match[2]);
  const hash = `SHA-${bits}`;
  if (match[1] === 'ES')
    return {
      kty: 'EC',
      hash,
      key: { name: 'ECDSA', namedCurve: `P-${bits === 512 ? 521 : bits}` },
      verify: { name: 'ECDSA', hash },
    };
  const name = match[1] === 'RS' ? 'RSASSA-PKCS1-v1_5' : 'RSA-PSS';
  return { kty: 'RSA', hash, key: { name, hash }, verify: { name, saltLength: bits / 8 } };
}

/**
 * One OpenID client of a single-page app. Transient sign-in data (PKCE verifier, nonce, state) stays
 * in sessionStorage until the callback; the session in `storage` (default localStorage), with a
 * refresh token only when the scope asks for `offline_access`.
 */
export class OidcClient {
  readonly #options: OidcClientOptions;
  readonly #scope: string;
  readonly #storage: SafeStorage;
  readonly #transient: SafeStorage;
  readonly #key: string;
  readonly #listeners = new Set<(session: OidcSession | null) => void>();
  #metadata: Promise<Metadata> | undefined;
  #jwks: Promise<Jwk[]> | undefined;
  #refreshing: Promise<string | null> | undefined;
  #watching = false;

  constructor(options: OidcClientOptions) {
    if (!options?.issuer || !options.clientId || !options.redirectUri)
      fail('not_configured', 'OidcClient needs issuer, clientId and redirectUri.');
    this.#options = options;
    const scope = (options.scope ?? 'openid profile email').split(' ').filter(Boolean);
    this.#scope = (scope.includes('openid') ? scope : ['openid', ...scope]).join(' ');
    this.#storage = new SafeStorage(() => options.storage ?? this.#window?.localStorage);
    this.#transient = new SafeStorage(() => this.#window?.sessionStorage);
    this.#key = `iam_oidc:${options.clientId}@${options.issuer}`;
  }

  get #window(): Window | undefined {
    return this.#options.window ?? (typeof window === 'undefined' ? undefined : window);
  }

  /**
   * Sends the browser to the provider's authorization endpoint (code + PKCE S256, state, nonce).
   * With `offline_access` in the scope the request carries `prompt=consent` (OpenID Connect Core
   * §11; providers such as oidc-provider drop `offline_access` without it), except with `prompt=none`.
   */
  async signInWithRedirect(options: SignInOptions = {}): Promise<void> {
    const metadata = await this.#discover();
    const state = random();
    const nonce = random();
    const verifier = random();
    let prompt = options.prompt;
    if (has(this.#scope, 'offline_access') && !has(prompt, 'none') && !has(prompt, 'consent'))
      prompt = prompt ? `${prompt} consent` : 'consent';
    const url = new URL(metadata.authorization_endpoint);
    const params: Record<string, string | number | undefined> = {
      ...options.extraParams,
      response_type: 'code',
      client_id: this.#options.clientId,
      redirect_uri: this.#options.redirectUri,
      scope: this.#scope,
      state,
      nonce,
      code_challenge: encode(await digest('SHA-256', verifier)),
      code_challenge_method: 'S256',
      prompt,
      login_hint: options.loginHint,
      max_age: options.maxAge,
      acr_values: options.acrValues,
      ui_locales: options.uiLocales,
      resource: this.#options.resource,
    };
    for (const [name, value] of Object.entries(params))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const transaction: Transaction = {
      verifier,
      nonce,
      redirectUri: this.#options.redirectUri,
      maxAge: options.maxAge,
      appState: options.appState,
    };
    this.#transient.setItem(TX + state, JSON.stringify(transaction));
    await (options.openUrl ?? ((href: string) => this.#navigate(href)))(url.href);
  }

  /** Whether `url` (default the current address) is an answer of the provider to a sign-in. */
  isRedirectCallback(url = this.#window?.location.href ?? ''): boolean {
    const params = new URL(url, 'http://x').searchParams;
    return params.has('state') && (params.has('code') || params.has('error'));
  }

  /**
   * Finishes the sign-in on the redirect URI: checks state (and `iss`), trades the code with the
   * PKCE verifier, verifies the ID token (signature with the provider's JWKS; iss, aud, exp, iat,
   * nonce, auth_time for maxAge), stores the session and removes the answer from the address.
   * Rejects with IamError: `state_mismatch`, the provider's error (`login_required`, `access_denied`…),
   * `issuer_mismatch`, `nonce_mismatch`, `invalid_id_token`, or the token endpoint's (`invalid_grant`).
   */
  async handleRedirectCallback(url?: string): Promise<RedirectResult> {
    const win = this.#window;
    const href = url ?? win?.location.href;
    if (!href) return fail('not_configured', 'No address to read the sign-in answer from: pass the URL.');
    const address = new URL(href);
    const params = new URLSearchParams(address.searchParams);
    if (win && href === win.location.href) {
      for (const name of RESPONSE_PARAMS) address.searchParams.delete(name);
      win.history.replaceState(win.history.state, '', address.href);
    }
    const state = params.get('state');
    const raw = state && this.#transient.getItem(TX + state);
    if (state) this.#transient.removeItem(TX + state);
    if (!raw)
      return fail(
        'state_mismatch',
        'This sign-in answer does not belong to a sign-in started in this tab (unknown or already used state): sign in again.',
      );
    const transaction = JSON.parse(raw) as Transaction;
    const metadata = await this.#discover();
    const iss = params.get('iss');
    if (iss !== null ? iss !== metadata.issuer : metadata.authorization_response_iss_parameter_supported)
      fail('issuer_mismatch', `The sign-in answer comes from issuer ${iss}, not ${metadata.issuer}.`);
    const error = params.get('error');
    if (error)
      fail(
        error,
        params.get('error_description') ?? PROVIDER_ERRORS[error] ?? `The provider answered ${error}.`,
      );
    const code = params.get('code') ?? fail('invalid_response', 'The sign-in answer holds no code.');
    const tokens = await this.#token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: transaction.redirectUri,
      code_verifier: transaction.verifier,
    });
    const session = await this.#accept(tokens, transaction);
    return { ...session, appState: transaction.appState };
  }

  /** The stored session, or null. */
  getSession(): OidcSession | null {
    const stored = this.#read();
    if (!stored) return null;
    const { refreshToken, issuedAt: _issuedAt, ...session } = stored;
    return { ...session, renewable: !!refreshToken };
  }

  /** The signed-in user's ID token claims, or null. */
  getUser(): IdTokenClaims | null {
    return this.#read()?.user ?? null;
  }

  /**
   * The userinfo endpoint's claims of the signed-in user (providers that follow OpenID Connect
   * Core §5.4 strictly put profile and email claims only there). Rejects with IamError
   * `not_signed_in`, or the endpoint's error.
   */
  async getUserInfo(): Promise<Omit<IdTokenClaims, 'iss' | 'aud' | 'exp' | 'iat'>> {
    const token = (await this.getAccessToken()) ?? fail('not_signed_in', 'Not signed in: no access token.');
    const endpoint =
      (await this.#discover()).userinfo_endpoint ??
      fail('not_supported', 'The provider publishes no userinfo endpoint.');
    const info = await this.#request<IdTokenClaims>(endpoint, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (info.sub !== this.getUser()?.sub)
      fail('invalid_response', 'The userinfo answer is about another user.');
    return info;
  }

  /** Whether there is a usable session: an unexpired access token, or a refresh token to renew it. */
  isAuthenticated(): boolean {
    const stored = this.#read();
    return !!stored && (stored.expiresAt > now() || !!stored.refreshToken);
  }

  /**
   * The access token; renewed first with the refresh token when it expires within 60 s (or
   * `forceRefresh`). Concurrent calls, and other tabs (Web Locks), share one renewal; the rotated
   * refresh token is stored. Null when signed out or expired without a refresh token. Rejects with
   * IamError `invalid_grant` when the provider refuses the refresh token (the session is cleared).
   */
  async getAccessToken(options: { forceRefresh?: boolean } = {}): Promise<string | null> {
    const stored = this.#read();
    if (!stored) return null;
    if (!options.forceRefresh && !this.#stale(stored)) return stored.accessToken;
    if (!stored.refreshToken) return stored.expiresAt > now() ? stored.accessToken : null;
    const run = async (): Promise<string | null> => {
      const current = this.#read();
      if (!current?.refreshToken) return current?.accessToken ?? null;
      // Another tab renewed while this one waited for the lock.
      if (current.accessToken !== stored.accessToken && !this.#stale(current)) return current.accessToken;
      let tokens: TokenResponse;
      try {
        tokens = await this.#token({ grant_type: 'refresh_token', refresh_token: current.refreshToken });
      } catch (error) {
        if (error instanceof IamError && error.code === 'invalid_grant') {
          this.#clear();
          fail(
            'invalid_grant',
            `The provider refused the refresh token (expired, revoked or reused) and the session was cleared: sign in again. (${error.message})`,
            error.status,
          );
        }
        throw error;
      }
      return (await this.#accept(tokens, {}, current)).accessToken;
    };
    const locks = (globalThis.navigator as Navigator | undefined)?.locks;
    return (this.#refreshing ??= (
      locks ? (locks.request(`iam-oidc-${this.#key}`, run) as unknown as Promise<string | null>) : run()
    ).finally(() => (this.#refreshing = undefined)));
  }

  /**
   * Signs out: forgets the session here, revokes the refresh token (if any, when the provider has a
   * revocation endpoint) and opens the provider's end-session URL (RP-initiated logout with
   * `id_token_hint`, `client_id`, `post_logout_redirect_uri`). Resolves that URL, or null when the
   * provider has no end-session endpoint.
   */
  async signOut(options: SignOutOptions = {}): Promise<string | null> {
    const stored = this.#read();
    this.#clear();
    const metadata = await this.#discover();
    if (stored?.refreshToken && metadata.revocation_endpoint)
      await this.#post(metadata.revocation_endpoint, {
        token: stored.refreshToken,
        token_type_hint: 'refresh_token',
      }).catch(() => undefined);
    if (!metadata.end_session_endpoint) return null;
    const url = new URL(metadata.end_session_endpoint);
    const params: Record<string, string | undefined> = {
      client_id: this.#options.clientId,
      id_token_hint: stored?.idToken,
      post_logout_redirect_uri: options.postLogoutRedirectUri ?? this.#options.postLogoutRedirectUri,
      state: options.state,
    };
    for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
    if (options.openUrl !== false)
      await (options.openUrl ?? ((href: string) => this.#navigate(href)))(url.href);
    return url.href;
  }

  /**
   * Calls `listener` with the session after every sign-in, renewal and sign-out, also those of other
   * tabs (storage events), and with null when it ends. Returns the function that unsubscribes.
   */
  onSessionChange(listener: (session: OidcSession | null) => void): () => void {
    this.#listeners.add(listener);
    if (!this.#watching) {
      this.#watching = true;
      this.#window?.addEventListener('storage', (event) => {
        if (event.key === this.#key || event.key === null) this.#emit();
      });
    }
    return () => void this.#listeners.delete(listener);
  }

  #emit(): void {
    const session = this.getSession();
    for (const listener of this.#listeners) listener(session);
  }

  #navigate(href: string): void {
    const win = this.#window ?? fail('not_configured', 'No window to navigate: pass openUrl.');
    win.location.assign(href);
  }

  #read(): Stored | null {
    try {
      const stored = JSON.parse(this.#storage.getItem(this.#key) ?? 'null') as Stored | null;
      return stored?.accessToken && stored.idToken ? stored : null;
    } catch {
      return null;
    }
  }

  #clear(): void {
    const had = this.#storage.getItem(this.#key) !== null;
    this.#storage.removeItem(this.#key);
    if (had) this.#emit();
  }

  #stale(stored: Stored): boolean {
    const margin = Math.min(RENEW_MARGIN_S, (stored.expiresAt - stored.issuedAt) / 2);
    return stored.expiresAt - now() <= margin;
  }

  /** Checks the token response (and its ID token), stores the session and reports it. */
  async #accept(
    tokens: TokenResponse,
    check: { nonce?: string; maxAge?: number },
    previous?: Stored,
  ): Promise<OidcSession> {
    if (!tokens.access_token || (!tokens.id_token && !previous))
      fail('invalid_response', 'The token response lacks the access token or the ID token.');
    let user = previous?.user;
    if (tokens.id_token) {
      user = await this.#verify(tokens.id_token, check, tokens.access_token!);
      if (previous && user.sub !== previous.user.sub)
        idTokenError('the renewed ID token is for another user');
    }
    const issuedAt = now();
    const scope = tokens.scope ?? previous?.scope ?? this.#scope;
    const stored: Stored = {
      user: user!,
      accessToken: tokens.access_token!,
      idToken: tokens.id_token ?? previous!.idToken,
      expiresAt: issuedAt + (Number(tokens.expires_in) || 3600),
      issuedAt,
      scope,
      // Refresh tokens only when the application asked for offline access; rotation: the newest.
      refreshToken: has(this.#scope, 'offline_access')
        ? (tokens.refresh_token ?? previous?.refreshToken)
        : undefined,
    };
    this.#storage.setItem(this.#key, JSON.stringify(stored));
    this.#emit();
    return this.getSession()!;
  }

  /** Verifies an ID token's signature (JWKS, WebCrypto) and its claims; resolves the claims. */
  async #verify(jwt: string, check: { nonce?: string; maxAge?: number }, accessToken: string) {
    const parts = jwt.split('.');
    let header: { alg?: string; kid?: string };
    let claims: IdTokenClaims;
    try {
      header = JSON.parse(new TextDecoder().decode(decode(parts[0]!)));
      claims = JSON.parse(new TextDecoder().decode(decode(parts[1]!)));
      if (typeof header !== 'object' || typeof claims !== 'object' || !header || !claims) throw 0;
    } catch {
      return idTokenError('it is not a JWT');
    }
    const alg = algorithm(String(header.alg));
    if (parts.length !== 3 || !alg)
      idTokenError(`signed with ${header.alg}; the SDK accepts RS, PS and ES algorithms`);
    const data = new TextEncoder().encode(`${parts[0]}.${parts[1]}`);
    const signature = decode(parts[2]!);
    let verified = false;
    for (let refetched = false; !verified; refetched = true) {
      const keys = (await this.#keys(refetched)).filter(
        (key) =>
          key.kty === alg!.kty &&
          (!header.kid || key.kid === header.kid) &&
          (!key.use || key.use === 'sig') &&
          (!key.alg || key.alg === header.alg),
      );
      for (const { kty, n, e, crv, x, y } of keys) {
        const key = await crypto.subtle
          .importKey('jwk', { kty, n, e, crv, x, y, ext: true }, alg!.key, false, ['verify'])
          .catch(() => undefined);
        if (key && (await crypto.subtle.verify(alg!.verify, key, signature, data))) verified = true;
      }
      // A key the provider published since: look once more (rotation); a failed check is final.
      if (keys.length || refetched) break;
    }
    if (!verified) idTokenError("its signature does not verify with the provider's keys");
    const { issuer, clientId } = this.#options;
    const time = now();
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (claims.iss !== issuer) idTokenError(`issued by ${claims.iss}, not ${issuer}`);
    if (!audience.includes(clientId) || ((audience.length > 1 || claims.azp) && claims.azp !== clientId))
      idTokenError(`issued to ${audience.join(', ')}, not ${clientId}`);
    if (typeof claims.sub !== 'string' || !claims.sub) idTokenError('no subject');
    if (typeof claims.exp !== 'number' || claims.exp + SKEW_S <= time) idTokenError('expired (exp)');
    if (typeof claims.iat !== 'number' || claims.iat - SKEW_S > time)
      idTokenError('no iat, or issued in the future');
    if (check.nonce !== undefined && claims.nonce !== check.nonce)
      fail(
        'nonce_mismatch',
        'ID token refused: its nonce is not the one of this sign-in (a replayed token?).',
      );
    if (check.maxAge !== undefined && !(claims.auth_time! + check.maxAge + SKEW_S >= time))
      idTokenError(`the sign-in (auth_time) is older than max_age ${check.maxAge}`);
    if (claims.at_hash !== undefined) {
      const hash = await digest(alg!.hash, accessToken);
      if (claims.at_hash !== encode(hash.slice(0, hash.length / 2)))
        idTokenError('at_hash does not match the access token');
    }
    return claims;
  }

  #keys(refetch: boolean): Promise<Jwk[]> {
    if (refetch || !this.#jwks)
      this.#jwks = this.#discover()
        .then((metadata) => this.#request<{ keys?: Jwk[] }>(metadata.jwks_uri))
        .then((jwks) => jwks.keys ?? [])
        .catch((error: unknown) => {
          this.#jwks = undefined;
          throw error;
        });
    return this.#jwks;
  }

  /** `{issuer}/.well-known/openid-configuration`, once; its issuer must be the configured one exactly. */
  #discover(): Promise<Metadata> {
    const { issuer } = this.#options;
    return (this.#metadata ??= this.#request<Metadata>(
      `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
    )
      .then((metadata) => {
        if (metadata.issuer !== issuer)
          fail('issuer_mismatch', `The discovery document names issuer ${metadata.issuer}, not ${issuer}.`);
        return metadata;
      })
      .catch((error: unknown) => {
        this.#metadata = undefined;
        throw error;
      }));
  }

  async #token(params: Record<string, string>): Promise<TokenResponse> {
    const metadata = await this.#discover();
    const { resource } = this.#options;
    return this.#post<TokenResponse>(metadata.token_endpoint, resource ? { ...params, resource } : params);
  }

  /** A form POST as a public client: no preflight (form content type, no custom headers). */
  #post<T>(url: string, params: Record<string, string>): Promise<T> {
    return this.#request<T>(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: this.#options.clientId, ...params }),
    });
  }

  async #request<T>(url: string, init: RequestInit = {}): Promise<T> {
    const fetchImpl =
      this.#options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, credentials: 'omit' });
    } catch (error) {
      return fail('network_error', `Could not reach ${url}: ${(error as Error)?.message ?? error}`);
    }
    const body = (await response.json().catch(() => ({}))) as T & {
      error?: string;
      error_description?: string;
    };
    if (response.ok) return body;
    return fail(
      body.error ?? 'http_error',
      body.error_description ?? body.error ?? `HTTP ${response.status} from ${url}`,
      response.status,
    );
  }
}
