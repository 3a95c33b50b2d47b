import { ipKeyGenerator, type Options } from 'express-rate-limit';
import type { Connection } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { MongoRateLimitStore, type RateLimitDocument } from '../../lib/rate-limit/index.js';
import { AuthErrors } from './auth.errors.js';

/**
 * Password-guessing protection that an anonymous party cannot turn against the owner
 * (docs/security.md, "Lockout").
 *
 * - Failures are counted per address **and client network** (IPv6 by /56): after `threshold`
 *   failures in a row that pair is locked for `minutes`. The owner, signing in from elsewhere,
 *   is not affected.
 * - A ceiling per address across all networks (`accountCeiling` failures within `minutes`)
 *   pauses password checks for the address everywhere — a distributed guess run. The owner gets
 *   a mail with a reset link, which always works and lifts the locks.
 * - Everything is keyed on the normalised address, whether or not an account has it, so a
 *   locked unknown address answers exactly like a locked account (no enumeration).
 *
 * Counters live in the rate-limit collection (fixed windows, shared by every server process).
 */
export interface PasswordLockout {
  /** Throws 429 account_locked (with Retry-After) while the address may not be tried from here. */
  assertOpen(email: string, ip: string | null): Promise<void>;
  /**
   * Counts a failed password. `pairLocked`/`accountLocked` are true for the failure that locked
   * (once per window), so the owner is told once, not for every attempt.
   */
  recordFailure(email: string, ip: string | null): Promise<{ pairLocked: boolean; accountLocked: boolean }>;
  /**
   * A correct password: the failures of this address from this network start again from zero.
   * `knownClean` (from a state read just before) skips the write when there were none.
   */
  recordSuccess(email: string, ip: string | null, knownClean?: boolean): Promise<void>;
  /**
   * The rate-limit documents assertOpen reads, for a caller that reads them together with its own
   * data (sign-in: one command for the lockout, its rate limits and the account).
   */
  stateOf(email: string, ip: string | null): LockoutState;
  /** The owner proved the mailbox (password reset): lift the address-wide lock and this network's. */
  lift(email: string, ip: string | null): Promise<void>;
}

/** The lockout documents of one address and network (see PasswordLockout.stateOf). */
export interface LockoutState {
  /** Document ids to read from the rate-limit collection (running windows only matter). */
  ids: string[];
  /** assertOpen over the documents read (by id; missing or expired ones mean none). */
  assertOpen(read: ReadonlyMap<string, RateLimitDocument>): void;
  /** Whether this address has counted failures from this network (recordSuccess must clear them). */
  hasPairFailures(read: ReadonlyMap<string, RateLimitDocument>): boolean;
}

export function createPasswordLockout(options: {
  connection: Connection;
  threshold: number;
  accountCeiling: number;
  minutes: number;
}): PasswordLockout {
  const windowMs = options.minutes * 60_000;
  const counter = (prefix: string) => {
    const store = new MongoRateLimitStore(options.connection, { prefix });
    store.init({ windowMs } as Options);
    return store;
  };
  const pairFailures = counter('login-failures:');
  const pairLocks = counter('login-lock:');
  const accountFailures = counter('login-failures-account:');
  const accountLocks = counter('login-lock-account:');
  const pairKey = (email: string, ip: string | null) => `${email}|${ip ? ipKeyGenerator(ip) : 'unknown'}`;

  const locked = (resetTime: Date | undefined) =>
    new AppError(AuthErrors.ACCOUNT_LOCKED, {
      headers: {
        'Retry-After': String(Math.max(1, Math.ceil(((resetTime?.getTime() ?? 0) - Date.now()) / 1000))),
      },
    });

  return {
    async assertOpen(email, ip) {
      const [pair, account] = await Promise.all([pairLocks.get(pairKey(email, ip)), accountLocks.get(email)]);
      if (account) throw locked(account.resetTime);
      if (pair) throw locked(pair.resetTime);
    },

    async recordFailure(email, ip) {
      const key = pairKey(email, ip);
      const [pair, account] = await Promise.all([
        pairFailures.increment(key),
        accountFailures.increment(email),
      ]);
      let pairLocked = false;
      let accountLocked = false;
      if (pair.totalHits >= options.threshold) {
        // The lock runs its own full window from now; the failure count starts over after it.
        pairLocked = (await pairLocks.increment(key)).totalHits === 1;
        await pairFailures.resetKey(key);
      }
      if (account.totalHits >= options.accountCeiling) {
        accountLocked = (await accountLocks.increment(email)).totalHits === 1;
        await accountFailures.resetKey(email);
      }
      return { pairLocked, accountLocked };
    },

    async recordSuccess(email, ip, knownClean = false) {
      if (!knownClean) await pairFailures.resetKey(pairKey(email, ip));
    },

    stateOf(email, ip) {
      const key = pairKey(email, ip);
      const [pairLock, accountLock, pairFailed] = [
        pairLocks.id(key),
        accountLocks.id(email),
        pairFailures.id(key),
      ];
      const running = (read: ReadonlyMap<string, RateLimitDocument>, id: string) => {
        const doc = read.get(id);
        return doc && doc.reset_at.getTime() > Date.now() ? doc : undefined;
      };
      return {
        ids: [pairLock, accountLock, pairFailed],
        assertOpen(read) {
          const account = running(read, accountLock);
          if (account) throw locked(account.reset_at);
          const pair = running(read, pairLock);
          if (pair) throw locked(pair.reset_at);
        },
        hasPairFailures: (read) => running(read, pairFailed) !== undefined,
      };
    },

    async lift(email, ip) {
      const key = pairKey(email, ip);
      await Promise.all([
        accountLocks.resetKey(email),
        accountFailures.resetKey(email),
        pairLocks.resetKey(key),
        pairFailures.resetKey(key),
      ]);
    },
  };
}
