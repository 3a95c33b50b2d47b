/**
 * Cross-process invalidation for in-process caches of credentials (sessions, API tokens).
 *
 * MongoDB stays the source of truth: a credential is revoked by its own update first. Then the
 * revoking process drops the credential from its caches at once and appends a small record to
 * `auth_revocations`; every process polls that collection (an indexed range read, usually empty)
 * every POLL_INTERVAL_MS and drops what it names. No change streams (a standalone `mongod` and the
 * embedded server have none).
 *
 * The bound is kept honest by `isFresh()`: a cache may answer only while the last completed poll
 * *started* less than FRESH_MS ago. A revocation acknowledged at time r is in every poll that starts
 * after r, so from r + FRESH_MS on no process answers from a cache that has not seen it — also when
 * polls fail or the event loop stalls (caches are then bypassed and every check reads the database).
 * Clock skew between hosts adds to the bound (revocation records carry the writer's clock); polls
 * reach back OVERLAP_MS to tolerate it.
 */
import mongoose, { Schema, type Connection, type Types } from 'mongoose';
import { modelOn } from './mongoose-plugins.js';

/**
 * What a revocation names: one session, every session of a user, one API token, every token of a
 * user, or an organization's custom roles (changed: their cached permissions are dropped).
 */
export type RevocationKind =
  | 'session'
  | 'user_sessions'
  | 'api_token'
  | 'user_api_tokens'
  | 'organization_roles'
  // A project's application roles changed (app-roles module): their cached grants are dropped.
  | 'project_roles'
  // A project's or organization's policies changed (policies module): their compiled sets are dropped.
  | 'policies'
  // Cached documents (lib/cache-invalidation.ts), keyed by id ('*': every one of the kind): an
  // account (by user id), a user's memberships (by user id), an organization, a project, an
  // application, a user's second factors (by user id). Published by every write to their
  // collections (the schema plugin `invalidatesCaches`).
  | 'user'
  | 'membership'
  | 'organization'
  | 'project'
  | 'application'
  | 'second_factor'
  // An OpenID token (modules/oidc/oidc.token-cache.ts): `{pool}:{model}:{id}` for one token,
  // `grant:{pool}:{grantId}` for every token of a grant.
  | 'oidc_token';

export type RevocationListener = (kind: RevocationKind, key: string) => void;

export const POLL_INTERVAL_MS = 200;
/** A cache answers only while the last completed poll started within this (docs/performance.md). */
export const FRESH_MS = 750;
/** How far back each poll reaches before the previous poll's start (clock skew, slow inserts). */
const OVERLAP_MS = 5_000;
/** Revocation records are deleted after this (TTL); caches never hold entries this long. */
const RECORD_TTL_S = 600;

interface RevocationDocument {
  _id: Types.ObjectId;
  kind: RevocationKind;
  key: string;
  created_at: Date;
}

const revocationSchema = new Schema<RevocationDocument>(
  {
    kind: { type: String, required: true },
    key: { type: String, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'auth_revocations', versionKey: false },
);
revocationSchema.index({ created_at: 1 }, { expireAfterSeconds: RECORD_TTL_S });

export interface RevocationFeed {
  /** Drops `key` from this process's caches now, then tells the other processes. */
  publish(kind: RevocationKind, key: string): Promise<void>;
  /**
   * Drops `key` from this process's caches only: for a write under way (its publish follows),
   * and for changes other processes may see late (docs/performance.md lists them).
   */
  dropLocally(kind: RevocationKind, key: string): void;
  subscribe(listener: RevocationListener): void;
  /** Whether caches may answer now (see the module comment); starts the polling on first use. */
  isFresh(): boolean;
  /**
   * Counts every invalidation applied. A cache fill whose database read started before a change
   * of this number is not stored: the read may predate the revocation it would then outlive.
   */
  readonly generation: number;
}

const feeds = new WeakMap<Connection, RevocationFeed>();

/** The one feed of a database connection (every service of the process shares it). */
export function revocationFeedFor(connection: Connection): RevocationFeed {
  let feed = feeds.get(connection);
  if (!feed) {
    feed = createRevocationFeed(connection);
    feeds.set(connection, feed);
  }
  return feed;
}

function createRevocationFeed(connection: Connection): RevocationFeed {
  const Revocations = modelOn(connection, 'Revocation', revocationSchema);
  const listeners: RevocationListener[] = [];
  /** Records already applied, by id → created_at, so the overlapping polls apply each once. */
  const seen = new Map<string, number>();
  let generation = 0;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** Start time of the last poll that completed, and where the next one reads from. */
  let freshSince = -Infinity;
  let readFrom = Date.now() - OVERLAP_MS;

  function apply(kind: RevocationKind, key: string): void {
    generation += 1;
    for (const listener of listeners) listener(kind, key);
  }

  async function poll(): Promise<void> {
    const startedAt = Date.now();
    const records = await Revocations.find(
      { created_at: mongoose.trusted({ $gte: new Date(readFrom - OVERLAP_MS) }) },
      { kind: 1, key: 1, created_at: 1 },
    ).lean<RevocationDocument[]>();
    for (const record of records) {
      const id = String(record._id);
      if (seen.has(id)) continue;
      seen.set(id, record.created_at.getTime());
      apply(record.kind, record.key);
    }
    readFrom = startedAt;
    for (const [id, at] of seen) if (at < readFrom - 2 * OVERLAP_MS) seen.delete(id);
    freshSince = startedAt;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      poll().then(schedule, () => {
        // Unreachable database: caches go stale (isFresh false) and are bypassed until a poll works.
        schedule();
      });
    }, POLL_INTERVAL_MS);
    timer.unref();
  }

  function start(): void {
    if (started) return;
    started = true;
    connection.once('close', () => {
      stopped = true;
      clearTimeout(timer);
    });
    poll().then(schedule, schedule);
  }

  return {
    async publish(kind, key) {
      apply(kind, key);
      const record = await Revocations.create({ kind, key, created_at: new Date() });
      seen.set(String(record._id), record.created_at.getTime());
    },
    dropLocally(kind, key) {
      apply(kind, key);
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    isFresh() {
      start();
      return Date.now() - freshSince < FRESH_MS;
    },
    get generation() {
      return generation;
    },
  };
}

/**
 * A bounded map for cached credentials: entries expire after `ttlMs`, the oldest go first when
 * `maxEntries` is reached.
 */
export class CredentialCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, now: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, until: now + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops every entry whose value matches (rare events: a user's sessions or tokens all end). */
  deleteWhere(matches: (value: T) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }
}
