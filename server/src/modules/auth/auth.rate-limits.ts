import type { Request, RequestHandler } from 'express';
import type { Connection } from 'mongoose';
import type { Config } from '../../config.js';
import { accountKey } from '../../core/pools.js';
import { clientIpKey, createRateLimiter, leaseOf } from '../../lib/rate-limit/index.js';
import { normalizeEmail } from '../users/index.js';

export interface AuthRateLimits {
  /**
   * Per client address (`req.ip`, so behind TRUST_PROXY the forwarded one): IPv4 by address, IPv6 by
   * /56 (IPv4-mapped IPv6 as its IPv4 address), so rotating through one subnet does not reset the
   * budget. `limit` defaults to RATE_LIMIT_PER_IP. `leased`: counted in leases of 1 % of the limit
   * (lib/rate-limit `leaseOf`) — for limits against floods, not against guessing.
   */
  perIp(name: string, limit?: number, options?: { leased?: boolean }): RequestHandler;
  /**
   * Per account: the e-mail address in the request body within the request's user pool (requests
   * without one are not counted). An address in two pools is two accounts (core/pools.ts): failures
   * at one application's pool do not rate-limit the same address at another pool or the dashboard.
   */
  perAccount(name: string): RequestHandler;
}

/**
 * The limiters of every route that takes credentials. The product API and the embedding API
 * use the same names, so their counters are shared: two doors to one account (the applications of
 * one project, the sign-in and e-mail-code routes) do not double an attacker's budget.
 */
export function createAuthRateLimits(deps: { connection: Connection; config: Config }): AuthRateLimits {
  const limits = deps.config.auth.rateLimit;
  return {
    perIp: (name, limit = limits.perIp, options = {}) =>
      createRateLimiter({
        connection: deps.connection,
        name,
        windowS: limits.windowS,
        limit,
        key: clientIpKey,
        ...(options.leased ? { leaseHits: leaseOf(limit) } : {}),
      }),
    perAccount: (name) =>
      createRateLimiter({
        connection: deps.connection,
        name,
        windowS: limits.windowS,
        limit: limits.perAccount,
        key: (req: Request) => {
          const email = (req.body as { email?: unknown } | undefined)?.email;
          return typeof email === 'string' ? accountKey(req.pool, normalizeEmail(email)) : undefined;
        },
      }),
  };
}

/** The OpenAPI answer of a route behind these limiters, for its `responses`. */
export const RATE_LIMITED_RESPONSE = { 429: { description: 'Rate limited' } } as const;
