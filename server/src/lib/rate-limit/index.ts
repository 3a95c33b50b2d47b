/**
 * Rate limiting that holds across server processes: express-rate-limit with its hit counters in
 * MongoDB. See docs/security.md, "Rate limiting".
 *
 *   router.post('/auth/login',
 *     createRateLimiter({ connection, name: 'login-ip', windowS: 900, limit: 100, key: clientIpKey }),
 *     createRateLimiter({ connection, name: 'login-account', windowS: 900, limit: 20,
 *       key: (req) => (typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : undefined) }),
 *     handler);
 */
import type { Request, RequestHandler } from 'express';
import {
  ipKeyGenerator,
  rateLimit,
  type ClientRateLimitInfo,
  type Options,
  type RateLimitInfo,
  type Store,
} from 'express-rate-limit';
import type { Collection, Connection } from 'mongoose';
import type { Logger } from 'pino';
import { isDuplicateKey } from '../mongoose-plugins.js';
import { rateLimitDocumentId, type RateLimitDocument } from './batch.js';
import { ProcessRateLimitStore } from './process-store.js';

export type { RateLimitDocument };
export {
  countWindows,
  firstOverLimit,
  rateLimitDocumentId,
  rateLimitedError,
  setRateLimitHeaders,
  takeBack,
  type CountedWindow,
} from './batch.js';

export const DEFAULT_RATE_LIMIT_COLLECTION = 'rate_limits';

const MAX_ATTEMPTS = 5;

/** Leases one store keeps (one per active key); the oldest goes first beyond. */
const MAX_LEASES = 10_000;

/**
 * Hits `first` … `first + leaseHits - 1` of a window, taken by this process at once: it hands out `next` …
 * `last` itself (`last` is lower when the lease reached past the limit).
 */
interface Lease {
  first: number;
  next: number;
  last: number;
  resetTime: Date;
}

/** The TTL index is created once per connection and collection, not once per limiter. */
const ttlIndexes = new WeakMap<Connection, Map<string, Promise<unknown>>>();

export function ensureTtlIndex(
  connection: Connection,
  collection: Collection<RateLimitDocument>,
): Promise<unknown> {
  let byName = ttlIndexes.get(connection);
  if (!byName) ttlIndexes.set(connection, (byName = new Map()));
  let created = byName.get(collection.collectionName);
  if (!created) {
    created = collection.createIndex({ reset_at: 1 }, { expireAfterSeconds: 0, name: 'reset_at_ttl' });
    // A failed attempt may be retried by the next limiter that initialises.
    created.catch(() => byName.delete(collection.collectionName));
    byName.set(collection.collectionName, created);
  }
  return created;
}

/**
 * An express-rate-limit `Store` keeping fixed-window counters in one MongoDB collection, so every
 * server process connected to the database counts the same hits. Give each limiter its own
 * instance with its own `prefix` (express-rate-limit refuses a store shared by two limiters).
 */
export class MongoRateLimitStore implements Store {
  /** Counters live in the database, not in this process. */
  readonly localKeys = false;
  /** Prepended to every key, e.g. `login-ip:`; also lets express-rate-limit tell limiters apart. */
  readonly prefix: string;
  private windowMs = 60_000;
  private limit = 1;
  /** Hits taken from the database at a time (see `leaseHits` of createRateLimiter); 1 counts each one there. */
  private readonly leaseHits: number;
  /** This process's leases, by document id (oldest first, for eviction). */
  private readonly leases = new Map<string, Lease>();
  /** Leases being taken, by document id. */
  private readonly renewals = new Map<string, Promise<unknown>>();
  private readonly connection: Connection;
  private readonly collection: Collection<RateLimitDocument>;

