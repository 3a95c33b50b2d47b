import { create } from 'zustand';
import { ApiError, sessionApi, setAuthHandler, unwrap, type ApiSchemas } from '../api/client';

/** The user as /auth/me describes them; the Me fields are unknown until it has answered. */
export type SessionUser = ApiSchemas['User'] & Partial<Omit<ApiSchemas['Me'], keyof ApiSchemas['User']>>;
type SessionTokens = ApiSchemas['SessionTokens'];
type MfaRequired = ApiSchemas['MfaRequired'];

/** The stored login (SPEC §3): tokens, expiry (unix seconds) and user. */
export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  user: SessionUser;
}

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

interface SessionState {
  status: SessionStatus;
  session: StoredSession | null;
  /** Set when the user signed out themselves: they go to the start page, not to sign-in. */
  signedOutByUser: boolean;
  /**
   * Set when the server refused the stored session (ended elsewhere: a password reset or change,
   * "sign out everywhere", an admin): /auth says why the user is back there (issue #36).
   */
  sessionEnded: boolean;
}

export const STORAGE_KEY = 'iam-session';
/** SPEC §9: look every 30 s, renew when the access token has less than 90 s left. */
export const REFRESH_CHECK_INTERVAL_MS = 30_000;
export const REFRESH_MARGIN_MS = 90_000;

/** The auth state starts "loading" until the stored login has been verified (SPEC §4). */
export const useSessionStore = create<SessionState>()(() => ({
  status: 'loading',
  session: null,
  signedOutByUser: false,
  sessionEnded: false,
}));

function readStored(): StoredSession | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<StoredSession> | null;
    if (parsed?.accessToken && parsed.refreshToken && typeof parsed.expiresAt === 'number' && parsed.user) {
      return parsed as StoredSession;
    }
  } catch {
    // unreadable storage counts as no stored login
  }
  return null;
}

function store(session: StoredSession): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  useSessionStore.setState({ status: 'signedIn', session, signedOutByUser: false, sessionEnded: false });
}

/** Ends the session in this browser only (storage and state); the server is not asked. */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEY);
  useSessionStore.setState({ status: 'signedOut', session: null });
}

/** The server refused the stored session: forget it and remember to say so on /auth. */
function endRefusedSession(): void {
  clearSession();
  useSessionStore.setState({ sessionEnded: true });
}

function fromTokens(tokens: SessionTokens, previous?: SessionUser): StoredSession {
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: tokens.expires_at,
    // the token responses do not say whether the user is an admin or has two-factor; keep what
    // /auth/me said
    user: { ...previous, ...tokens.user },
  };
}

/** True when the access token expires within the refresh margin (or already has). */
export function shouldRefresh(expiresAt: number, now = Date.now()): boolean {
  return expiresAt * 1000 - now <= REFRESH_MARGIN_MS;
}

