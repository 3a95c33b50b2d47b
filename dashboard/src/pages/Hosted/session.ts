import { ApiError, createSessionClient, type ApiSchemas, type SessionClient } from '../../api/client';
import { shouldRefresh } from '../../stores/session';
import { embeddingApi, type EmbeddingSession } from './api';

/** An end user's session on a project's hosted pages, as kept in this tab. */
export interface HostedSession {
  token: string;
  refreshToken: string;
  /** Unix seconds. */
  expiresAt: number;
  user: ApiSchemas['User'];
  /** The application that issued it: refreshing and signing out go through it. */
  applicationId: string;
  /**
   * The pool requires a second factor and the account has none: this session only sets one up
   * (and reads /auth/me); afterwards the person signs in again.
   */
  enrollmentOnly: boolean;
}

/**
 * One project's end-user session in this tab: kept in sessionStorage under a key of its own per
 * project (never in the dashboard's session store), renewed through the embedding API's
 * /refresh, and with an API client whose calls carry its token — for the account page, which
 * uses the account self-service routes under /api/v1/auth with it.
 */
export class HostedSessionStore {
  readonly client: SessionClient;
  private readonly key: string;
  private current: HostedSession | null;
  private readonly listeners = new Set<() => void>();
  private refreshing: Promise<boolean> | null = null;

  constructor(readonly projectId: string) {
    this.key = `iam-hosted-session:${projectId}`;
    this.current = this.read();
    this.client = createSessionClient({
      accessToken: () => this.current?.token ?? null,
      refresh: () => this.refresh(),
    });
  }

  get = (): HostedSession | null => this.current;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Keeps a session the embedding API answered (sign-in, second step, refresh). */
  start(answer: EmbeddingSession, applicationId: string): HostedSession {
    const session: HostedSession = {
      token: answer.token,
      refreshToken: answer.refresh_token,
      expiresAt: answer.expires_at,
      user: answer.user,
      applicationId,
      enrollmentOnly:
        (answer as { second_factor_enrollment_required?: boolean }).second_factor_enrollment_required ===
        true,
    };
    this.write(session);
    return session;
  }

  /** The user as /auth/me answered after a change (display name, verification). */
  updateUser(user: ApiSchemas['User']): void {
    if (this.current) this.write({ ...this.current, user: { ...this.current.user, ...user } });
  }

  /** Forgets the session in this tab; the server is not asked. */
  clear(): void {
    this.write(null);
  }

  /**
   * The server has ended the session (handed over to the OpenID provider) and the page is
   * leaving: the stored copy goes, so a later visit in this tab starts without it; the page
   * keeps what it shows until the browser has left (no flash of a sign-in form).
   */
  forgetStored(): void {
    try {
      sessionStorage.removeItem(this.key);
    } catch {
      // blocked storage: nothing was kept there
    }
  }

  /** Reads the stored session again (a page restored from the back-forward cache). */
  reload(): void {
    const stored = this.read();
    if (stored?.token === this.current?.token) return;
    this.current = stored;
    for (const listener of this.listeners) listener();
  }

  /** Ends the session on the server (best effort) and here. */
  async signOut(): Promise<void> {
    const session = this.current;
    this.clear();
    if (session)
      await embeddingApi(session.applicationId)
        .logout(session.token)
        .catch(() => undefined);
  }

  /**
   * Trades the refresh token for a new pair. Refresh tokens rotate and a reused one ends the
   * session, so concurrent callers share one request. A refusal ends the session here too.
   */
  refresh(): Promise<boolean> {
    this.refreshing ??= (async () => {
      const session = this.current;
      if (!session) return false;
      try {
        this.start(
          await embeddingApi(session.applicationId).refresh(session.refreshToken),
          session.applicationId,
        );
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429)
          this.clear();
        return false;
      }
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Renews a token about to expire (the account page checks now and then). */
  refreshIfDue(): void {
    if (this.current && shouldRefresh(this.current.expiresAt)) void this.refresh();
  }

  private read(): HostedSession | null {
    try {
      const parsed = JSON.parse(sessionStorage.getItem(this.key) ?? 'null') as Partial<HostedSession> | null;
      if (
        parsed?.token &&
        parsed.refreshToken &&
        typeof parsed.expiresAt === 'number' &&
        parsed.user &&
        parsed.applicationId
      )
        return { ...parsed, enrollmentOnly: parsed.enrollmentOnly === true } as HostedSession;
    } catch {
      // unreadable storage counts as no session
    }
    return null;
  }

  private write(session: HostedSession | null): void {
    this.current = session;
    try {
      if (session) sessionStorage.setItem(this.key, JSON.stringify(session));
      else sessionStorage.removeItem(this.key);
    } catch {
      // storage full or blocked: the session lasts as long as this page
    }
    for (const listener of this.listeners) listener();
  }
}
