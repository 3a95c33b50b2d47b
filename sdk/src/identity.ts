import { createId, isId, type IdKind } from './ids';
import type { KeyValueStorage } from './storage';

/** A session ends after this long without tracked activity (SPEC §3: sess_ in sessionStorage). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

export const STORAGE_KEYS = {
  installationId: 'iam_installation_id',
  anonymousId: 'iam_anonymous_id',
  userId: 'iam_user_id',
  sessionId: 'iam_session_id',
  sessionSeenAt: 'iam_session_seen_at',
} as const;

/**
 * The browser-kept identifiers: installation (one per browser profile and origin) and anonymous
 * user in local storage, the session in session storage (one per tab) with a 30-minute idle
 * timeout. Read from storage on every call, so other tabs' changes and a reload are seen.
 */
export class Identity {
  readonly #local: KeyValueStorage;
  readonly #session: KeyValueStorage;

  constructor(local: KeyValueStorage, session: KeyValueStorage) {
    this.#local = local;
    this.#session = session;
  }

  #stored(kind: IdKind, key: string, store: KeyValueStorage): string {
    const current = store.getItem(key);
    if (isId(kind, current)) return current;
    const created = createId(kind);
    store.setItem(key, created);
    return created;
  }

  get installationId(): string {
    return this.#stored('installation', STORAGE_KEYS.installationId, this.#local);
  }

  get anonymousId(): string {
    return this.#stored('anonymousUser', STORAGE_KEYS.anonymousId, this.#local);
  }

  get userId(): string | null {
    return this.#local.getItem(STORAGE_KEYS.userId);
  }

  set userId(value: string | null) {
    if (value) this.#local.setItem(STORAGE_KEYS.userId, value);
    else this.#local.removeItem(STORAGE_KEYS.userId);
  }

  /** The current session id, starting a new one after 30 min without activity. */
  touchSession(now = Date.now()): string {
    const seenAt = Number(this.#session.getItem(STORAGE_KEYS.sessionSeenAt));
    let sessionId = this.#session.getItem(STORAGE_KEYS.sessionId);
    if (!isId('session', sessionId) || !(now - seenAt < SESSION_IDLE_MS)) {
      sessionId = createId('session');
      this.#session.setItem(STORAGE_KEYS.sessionId, sessionId);
    }
    this.#session.setItem(STORAGE_KEYS.sessionSeenAt, String(now));
    return sessionId;
  }

  /** Sign-out: a new anonymous user and session on the same installation. */
  reset(): void {
    this.#local.setItem(STORAGE_KEYS.anonymousId, createId('anonymousUser'));
    this.#local.removeItem(STORAGE_KEYS.userId);
    this.#session.removeItem(STORAGE_KEYS.sessionId);
  }
}
