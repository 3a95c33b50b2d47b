import type { KeyValueStorage } from './storage';

export type Endpoint = 'installations' | 'activity' | 'analytics' | 'identify';

export interface SessionInfo {
  session_id: string;
  installation_id: string;
}

/** One request waiting to be sent; analytics entries are single events, merged into batches. */
export interface QueueEntry {
  id: string;
  path: Endpoint;
  body: Record<string, unknown>;
  /** Analytics only: the batch's session_info. */
  session?: SessionInfo;
  /** Identify only: the bearer token to send. */
  token?: string;
  /** Failed attempts that count towards giving up (5xx answers). */
  attempts?: number;
  /** In flight until this time (ms); another tab or a later flush leaves it alone until then. */
  leaseUntil?: number;
}

export interface Batch {
  path: Endpoint;
  body: Record<string, unknown>;
  token?: string;
  entries: QueueEntry[];
}

/** The server takes at most 500 events and 1 MB per analytics request. */
export const MAX_BATCH_EVENTS = 500;
export const MAX_BATCH_BYTES = 900_000;
/** After this many 5xx answers a request is dropped: it is probably what breaks the server. */
export const MAX_ATTEMPTS = 10;
const LEASE_MS = 20_000;

/**
 * The persisted request queue: every read and write goes through storage, so a reload (or another
 * tab) finds what was not sent, and tabs sharing it do not send the same entry twice at once.
 * Bounded: beyond `maxSize` the oldest entries are dropped.
 */
export class RequestQueue {
  readonly #storage: KeyValueStorage;
  readonly #key: string;
  readonly #maxSize: number;

  constructor(storage: KeyValueStorage, key: string, maxSize: number) {
    this.#storage = storage;
    this.#key = key;
    this.#maxSize = maxSize;
  }

  #read(): QueueEntry[] {
    try {
      const entries: unknown = JSON.parse(this.#storage.getItem(this.#key) ?? '[]');
      return Array.isArray(entries) ? entries.filter((entry) => entry && entry.id && entry.path) : [];
    } catch {
      return [];
    }
  }

  #write(entries: QueueEntry[]): void {
    if (entries.length) this.#storage.setItem(this.#key, JSON.stringify(entries));
    else this.#storage.removeItem(this.#key);
  }

  /** Appends; says how many of the oldest entries had to be dropped to stay within bounds. */
  add(entry: QueueEntry): { size: number; dropped: number } {
    const entries = this.#read();
    entries.push(entry);
    const dropped = Math.max(0, entries.length - this.#maxSize);
    this.#write(entries.slice(dropped));
    return { size: entries.length - dropped, dropped };
  }

  /**
   * The next request to send, leased so nobody else sends it meanwhile: the oldest free entry, and
   * for analytics every free event of the same session with it (≤ 500 events, ≤ maxBytes).
   */
  take(maxBytes = MAX_BATCH_BYTES, now = Date.now()): Batch | null {
    const entries = this.#read();
    const free = entries.filter((entry) => !(entry.leaseUntil! > now));
    const first = free[0];
    if (!first) return null;
    let batch: Batch;
    if (first.path === 'analytics') {
      const session = JSON.stringify(first.session);
      const sameSession = (entry: QueueEntry) =>
        entry.path === 'analytics' && JSON.stringify(entry.session) === session;
      const taken: QueueEntry[] = [];
      let bytes = 100;
      for (const entry of free) {
        if (!sameSession(entry)) continue;
        bytes += JSON.stringify(entry.body).length + 1;
        if (taken.length && (bytes > maxBytes || taken.length >= MAX_BATCH_EVENTS)) break;
        taken.push(entry);
      }
      batch = {
        path: 'analytics',
        body: { events: taken.map((entry) => entry.body), session_info: first.session },
        entries: taken,
      };
    } else {
      batch = { path: first.path, body: first.body, token: first.token, entries: [first] };
    }
    for (const entry of batch.entries) entry.leaseUntil = now + LEASE_MS;
    this.#write(entries);
    return batch;
  }

  remove(ids: Set<string>): void {
    this.#write(this.#read().filter((entry) => !ids.has(entry.id)));
  }

  /** Frees entries after a failed send; with `countAttempt`, drops those that failed too often. Returns how many. */
  release(ids: Set<string>, countAttempt: boolean): number {
    const entries = this.#read();
    let dropped = 0;
    const kept = entries.filter((entry) => {
      if (!ids.has(entry.id)) return true;
      delete entry.leaseUntil;
      if (countAttempt) entry.attempts = (entry.attempts ?? 0) + 1;
      if (entry.attempts! >= MAX_ATTEMPTS) dropped++;
      return !(entry.attempts! >= MAX_ATTEMPTS);
    });
    this.#write(kept);
    return dropped;
  }

  clear(): void {
    this.#storage.removeItem(this.#key);
  }
}