  constructor(
    connection: Connection,
    options: { collectionName?: string; prefix?: string; leaseHits?: number } = {},
  ) {
    this.leaseHits = options.leaseHits ?? 1;
    if (!Number.isInteger(this.leaseHits) || this.leaseHits < 1)
      throw new RangeError(`leaseHits must be a positive integer, got ${this.leaseHits}`);
    this.connection = connection;
    this.prefix = options.prefix ?? '';
    this.collection = connection.collection<RateLimitDocument>(
      options.collectionName ?? DEFAULT_RATE_LIMIT_COLLECTION,
    );
  }

  /**
   * Called by express-rate-limit when the limiter is built. The TTL index is created with the
   * first counted hit instead, so building an app needs no database (the OpenAPI export builds
   * one on a connection that is never opened).
   */
  init(options: Options): void {
    this.windowMs = options.windowMs;
    if (typeof options.limit === 'number') this.limit = options.limit;
    else if (this.leaseHits > 1) throw new TypeError('Leased rate limit counting needs a fixed limit');
  }

  /** The document id for a key. */
  id(key: string): string {
    return rateLimitDocumentId(this.prefix, key);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const doc = await this.collection.findOne({ _id: this.id(key), reset_at: { $gt: new Date() } });
    return doc ? { totalHits: doc.hits, resetTime: doc.reset_at } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const _id = this.id(key);
    if (this.leaseHits === 1) {
      const counted = await this.count(_id, 1);
      return { totalHits: counted.hits, resetTime: counted.reset_at };
    }
    for (;;) {
      // Requests that arrive while a lease is being taken wait for it instead of taking one each.
      const renewing = this.renewals.get(_id);
      if (renewing) {
        await renewing.catch(() => undefined);
        continue;
      }
      const lease = this.leases.get(_id);
      if (lease && lease.resetTime.getTime() > Date.now()) {
        if (lease.next <= lease.last) return { totalHits: lease.next++, resetTime: lease.resetTime };
        // Cut short by the limit: refused for the rest of the window without asking the database again.
        if (lease.last < lease.first + this.leaseHits - 1)
          return { totalHits: lease.last + 1, resetTime: lease.resetTime };
      }
      await this.renewLease(_id);
    }
  }

  /**
   * Takes the next `leaseHits` hits of the window for this process. Hits of a lease past the limit are
   * handed out by no process, so the limit holds across processes.
   */
  private async renewLease(_id: string): Promise<void> {
    const taking = this.count(_id, this.leaseHits);
    this.renewals.set(_id, taking);
    try {
      const counted = await taking;
      const first = counted.hits - this.leaseHits + 1;
      this.leases.delete(_id); // re-inserted as the newest entry
      this.leases.set(_id, {
        first,
        next: first,
        last: Math.min(counted.hits, this.limit),
        resetTime: counted.reset_at,
      });
      if (this.leases.size > MAX_LEASES) this.leases.delete(this.leases.keys().next().value!);
    } finally {
      this.renewals.delete(_id);
    }
  }

  /** Adds `hits` to the running window of `_id`, starting one if there is none; the counter after. */
  private async count(_id: string, hits: number): Promise<RateLimitDocument> {
    await ensureTtlIndex(this.connection, this.collection);
    for (let attempt = 1; ; attempt++) {
      const now = new Date();
      // Common case: more hits in the running window.
      const counted = await this.collection.findOneAndUpdate(
        { _id, reset_at: { $gt: now } },
        { $inc: { hits } },
        { returnDocument: 'after' },
      );
      if (counted) return counted;
      // No running window: start one, replacing an expired document the TTL monitor has not removed yet.
      // If another request started the window in between, the upsert's insert fails on `_id`: count again.
      try {
        const started = await this.collection.findOneAndUpdate(
          { _id, reset_at: { $lte: now } },
          { $set: { hits, reset_at: new Date(now.getTime() + this.windowMs) } },
          { upsert: true, returnDocument: 'after' },
        );
        if (started) return started;
      } catch (error) {
        if (!isDuplicateKey(error) || attempt >= MAX_ATTEMPTS) throw error;
      }
      if (attempt >= MAX_ATTEMPTS) throw new Error(`Could not count a hit for rate limit key ${_id}`);
    }
  }

