import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RouteGuard } from '../../lib/api-router.js';
import { AppError } from '../../lib/errors.js';
import type { UserDocument } from '../users/index.js';
import { AuthErrors } from './auth.errors.js';
import type { AuthService } from './auth.service.js';

/** Who made the request, set by `authenticate` on `req.auth`. */
export interface AuthContext {
  user: UserDocument;
  userId: string;
  /** The session of a JWT; null for API tokens. */
  sessionId: string | null;
  via: 'session' | 'api_token';
  /** API token scopes; null means a full user session. */
  scopes: string[] | null;
  /** API tokens are bound to one application… */
  applicationId: string | null;
  /** …and so to that application's organization; null for sessions. */
  organizationId: string | null;
  tokenId: string | null;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
  }
}

/**
 * Another way to authenticate a bearer credential (API tokens plug in here). Returns null when
 * the credential is not of its kind, so the next authenticator can try.
 */
export type BearerAuthenticator = (credential: string, req: Request) => Promise<AuthContext | null>;

function bearerCredential(req: Request): string {
  const header = req.get('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw new AppError(AuthErrors.MISSING_TOKEN);
  return match[1];
}

export function sessionAuthenticator(auth: AuthService): BearerAuthenticator {
  return async (credential) => {
    const claims = (await auth.keys()).verifyAccessToken(credential);
    // The session is checked on every request, so signing out takes effect at once.
    const session = await auth.sessions.findActive(claims.sid);
    if (!session || String(session.user_id) !== claims.sub) throw new AppError(AuthErrors.SESSION_ENDED);
    const user = await auth.getUser(claims.sub);
    if (!user) throw new AppError(AuthErrors.SESSION_ENDED);
    return {
      user,
      userId: String(user._id),
      sessionId: claims.sid,
      via: 'session',
      scopes: null,
      applicationId: null,
      organizationId: null,
      tokenId: null,
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
        next();
        return;
      }
    }
    throw new AppError(AuthErrors.INVALID_TOKEN);
  };
}

/** `req.auth` for handlers behind `authenticate`. */
export function authOf(req: Request): AuthContext {
  if (!req.auth) throw new AppError(AuthErrors.MISSING_TOKEN);
  return req.auth;
}

/**
 * The guard every authenticated route gets from the router: authenticate, then — for API
 * tokens — require the route's scope (`admin` includes all); routes without a scope are for
 * signed-in sessions only.
 */
export function createRouteGuard(authenticate: RequestHandler): RouteGuard {
  return ({ tokenScope }) => [
    authenticate,
    (req: Request, _res: Response, next: NextFunction) => {
      const caller = authOf(req);
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
