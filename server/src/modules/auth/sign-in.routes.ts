import type { Request, RequestHandler } from 'express';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { AppError } from '../../lib/errors.js';
import {
  clientIpKey,
  rateLimitDocumentId,
  setRateLimitHeaders,
  type CountedWindow,
} from '../../lib/rate-limit/index.js';
import { accountKey } from '../../core/pools.js';
import { normalizeEmail } from '../users/index.js';
import { requestContext } from '../../core/request-context.js';
import type { UserDocument } from '../../core/account.js';
import { AuthErrors } from './auth.errors.js';
import {
  CodeBodySchema,
  LoginBodySchema,
  RefreshBodySchema,
  SessionTokensSchema,
  SignInResponseSchema,
} from './auth.schemas.js';
import type { AuthService, LoginResult } from './auth.types.js';
import type { AuthRouteDependencies, AuthRouteKit } from './route-kit.js';
import { knownWithoutSecondFactor } from './sign-in.js';

export function sessionResponse(result: LoginResult) {
  return {
    success: true as const,
    access_token: result.access_token,
    refresh_token: result.refresh_token,
    token_type: result.token_type,
    expires_in: result.expires_in,
    expires_at: result.expires_at,
    user: result.user,
  };
}

/**
 * The sign-in limits per client address and per account, counted by verifyCredentials in one
 * command with its own read (not as two limiter middlewares with a command each). Same names and
 * documents as the limiters of the embedding API's sign-in, so both doors share the counters.
 */
function loginLimits(req: Request, config: AuthRouteDependencies['config']): CountedWindow[] {
  const { windowS, perIp, perAccount } = config.auth.rateLimit;
  const windows: CountedWindow[] = [];
  const ip = clientIpKey(req);
  if (ip !== undefined)
    windows.push({
      id: rateLimitDocumentId('login-ip:', ip),
      key: ip,
      name: 'login-ip',
      limit: perIp,
      windowMs: windowS * 1000,
    });
  const email = (req.body as { email?: unknown } | undefined)?.email;
  if (typeof email === 'string') {
    const account = accountKey(req.pool, normalizeEmail(email));
    windows.push({
      id: rateLimitDocumentId('login-account:', account),
      key: account,
      name: 'login-account',
      limit: perAccount,
      windowMs: windowS * 1000,
    });
  }
  return windows;
}

/** Login through passport-local; failures surface as our own AppErrors, never as passport's 401 text. */
function passwordLogin(
  auth: AuthService,
  secondFactor: AuthRouteDependencies['secondFactor'],
  config: AuthRouteDependencies['config'],
): RequestHandler {
  const passport = new Passport();
  const limitsOf = new WeakMap<Request, CountedWindow[]>();
  passport.use(
    new LocalStrategy(
      { usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false },
      (req, email, password, done) => {
        auth
          .verifyCredentials(email, password, requestContext(req), limitsOf.get(req))
          .then((user) => done(null, user), done);
      },
    ),
  );
  return (req, res, next) => {
    const limits = loginLimits(req, config);
    limitsOf.set(req, limits);
    passport.authenticate('local', { session: false }, (error: unknown, user: UserDocument | false) => {
      // As the limiter middlewares do: every answer the limits counted carries their headers.
      setRateLimitHeaders(res, limits);
      if (error) return next(error);
      if (!user) return next(new AppError(AuthErrors.INVALID_CREDENTIALS));
      const context = requestContext(req);
      // The sign-in read already saw whether the account has a second factor.
      (secondFactor && !knownWithoutSecondFactor(user) ? secondFactor(user, context) : Promise.resolve(null))
        .then(async (challenge) =>
          res.json(challenge ?? sessionResponse(await auth.startSession(user, 'password', context))),
        )
        .catch(next);
    })(req, res, next);
  };
}

/** Sign-in with a password or a one-time code, and trading a refresh token for new tokens. */
export function registerSignInRoutes({ api, deps, limits, tags }: AuthRouteKit): void {
  const { auth } = deps;
  // The lockout is described in the route's documentation, so it says what this server does.
  const { lockoutThreshold, lockoutMinutes, lockoutAccountCeiling, rateLimit } = deps.config.auth;

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/auth/login',
      summary: 'Sign in with e-mail and password',
      description: `After ${lockoutThreshold} consecutive failures for an address from one network, that address is locked for ${lockoutMinutes} minutes from that network (429 account_locked with Retry-After); after ${lockoutAccountCeiling} failures from all networks, everywhere. Unknown addresses are counted and answered the same way.`,
      tags,
      body: LoginBodySchema,
      responses: {
        200: {
          description:
            'Signed in; or, for an account with two-factor, `mfa_required` with an mfa_token for POST /auth/mfa/challenge (no session yet)',
          schema: SignInResponseSchema,
        },
        403: { description: 'E-mail not confirmed (code email_not_confirmed)' },
        429: { description: 'Rate limited or account locked; see Retry-After' },
      },
    },
    passwordLogin(auth, deps.secondFactor, deps.config),
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/auth/refresh',
      summary: 'Trade a refresh token for a new token pair',
      description:
        'Refresh tokens rotate on every use. Presenting one that was already used ends the whole session (reuse detection).',
      tags,
      body: RefreshBodySchema,
      responses: { 200: { description: 'New tokens', schema: SessionTokensSchema } },
    },
    // Refresh tokens cannot be guessed: this limit guards the database against a flood, so it is
    // counted in leases (one command per 1 % of the limit and address, the limit still exact).
    limits.perIp('refresh-ip', rateLimit.perIp * 10, { leased: true }),
    async (req, res) => {
      res.json(sessionResponse(await auth.refresh(req.valid.body.refresh_token, null, requestContext(req))));
    },
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/auth/exchange',
      summary: 'Trade a one-time sign-in code (from Google sign-in) for a session',
      description:
        'For an account with two-factor, Google is the first factor only: the answer is then `mfa_required` with an mfa_token for POST /auth/mfa/challenge, exactly as after a password (no session yet).',
      tags,
      body: CodeBodySchema,
      responses: {
        200: {
          description: 'Signed in; or, for an account with two-factor, `mfa_required` (no session yet)',
          schema: SignInResponseSchema,
        },
      },
    },
    limits.perIp('exchange-ip'),
    async (req, res) => {
      const context = requestContext(req);
      const user = await auth.redeemExchangeCode(req.valid.body.code);
      const challenge = await deps.secondFactor?.(user, context, { firstFactor: 'google' });
      res.json(challenge ?? sessionResponse(await auth.startSession(user, 'google', context)));
    },
  );
}
