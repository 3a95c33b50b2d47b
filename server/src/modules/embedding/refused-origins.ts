import type { Collection, Connection } from 'mongoose';

/**
 * Origins a browser called an application from and was refused (issue #36, item 4): shown on the
 * application's page in the dashboard with a one-click "allow". Recorded by the origin check the
 * SDK and widget make at start-up and by the application gate's refusals.
 *
 * Bounded on every axis, because any page can send any Origin with a public application id:
 * - per application one document with at most REFUSED_ORIGINS_KEPT origins (the most recently
 *   seen win), each dropped REFUSED_ORIGIN_TTL_MS after it was last seen (a TTL index removes
 *   the whole document once nothing was refused for that long);
 * - per process at most one write per (application, origin) every WRITE_INTERVAL_MS; refusals in
 *   between are counted in memory and written with the next write, so a page refreshing in a
 *   loop costs no write per request. The count may therefore lag by the last minute's refusals,
 *   and two processes writing the same document at once may lose one's increment: it is a hint
 *   for a person, not a ledger;
 * - the in-memory table holds at most MAX_TRACKED keys; beyond, new keys are not recorded.
 */
export const REFUSED_ORIGINS_COLLECTION = 'refused_origins';
export const REFUSED_ORIGINS_KEPT = 20;
export const REFUSED_ORIGIN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const WRITE_INTERVAL_MS = 60_000;
const MAX_TRACKED = 5_000;
/** Longer ones are no real origin (the gate cuts them in its message too). */
const MAX_ORIGIN_LENGTH = 200;

export interface RefusedOrigin {
  origin: string;
  count: number;
  first_seen_at: Date;
  last_seen_at: Date;
}

interface RefusedOriginsDocument {
  /** The application's id. */
  _id: string;
  origins: RefusedOrigin[];
  updated_at: Date;
}

interface Tracked {
  writtenAt: number;
  /** Refusals seen since the last write, not yet counted in the database. */
  pending: number;
}

/** `https://shop.example.com` or `http://127.0.0.1:3499`: what a browser sends, nothing else. */
export function isRecordableOrigin(origin: string): boolean {
  if (origin.length > MAX_ORIGIN_LENGTH || !/^https?:\/\/[^/?#\s]+$/i.test(origin)) return false;
  try {
    return new URL(origin).origin === origin;
  } catch {
    return false;
  }
}

/** Keeps the newest REFUSED_ORIGINS_KEPT entries not older than the TTL, newest first. */
function kept(origins: RefusedOrigin[], now: number): RefusedOrigin[] {
  return origins
    .filter((entry) => now - new Date(entry.last_seen_at).getTime() < REFUSED_ORIGIN_TTL_MS)
    .sort((a, b) => new Date(b.last_seen_at).getTime() - new Date(a.last_seen_at).getTime())
    .slice(0, REFUSED_ORIGINS_KEPT);
}

export interface RefusedOrigins {
  /**
   * Notes one refusal. Never rejects; resolves at once when the refusal is only counted in
   * memory, else when its write has ended (at most one a minute per origin and application), so
   * the next read of the dashboard sees a new origin.
   */
  record(applicationId: string, origin: string): Promise<void>;
  /** The application's refused origins, newest first, without those it allows by now. */
  list(applicationId: string, allowedNow: readonly string[]): Promise<RefusedOrigin[]>;
  /** Resolves once the writes started so far have ended (tests, shutdown). */
  settled(): Promise<void>;
}

export function createRefusedOrigins(connection: Connection, now = () => Date.now()): RefusedOrigins {
  const collection = (): Collection<RefusedOriginsDocument> =>
    connection.collection<RefusedOriginsDocument>(REFUSED_ORIGINS_COLLECTION);
  const tracked = new Map<string, Tracked>();
  /** One write at a time per application in this process (read, change, replace). */
  const writing = new Map<string, Promise<void>>();
  let indexed: Promise<unknown> | undefined;

  async function write(applicationId: string, origin: string, count: number): Promise<void> {
    indexed ??= collection()
      .createIndex(
        { updated_at: 1 },
        { name: 'updated_at_ttl', expireAfterSeconds: REFUSED_ORIGIN_TTL_MS / 1000 },
      )
      .catch(() => (indexed = undefined));
    const at = new Date(now());
    const document = await collection().findOne({ _id: applicationId });
    const origins = document?.origins.filter((entry) => entry.origin !== origin) ?? [];
    const previous = document?.origins.find((entry) => entry.origin === origin);
    origins.push({
      origin,
      count: (previous?.count ?? 0) + count,
      first_seen_at: previous?.first_seen_at ?? at,
      last_seen_at: at,
    });
    await collection().replaceOne(
      { _id: applicationId },
      { origins: kept(origins, at.getTime()), updated_at: at },
      { upsert: true },
    );
  }

  function schedule(applicationId: string, origin: string, count: number): Promise<void> {
    const run = (writing.get(applicationId) ?? Promise.resolve())
      .then(() => write(applicationId, origin, count))
      // A hint for the dashboard: a failed write must not fail or slow the refused request.
      .catch(() => undefined);
    writing.set(applicationId, run);
    void run.finally(() => {
      if (writing.get(applicationId) === run) writing.delete(applicationId);
    });
    return run;
  }

  function forget(at: number): void {
    for (const [key, entry] of tracked) {
      if (at - entry.writtenAt >= WRITE_INTERVAL_MS && entry.pending === 0) tracked.delete(key);
    }
  }

  return {
    async record(applicationId, origin) {
      if (!/^[0-9a-f]{24}$/i.test(applicationId) || !isRecordableOrigin(origin)) return;
      const key = `${applicationId.toLowerCase()} ${origin}`;
      const at = now();
      const entry = tracked.get(key);
      if (entry && at - entry.writtenAt < WRITE_INTERVAL_MS) {
        entry.pending++;
        return;
      }
      if (!entry && tracked.size >= MAX_TRACKED) {
        forget(at);
        if (tracked.size >= MAX_TRACKED) return;
      }
      tracked.set(key, { writtenAt: at, pending: 0 });
      await schedule(applicationId.toLowerCase(), origin, (entry?.pending ?? 0) + 1);
    },

    async list(applicationId, allowedNow) {
      const document = await collection().findOne({ _id: applicationId.toLowerCase() });
      const allowed = new Set(allowedNow);
      return kept(document?.origins ?? [], now())
        .filter((entry) => !allowed.has(entry.origin))
        .map(({ origin, count, first_seen_at, last_seen_at }) => ({
          origin,
          count,
          first_seen_at: new Date(first_seen_at),
          last_seen_at: new Date(last_seen_at),
        }));
    },

    async settled() {
      while (writing.size > 0) await Promise.all([...writing.values()]);
    },
  };
}
