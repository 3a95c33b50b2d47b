/**
 * Counting several fixed windows with one database command, and reading them back with the
 * caller's own read (sign-in reads its lockout state and the account in the same command).
 *
 * Same documents as MongoRateLimitStore (`_id` = `<name>:<key>`, `hits`, `reset_at`), so a window
 * counted here and one counted by an express-rate-limit middleware of the same name are one window
 * (the embedding API's sign-in shares the product API's counters).
 *
 * The count is not read back atomically with the increment: a request sees its own hit and any
 * hit counted since. At a limit's edge two concurrent requests can therefore both be refused where
 * one-by-one counting would have let one through — never both admitted beyond the limit.
 */
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import type { Collection } from 'mongoose';
import { AppError } from '../errors.js';
import { isDuplicateKey } from '../mongoose-plugins.js';
import { RateLimitErrors } from './rate-limit.errors.js';

/** One fixed window of one key: `_id` is `<prefix><key>`; MongoDB's TTL monitor removes it after `reset_at`. */
export interface RateLimitDocument {
  _id: string;
  hits: number;
  reset_at: Date;
}

/** Keys longer than this are stored as their SHA-256, so a huge request field cannot make a huge `_id`. */
const MAX_RAW_KEY_LENGTH = 200;

/** The document id of `key` in the windows of `prefix` (e.g. `login-ip:`). */
export function rateLimitDocumentId(prefix: string, key: string): string {
  const raw = String(key);
  const stored =
    raw.length <= MAX_RAW_KEY_LENGTH ? raw : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
  return `${prefix}${stored}`;
}

/** One limit counted together with others (see countWindows). */
export interface CountedWindow {
  /** Document id (rateLimitDocumentId). */
  id: string;
  /** The limiter's name: the 429 names the first one over its limit. */
  name: string;
  limit: number;
  windowMs: number;
  /** The limiter's key (address, account): the `pk` of the RateLimit-Policy header. */
  key?: string;
  /** The window as read back after counting (set by the caller that read it), for the headers. */
  seen?: { hits: number; resetAt: Date };
}

/** A hit in each window, all in one `update` command (one upsert per window, running or new). */
export async function countWindows(
  collection: Collection<RateLimitDocument>,
  windows: readonly CountedWindow[],
  hits = 1,
): Promise<void> {
  if (windows.length === 0) return;
  const now = new Date();
  const operations = windows.map((window) => {
    const running = { $gt: ['$reset_at', now] };
    return {
      updateOne: {
        filter: { _id: window.id },
        // A running window counts on; an expired one (or none) starts over from this hit.
        update: [
          {
            $set: {
              hits: { $cond: [running, { $add: ['$hits', hits] }, hits] },
              reset_at: { $cond: [running, '$reset_at', new Date(now.getTime() + window.windowMs)] },
            },
          },
        ],
        upsert: true,
      },
    };
  });
  try {
    await collection.bulkWrite(operations, { ordered: false });
  } catch (error) {
    // Two first hits of a window at once: one upsert inserts, the other's insert fails on `_id`.
    // The document exists now, so counting the failed ones again updates it.
    const failed = (error as { writeErrors?: Array<{ index: number; code?: number }> }).writeErrors;
    if (!failed?.length || !failed.every((e) => isDuplicateKey(e))) throw error;
    await collection.bulkWrite(
      failed.map((e) => operations[e.index]!),
      { ordered: false },
    );
  }
}

/** The first window over its limit in `counted` (read back after countWindows), or null. */
export function firstOverLimit(
  windows: readonly CountedWindow[],
  counted: ReadonlyMap<string, RateLimitDocument>,
  now = Date.now(),
): { window: CountedWindow; resetAt: Date } | null {
  for (const window of windows) {
    const doc = counted.get(window.id);
    if (doc && doc.reset_at.getTime() > now && doc.hits > window.limit) {
      return { window, resetAt: doc.reset_at };
    }
  }
  return null;
}

/** Takes one hit back from each window (a request refused by another window counts only there). */
export async function takeBack(
  collection: Collection<RateLimitDocument>,
  windows: readonly CountedWindow[],
): Promise<void> {
  if (windows.length === 0) return;
  await collection.updateMany(
    { _id: { $in: windows.map((window) => window.id) }, reset_at: { $gt: new Date() }, hits: { $gt: 0 } },
    { $inc: { hits: -1 } },
  );
}

/** 429 `rate_limited` with `Retry-After` (at least 1 s), as the limiter middlewares answer. */
export function rateLimitedError(resetAt: Date): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return new AppError(RateLimitErrors.RATE_LIMITED, { headers: { 'Retry-After': String(seconds) } });
}

/**
 * The IETF draft-8 `RateLimit` and `RateLimit-Policy` headers of the windows read back (`seen`), one
 * entry per limit — what the limiter middlewares send (express-rate-limit's format and partition key).
 */
export function setRateLimitHeaders(res: Response, windows: readonly CountedWindow[]): void {
  if (res.headersSent) return;
  for (const window of windows) {
    if (!window.seen) continue;
    const reset = Math.max(0, Math.ceil((window.seen.resetAt.getTime() - Date.now()) / 1000));
    const remaining = Math.max(0, window.limit - window.seen.hits);
    const partition = Buffer.from(
      createHash('sha256')
        .update(window.key ?? window.id)
        .digest('hex')
        .slice(0, 12),
    ).toString('base64');
    res.append('RateLimit', `"${window.name}"; r=${remaining}; t=${reset}`);
    res.append(
      'RateLimit-Policy',
      `"${window.name}"; q=${window.limit}; w=${Math.ceil(window.windowMs / 1000)}; pk=:${partition}:`,
    );
  }
}
