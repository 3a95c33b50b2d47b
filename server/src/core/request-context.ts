import type { Request } from 'express';

/** Where a request came from, as recorded in the audit trail. */
export interface RequestContext {
  ip: string | null;
  userAgent: string | null;
}

/** Who is calling from where, for audit entries (client IP honours TRUST_PROXY). */
export function requestContext(req: Request): RequestContext {
  return { ip: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 512) ?? null };
}