  async decrement(key: string): Promise<void> {
    const _id = this.id(key);
    const lease = this.leases.get(_id);
    if (lease && lease.resetTime.getTime() > Date.now() && lease.next > lease.first) {
      // The hit goes back into the lease it came from (and stays counted in the database).
      lease.next--;
      return;
    }
    await this.collection.updateOne(
      { _id, reset_at: { $gt: new Date() }, hits: { $gt: 0 } },
      { $inc: { hits: -1 } },
    );
  }

  async resetKey(key: string): Promise<void> {
    const _id = this.id(key);
    this.leases.delete(_id);
    await this.collection.deleteOne({ _id });
  }
}

export interface RateLimiterOptions {
  connection: Connection;
  /** Key namespace, e.g. 'login-ip'; also the policy name in the `RateLimit` headers. */
  name: string;
  windowS: number;
  /** Requests allowed per key and window; the next one is answered 429. */
  limit: number;
  /** The client's key; `undefined` (or `null`) means the request is not limited by this limiter. */
  key: (req: Request) => string | undefined;
  /** Default 'Too many requests. Please try again later.' */
  message?: string;
  /** Where express-rate-limit reports misconfiguration and store errors; default the console. */
  logger?: Logger;
  /** Collection of the counters; default 'rate_limits'. */
  collectionName?: string;
  /**
   * Count only requests answered with status ≥ 400 (e.g. failed logins per account); a success
   * takes its hit back. Default false: every request counts.
   */
  skipSuccessfulRequests?: boolean;
  /**
   * Hits this process takes from the shared counter at a time and then hands out without asking the
   * database (see `leaseOf`). The limit still holds across processes; a process may hold up to this
   * many hits it does not use, so others may be refused that much early. Default 1: every hit is
   * counted in the database (for limits against guessing, such as sign-in).
   */
  leaseHits?: number;
  /** 'process': counted in this process's memory (ProcessRateLimitStore), not in the database. */
  counting?: 'database' | 'process';
}

/**
 * A lease of 1 % of `limit`, at most 100 hits: the leased counting of a busy limit (the ingest API,
 * counted on every batch) costs a database round trip per 1 % of the limit instead of per request.
 */
export function leaseOf(limit: number): number {
  return Math.min(100, Math.max(1, Math.floor(limit / 100)));
}

/** A limiter middleware that can also take back the hit it counted for a request. */
export type RateLimiter = RequestHandler & {
  limitName: string;
  message: string;
  takeBack(req: Request): Promise<void>;
};

/** `res.locals` key under which allRateLimits collects the names of the limiters that refused a request. */
const REFUSED_TOGETHER = 'rateLimitsRefused';

export const DEFAULT_RATE_LIMIT_MESSAGE = 'Too many requests. Please try again later.';

/**
 * Key by client IP, honouring the app's `trust proxy`: IPv4 by address, IPv6 by its /56 subnet (what
 * one customer is usually given, so rotating addresses within it does not escape a limit), and an
 * IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as a dual-stack socket reports IPv4 clients) as its IPv4
 * address — express-rate-limit's `ipKeyGenerator`.
 */
export function clientIpKey(req: Request): string | undefined {
  return req.ip ? ipKeyGenerator(req.ip) : undefined;
}

