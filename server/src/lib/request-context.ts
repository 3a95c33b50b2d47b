import type { Request } from 'express';
import type { RequestContext } from '../modules/activity/index.js';

/** Who is calling from where, for audit entries (client IP honours TRUST_PROXY). */
export function requestContext(req: Request): RequestContext {
  return { ip: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, 512) ?? null };
}
