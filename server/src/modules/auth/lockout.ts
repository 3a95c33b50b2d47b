import { ipKeyGenerator, type Options } from 'express-rate-limit';
import type { Connection } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { MongoRateLimitStore } from '../../lib/rate-limit/index.js';
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
  /** A correct password: the failures of this address from this network start again from zero. */
  recordSuccess(email: string, ip: string | null): Promise<void>;
  /** The owner proved the mailbox (password reset): lift the address-wide lock and this network's. */
  lift(email: string, ip: string | null): Promise<void>;
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

    async recordSuccess(email, ip) {
      await pairFailures.resetKey(pairKey(email, ip));
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