/**
 * A middleware that answers 429 `{ error, code: 'rate_limited' }` with `Retry-After` once a key
 * exceeds `limit` requests in a fixed window of `windowS` seconds (counted in MongoDB, so shared by
 * all server processes), and sets the draft-8 `RateLimit`/`RateLimit-Policy` headers.
 * If the database fails, the request fails too (no silent fail-open).
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { name, windowS, limit } = options;
  if (!/^[\w.-]+$/.test(name)) throw new TypeError(`Rate limiter name must match [\\w.-]+, got '${name}'`);
  if (!(windowS > 0)) throw new RangeError(`windowS must be positive, got ${windowS}`);
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer, got ${limit}`);
  const message = options.message ?? DEFAULT_RATE_LIMIT_MESSAGE;
  const requestPropertyName = `rateLimit:${name}`;

  // The key is computed once per request: `skip` needs it and `keyGenerator` uses it.
  const keys = new WeakMap<Request, string | undefined>();
  const keyOf = (req: Request): string | undefined => {
    if (!keys.has(req)) {
      const value: unknown = options.key(req);
      keys.set(req, value === undefined || value === null ? undefined : String(value));
    }
    return keys.get(req);
  };

  const store =
    options.counting === 'process'
      ? new ProcessRateLimitStore({ prefix: `${name}:` })
      : new MongoRateLimitStore(options.connection, {
          collectionName: options.collectionName,
          prefix: `${name}:`,
          leaseHits: options.leaseHits,
        });
  const logger = options.logger;
  const middleware = rateLimit({
    windowMs: windowS * 1000,
    limit,
    store,
    skip: (req) => keyOf(req) === undefined,
    keyGenerator: (req) => keyOf(req) ?? '',
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: name,
    requestPropertyName,
    // express-rate-limit's own Retry-After can say 0 at a window's edge; a client should always wait.
    retryAfter: (req) => {
      const info = (req as unknown as Record<string, RateLimitInfo | undefined>)[requestPropertyName];
      const ms = info?.resetTime ? info.resetTime.getTime() - Date.now() : windowS * 1000;
      return Math.max(1, Math.ceil(ms / 1000));
    },
    handler: (_req, res) => {
      // Counted together with other limiters, allRateLimits answers once all of them have counted.
      const refusedTogether = res.locals[REFUSED_TOGETHER] as Set<string> | undefined;
      if (refusedTogether) refusedTogether.add(name);
      else res.status(429).json({ error: message, code: 'rate_limited' });
    },
    skipSuccessfulRequests: options.skipSuccessfulRequests ?? false,
    passOnStoreError: false,
    // All checks stay on (each reports at most once). The IP and trust-proxy checks belong to the
    // default keyGenerator and do not run with ours: `trust proxy` is the app's TRUST_PROXY setting,
    // and `clientIpKey` applies the IPv6 subnet.
    validate: { default: true },
    ...(logger && {
      logger: {
        error: (error: unknown, text?: string) => logger.error({ err: error }, text ?? 'rate limiter error'),
        warn: (error: unknown, text?: string) => logger.warn({ err: error }, text ?? 'rate limiter warning'),
      },
    }),
  });
  return Object.assign(middleware, {
    limitName: name,
    message,
    async takeBack(req: Request) {
      const key = keyOf(req);
      if (key !== undefined) await store.decrement(key);
    },
  });
}

/**
 * Several limiters counted at once instead of one after another: one database round trip for all
 * of them, which matters on the ingest routes (per client address and per application on every
 * batch). The request goes on when every limiter lets it pass, and a store error fails it. Refused
 * by any, it is answered 429 with the message of the first limiter (in the order given) that refused
 * it, after the limiters that let it pass have taken their hit back: it counts only against the
 * limits that refused it, so an address over its own limit cannot use up an application's allowance.
 */
export function allRateLimits(...limiters: RateLimiter[]): RequestHandler {
  return async (req, res, next) => {
    const refused = new Set<string>();
    res.locals[REFUSED_TOGETHER] = refused;
    const passed: RateLimiter[] = [];
    let failure: unknown;
    await Promise.all(
      limiters.map((limiter) =>
        limiter(req, res, (error?: unknown) => {
          if (error) failure ??= error;
          else passed.push(limiter);
        }),
      ),
    );
    delete res.locals[REFUSED_TOGETHER];
    if (failure !== undefined) return next(failure);
    const refusing = limiters.find((limiter) => refused.has(limiter.limitName));
    if (!refusing) return next();
    // Best effort: the answer is 429 either way.
    await Promise.allSettled(passed.map((limiter) => limiter.takeBack(req)));
    res.status(429).json({ error: refusing.message, code: 'rate_limited' });
  };
}
