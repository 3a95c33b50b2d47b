/** What a check may say about the resource (POST /api/auth/authorize; every field optional). */
export interface CanResource {
  type?: string;
  id?: string;
  /** The user id of its owner (a policy may allow owners only). */
  owner_id?: string | null;
  organization_id?: string | null;
  project_id?: string | null;
  attributes?: Record<string, string | number | boolean | null | Array<string | number | boolean>>;
}

/** The server's decision (the `AuthorizationDecision` of the API). */
export interface Decision {
  allowed: boolean;
  reason: 'denied_by_policy' | 'granted_by_role' | 'allowed_by_policy' | 'no_matching_policy';
  matched_policies: Array<{
    id: string;
    name: string;
    effect: 'allow' | 'deny';
    scope: 'project' | 'organization';
  }>;
}

export interface Check {
  action: string;
  resource: CanResource;
}

/** Decisions are kept this long (and dropped when the session changes: sign-in, refresh, sign-out). */
export const CAN_CACHE_MS = 30_000;
/** The server takes at most this many checks per request. */
const MAX_BATCH = 100;

/** Same resource, same key: object keys sorted, so `{a, b}` and `{b, a}` are one entry. */
function keyOf(check: Check): string {
  const sorted = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
        )
      : value;
  return JSON.stringify([check.action, sorted(check.resource)]);
}

/**
 * The auth client's `can()`: decisions cached for CAN_CACHE_MS per action and resource, and the
 * checks asked in the same tick sent together as one batch (`{checks: [...]}`, up to 100 per
 * request) — a list that asks `can()` for each of its rows costs one request.
 */
export class PermissionCache {
  readonly #send: (checks: Check[]) => Promise<Decision[]>;
  readonly #now: () => number;
  #entries = new Map<string, { at: number; decision: Promise<Decision> }>();
  #queue: Array<{ check: Check; resolve: (decision: Decision) => void; reject: (error: unknown) => void }> =
    [];

  constructor(send: (checks: Check[]) => Promise<Decision[]>, now: () => number = Date.now) {
    this.#send = send;
    this.#now = now;
  }

  decide(action: string, resource: CanResource = {}): Promise<Decision> {
    const check = { action, resource };
    const key = keyOf(check);
    const now = this.#now();
    const cached = this.#entries.get(key);
    if (cached && now - cached.at < CAN_CACHE_MS) return cached.decision;
    const decision = new Promise<Decision>((resolve, reject) => {
      if (this.#queue.length === 0) queueMicrotask(() => this.#flush());
      this.#queue.push({ check, resolve, reject });
    });
    const entry = { at: now, decision };
    this.#entries.set(key, entry);
    // A failed check is not remembered: the next call asks again.
    decision.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return decision;
  }

  /**
   * Forgets every decision (the session changed). Checks on their way still answer their callers;
   * they went into the old map, so they are not kept either.
   */
  clear(): void {
    this.#entries = new Map();
  }

  #flush(): void {
    const queue = this.#queue;
    this.#queue = [];
    for (let start = 0; start < queue.length; start += MAX_BATCH) {
      const part = queue.slice(start, start + MAX_BATCH);
      this.#send(part.map((entry) => entry.check)).then(
        (decisions) => {
          part.forEach((entry, i) => {
            const decision = decisions[i];
            if (decision) entry.resolve(decision);
            else entry.reject(new Error('The server answered fewer decisions than asked.'));
          });
        },
        (error: unknown) => {
          for (const entry of part) entry.reject(error);
        },
      );
    }
  }
}
