import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RouteGuard } from '../../lib/api-router.js';
import { AppError } from '../../lib/errors.js';
import { authOf, type BearerAuthenticator } from '../../core/auth-context.js';
import { isPlatformPool, PLATFORM_POOL } from '../../core/pools.js';
import { AuthErrors } from './auth.errors.js';
import type { AuthService } from './auth.types.js';

function bearerCredential(req: Request): string {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw new AppError(AuthErrors.MISSING_TOKEN);
  return match[1];
}

/**
 * Access tokens of dashboard and embedding sessions. `isApplicationActive` refuses the sessions
 * of an application that was deleted or whose organization was deactivated since sign-in.
 */
export function sessionAuthenticator(
  auth: AuthService,
  isApplicationActive: (applicationId: string) => Promise<boolean>,
): BearerAuthenticator {
  return async (credential) => {
    const claims = (await auth.keys()).verifyAccessToken(credential);
    // The session is checked on every request, so signing out takes effect at once.
    const session = await auth.sessions.findActive(claims.sid);
    if (!session || String(session.user_id) !== claims.sub) throw new AppError(AuthErrors.SESSION_ENDED);
    const applicationId = session.application_id ? String(session.application_id) : null;
    // The audience was signed at sign-in from the session; a mismatch means a forged pairing.
    if (claims.aud !== (applicationId ?? auth.dashboardAudience))
      throw new AppError(AuthErrors.INVALID_TOKEN);
    if (applicationId && !(await isApplicationActive(applicationId)))
      throw new AppError(AuthErrors.SESSION_ENDED);
    const user = await auth.getUser(claims.sub);
    if (!user) throw new AppError(AuthErrors.SESSION_ENDED);
    // A token names its pool; it opens nothing of another pool's (a forged or confused pairing).
    const poolId = session.pool_id ?? PLATFORM_POOL;
    if ((user.pool_id ?? PLATFORM_POOL) !== poolId || (claims.pool !== undefined && claims.pool !== poolId))
      throw new AppError(AuthErrors.INVALID_TOKEN);
    if (user.blocked_at) throw new AppError(AuthErrors.SESSION_ENDED);
    return {
      user,
      userId: String(user._id),
      sessionId: claims.sid,
      authTime: session.auth_time ?? null,
      via: applicationId ? 'application_session' : 'session',
      scopes: null,
      applicationId,
      organizationId: session.organization_id ? String(session.organization_id) : null,
      tokenId: null,
      poolId,
      enrollmentOnly: session.enrollment_only === true,
    };
  };
}

/** Requires `Authorization: Bearer …` and sets `req.auth`; tries each authenticator in order. */
export function createAuthenticate(authenticators: BearerAuthenticator[]): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const credential = bearerCredential(req);
    for (const authenticate of authenticators) {
      const context = await authenticate(credential, req);
      if (context) {
        req.auth = context;
        // A signed-in caller acts in their own pool (an end user on the hosted account page calls
        // /api/v1/auth/*): re-checking their password looks them up there. The embedding gate
        // has named the application's pool already; a token of another pool fails its checks.
        req.pool ??= context.poolId;
        next();
        return;
      }
    }
    throw new AppError(AuthErrors.INVALID_TOKEN);
  };
}

/**
 * The guard every authenticated route gets from the router: authenticate, then check that the
 * credential may call the route. Application sessions (embedding logins) reach only routes that
 * declare `applicationSessions`; API tokens need the route's scope (`admin` includes all), and
 * routes without a scope are for signed-in sessions only.
 */
export function createRouteGuard(authenticate: RequestHandler): RouteGuard {
  return ({ tokenScope, applicationSessions, secondFactorEnrollment }) => [
    authenticate,
    (req: Request, _res: Response, next: NextFunction) => {
      const caller = authOf(req);
      if (caller.enrollmentOnly && !secondFactorEnrollment)
        throw new AppError(AuthErrors.SECOND_FACTOR_ENROLLMENT_REQUIRED);
      // The product API is the platform pool's: an end user's credential reaches only the routes
      // that take application sessions (the embedding API and the account's own pages).
      if (!isPlatformPool(caller.poolId) && !applicationSessions)
        throw new AppError(AuthErrors.APPLICATION_TOKEN_NOT_ALLOWED);
      if (caller.via === 'application_session') {
        if (!applicationSessions) throw new AppError(AuthErrors.APPLICATION_TOKEN_NOT_ALLOWED);
        return next();
      }
      if (applicationSessions === 'only') {
        if (caller.via === 'api_token') throw new AppError(AuthErrors.TOKEN_NOT_ALLOWED);
        throw new AppError(AuthErrors.TOKEN_AUDIENCE_MISMATCH);
      }
      if (caller.via !== 'api_token') return next();
      if (!tokenScope) throw new AppError(AuthErrors.TOKEN_NOT_ALLOWED);
      if (!caller.scopes?.includes(tokenScope) && !caller.scopes?.includes('admin')) {
        throw new AppError(AuthErrors.INSUFFICIENT_SCOPE, {
          message: `This API token lacks the "${tokenScope}" scope this endpoint needs.`,
        });
      }
      next();
    },
  ];
}
