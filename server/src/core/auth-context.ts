import type { Request } from 'express';
import { AppError, type ErrorDefinition } from '../lib/errors.js';
import type { UserDocument } from './account.js';

/** Who made the request, set by `authenticate` on `req.auth`. */
export interface AuthContext {
  user: UserDocument;
  userId: string;
  /** The session of a JWT; null for API tokens. */
  sessionId: string | null;
  /**
   * When the person last proved who they are in this session (sign-in, or a step-up); null for
   * API tokens and for sessions older than this field (they count as not fresh).
   */
  authTime: Date | null;
  /**
   * `session`: signed in to the dashboard; `application_session`: signed in through an
   * application's embedding API (its tokens carry the application as audience).
   */
  via: 'session' | 'application_session' | 'api_token';
  /** API token scopes; null means a full user session. */
  scopes: string[] | null;
  /** API tokens and application sessions are bound to one application… */
  applicationId: string | null;
  /** …and so to that application's organization; null for dashboard sessions. */
  organizationId: string | null;
  tokenId: string | null;
  /**
   * The user pool of the account (core/pools.ts). Only the platform pool's accounts reach the
   * product API; a project pool's end users reach the embedding API and their own account.
   */
  poolId: string;
  /**
   * The session may only set up a second factor: its pool requires one and the account had none
   * at sign-in. Routes refuse it unless they declare `secondFactorEnrollment`.
   */
  enrollmentOnly: boolean;
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

/** The one error `authOf` raises; the auth module's catalog lists it as AuthErrors.MISSING_TOKEN. */
export const AuthContextErrors = {
  MISSING_TOKEN: {
    status: 401,
    code: 'missing_token',
    message: 'Authorization header with a Bearer token is required.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** `req.auth` for handlers behind `authenticate`. */
export function authOf(req: Request): AuthContext {
  if (!req.auth) throw new AppError(AuthContextErrors.MISSING_TOKEN);
  return req.auth;
}
