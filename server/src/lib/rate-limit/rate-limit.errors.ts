import type { ErrorDefinition } from '../errors.js';

/**
 * Answered by lib/rate-limit itself (express-rate-limit writes that response, not our handler, and
 * the sign-in's one-command counting throws it). Plain data, listed in error-catalog.ts.
 */
export const RateLimitErrors = {
  RATE_LIMITED: {
    status: 429,
    code: 'rate_limited',
    message: 'Too many requests. Please try again later.',
  },
} as const satisfies Record<string, ErrorDefinition>;
