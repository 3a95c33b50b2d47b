import type { Request } from 'express';
import { PLATFORM_POOL } from './pools.js';

/** Where a request came from, as recorded in the audit trail, and the user pool it acts in. */
export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
  /**
   * The user pool whose accounts this request signs in, registers or looks up by e-mail
   * (core/pools.ts): the application's project pool behind the embedding gate, else the platform.
   */
  pool: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the embedding application gate: the pool of the application the request is for. */
    pool?: string;
  }
}

/** Who is calling from where, for audit entries (client IP honours TRUST_PROXY). */
export function requestContext(req: Request): RequestContext {
  return {
    ip: req.ip ?? null,
    userAgent: req.get('user-agent')?.slice(0, 512) ?? null,
    pool: req.pool ?? PLATFORM_POOL,
  };
}