/** Whether a failure means the server rejected the credentials (as opposed to being unreachable). */
function isRejection(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

let refreshInFlight: Promise<boolean> | null = null;

/**
 * Trades the refresh token for a new pair. Refresh tokens rotate and a reused one ends the
 * session, so concurrent callers share one request instead of each sending their own.
 */
export function refreshSession(): Promise<boolean> {
  refreshInFlight ??= (async () => {
    const current = useSessionStore.getState().session;
    if (!current) return false;
    try {
      const tokens = unwrap(
        await sessionApi.POST('/api/v1/auth/refresh', { body: { refresh_token: current.refreshToken } }),
      );
      store(fromTokens(tokens, current.user));
      return true;
    } catch (error) {
      // Another tab may have rotated the token meanwhile; its new pair is then in storage.
      const stored = readStored();
      if (stored && stored.refreshToken !== current.refreshToken) {
        store(stored);
        return true;
      }
      if (isRejection(error)) endRefusedSession();
      return false;
    }
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Loads the signed-in user (admin flag, two-factor status and policy) with the current access token. */
async function loadMe(): Promise<void> {
  const session = useSessionStore.getState().session;
  if (!session) return;
  const me = unwrap(
    await sessionApi.GET('/api/v1/auth/me', { headers: { Authorization: `Bearer ${session.accessToken}` } }),
  );
  const latest = useSessionStore.getState().session;
  if (latest) store({ ...latest, user: me });
}

/**
 * Verifies the stored login on start: renews it first when it is about to expire, then asks the
 * server who we are. A rejected token signs out (SPEC §4); an unreachable server leaves the
 * stored login for the next visit but shows the visitor screens.
 */
export async function restoreSession(): Promise<void> {
  const stored = readStored();
  if (!stored) {
    useSessionStore.setState({ status: 'signedOut', session: null });
    return;
  }
  useSessionStore.setState({ status: 'loading', session: stored });
  if (shouldRefresh(stored.expiresAt) && !(await refreshSession())) {
    if (useSessionStore.getState().status === 'loading')
      useSessionStore.setState({ status: 'signedOut', session: null });
    return;
  }
  let failure = await verify();
  // The access token may have been revoked or expired early: renew once and ask again.
  if (failure instanceof ApiError && failure.status === 401 && (await refreshSession()))
    failure = await verify();
  if (failure === null) return;
  if (isRejection(failure)) endRefusedSession();
  else useSessionStore.setState({ status: 'signedOut', session: null });
}

/** Asks the server who we are; the failure, or null when verified. */
async function verify(): Promise<unknown> {
  try {
    await loadMe();
    return null;
  } catch (error) {
    return error;
  }
}

/** Starts a session from a sign-in response (password or Google code exchange). */
export async function startSession(tokens: SessionTokens): Promise<void> {
  store(fromTokens(tokens));
  try {
    await loadMe();
  } catch {
    // the admin flag stays unknown (no Admin link) until the next verification
  }
}

/**
 * Asks /auth/me again, e.g. after two-factor was turned on or off, so that the status and the
 * organization policy's `mfa_enrollment_required` are current.
 */
export async function reloadUser(): Promise<void> {
  await loadMe();
}

/** What the first sign-in step (password or Google) led to: a session, or the second step to answer. */
export type PasswordSignIn =
  { kind: 'signedIn' } | { kind: 'mfaRequired'; mfaToken: string; methods: MfaRequired['methods'] };

/**
 * Signs in with e-mail and password. An account with two-factor gets no session yet: the
 * answer names the second step (an mfa_token, valid a few minutes, for `completeMfaChallenge`).
 */
export async function signInWithPassword(email: string, password: string): Promise<PasswordSignIn> {
  return firstStepDone(unwrap(await sessionApi.POST('/api/v1/auth/login', { body: { email, password } })));
}

/** Completes a Google sign-in with the one-time code of its callback; two-factor applies as above. */
export async function signInWithGoogleCode(code: string): Promise<PasswordSignIn> {
  return firstStepDone(unwrap(await sessionApi.POST('/api/v1/auth/exchange', { body: { code } })));
}

/** The first factor passed: start the session, or hand over to the second step. */
async function firstStepDone(answer: SessionTokens | MfaRequired): Promise<PasswordSignIn> {
  if ('mfa_required' in answer) {
    return { kind: 'mfaRequired', mfaToken: answer.mfa_token, methods: answer.methods };
  }
  await startSession(answer);
  return { kind: 'signedIn' };
}

/** The second sign-in step: a code from the authenticator app or a recovery code; starts the session. */
export async function completeMfaChallenge(
  mfaToken: string,
  answer: { code: string } | { recovery_code: string },
): Promise<void> {
  await startSession(
    unwrap(await sessionApi.POST('/api/v1/auth/mfa/challenge', { body: { mfa_token: mfaToken, ...answer } })),
  );
}

/** Signs out on the server (best effort) and forgets the stored login. */
export async function signOut(): Promise<void> {
  const session = useSessionStore.getState().session;
  clearSession();
  useSessionStore.setState({ signedOutByUser: true, sessionEnded: false });
  if (!session) return;
  try {
    await sessionApi.POST('/api/v1/auth/logout', {
      headers: { Authorization: `Bearer ${session.accessToken}` },
    });
  } catch {
    // the session is gone locally; the server ends it at its expiry
  }
}

/** SPEC §9: checks every 30 s and renews a token about to expire. Returns a stop function. */
export function startAutoRefresh(intervalMs = REFRESH_CHECK_INTERVAL_MS): () => void {
  const check = () => {
    const session = useSessionStore.getState().session;
    if (session && useSessionStore.getState().status === 'signedIn' && shouldRefresh(session.expiresAt)) {
      void refreshSession();
    }
  };
  const timer = setInterval(check, intervalMs);
  // Another tab signed in, renewed or signed out: follow it so we never reuse a rotated token.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    const stored = readStored();
    if (stored) useSessionStore.setState({ status: 'signedIn', session: stored });
    else useSessionStore.setState({ status: 'signedOut', session: null });
  };
  window.addEventListener('storage', onStorage);
  return () => {
    clearInterval(timer);
    window.removeEventListener('storage', onStorage);
  };
}

setAuthHandler({
  accessToken: () => useSessionStore.getState().session?.accessToken ?? null,
  refresh: refreshSession,
});
