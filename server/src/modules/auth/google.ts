import { parse as parseCookies } from 'cookie';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Passport } from 'passport';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import type { Config } from '../../config.js';
import type { UserDocument } from '../../core/account.js';
import { randomToken } from '../../lib/crypto.js';
import { requestContext } from '../../core/request-context.js';
import type { AuthService } from './auth.types.js';

type Callback = (error: Error | null, ok?: string | false, info?: unknown) => void;

/** Holds the browser's half of the OAuth state; only our callback path ever receives it. */
export const GOOGLE_STATE_COOKIE = 'iam_google_state';
const CALLBACK_PATH = '/api/v1/auth/google';

/** A Google OAuth client: the server's own (GOOGLE_CLIENT_ID/SECRET) or a user pool's. */
export interface GoogleClient {
  clientId: string;
  clientSecret: string;
}

export type GoogleEndpoints = Config['auth']['googleEndpoints'];

/** The identity Google vouched for, as the auth service takes it. */
export type GoogleIdentity = Parameters<AuthService['signInWithGoogle']>[0];

/**
 * What passport-oauth2 asks of a state store: `store` at the start (answers the `state` to send
 * to Google), `verify` at the callback (answers the PKCE verifier, or false to refuse).
 */
export interface GoogleStateStore {
  store(
    req: Request,
    verifier: string,
    state: unknown,
    meta: unknown,
    callback: (error: Error | null, handle?: string) => void,
  ): void;
  verify(req: Request, providedState: string, callback: Callback): void;
}

/**
 * passport-oauth2 keeps `state` (and the PKCE verifier) in a server session by default; we have
 * none, so states live in the database as one-time tokens — which also lets the callback land
 * on a different server process than the one that started the sign-in. Each state is bound to
 * the browser that started the flow by a random secret in an HttpOnly cookie: a callback URL
 * that an attacker obtained for their own Google account and slips to a victim (login CSRF)
 * arrives without that secret and is refused.
 */
function databaseStateStore(auth: AuthService, secureCookie: boolean): GoogleStateStore {
  return {
    store(req, verifier, _state, _meta, callback) {
      const browserSecret = randomToken(24);
      // SameSite=Lax: the cookie comes back on Google's top-level redirect to our callback.
      (req.res as Response).cookie(GOOGLE_STATE_COOKIE, browserSecret, {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookie,
        path: CALLBACK_PATH,
        maxAge: 600_000,
      });
      auth.oauthStates.issue(verifier, browserSecret).then(
        (handle) => callback(null, handle),
        (error: Error) => callback(error),
      );
    },
    verify(req, providedState, callback) {
      if (typeof providedState !== 'string' || !providedState) {
        callback(null, false, { message: 'Missing authorization request state.' });
        return;
      }
      const browserSecret = parseCookies(req.get('cookie') ?? '')[GOOGLE_STATE_COOKIE];
      (req.res as Response).clearCookie(GOOGLE_STATE_COOKIE, { path: CALLBACK_PATH });
      auth.oauthStates.consume(providedState, browserSecret).then(
        // A state that carries a binding belongs to a user pool's sign-in, never to this flow.
        (consumed) =>
          consumed && consumed.binding === null
            ? callback(null, consumed.verifier)
            : callback(null, false, { message: 'Invalid authorization request state.' }),
        (error: Error) => callback(error),
      );
    },
  };
}

function identityOf(profile: Profile): GoogleIdentity {
  const json = profile._json as { email?: string; email_verified?: boolean | string; name?: string };
  return {
    googleId: profile.id,
    email: json.email ?? profile.emails?.[0]?.value ?? null,
    emailVerified: json.email_verified === true || json.email_verified === 'true',
    name: json.name ?? profile.displayName ?? null,
  };
}

/**
 * One Google OAuth client as a passport strategy: authorization code flow with PKCE, `state` kept
 * by `store`, and the identity Google vouched for handed to `signIn`. The dashboard builds one for
 * the server's configured client; a user pool's sign-in builds one per request for the pool's own.
 */
export function googleStrategy(options: {
  client: GoogleClient;
  endpoints: GoogleEndpoints;
  callbackURL: string;
  store: GoogleStateStore;
  signIn(req: Request, identity: GoogleIdentity): Promise<UserDocument>;
}): GoogleStrategy {
  return new GoogleStrategy(
    {
      clientID: options.client.clientId,
      clientSecret: options.client.clientSecret,
      callbackURL: options.callbackURL,
      authorizationURL: options.endpoints.authorizationUrl,
      tokenURL: options.endpoints.tokenUrl,
      userProfileURL: options.endpoints.userInfoUrl,
      scope: ['openid', 'email', 'profile'],
      pkce: true,
      state: true,
      store: options.store as never,
      passReqToCallback: true,
    },
    (
      req: Request,
      _accessToken: string,
      _refreshToken: string,
      _params: unknown,
      profile: Profile,
      done: (error: unknown, user?: Express.User) => void,
    ) => {
      options.signIn(req, identityOf(profile)).then((user) => done(null, user), done);
    },
  );
}

const strategyRunner = new Passport();

/**
 * Runs a strategy from `googleStrategy` on one request: at the start it redirects to Google; at the
 * callback it calls `done` with the account, or false (refused state, cancelled), or the error.
 */
export function runGoogleStrategy(
  strategy: GoogleStrategy,
  req: Request,
  res: Response,
  next: NextFunction,
  done?: (error: unknown, user: UserDocument | false) => void,
): void {
  // Passport attaches this request's success/fail/redirect to the strategy object it is given: a
  // fresh object per request (inheriting from the shared strategy), as for a named strategy, so
  // two sign-ins at once never answer each other's response.
  const perRequest = Object.create(strategy) as GoogleStrategy;
  (strategyRunner.authenticate(perRequest, { session: false }, done) as RequestHandler)(req, res, next);
}

export interface GoogleHandlers {
  start: RequestHandler;
  callback: RequestHandler;
}

/** Google sign-in (authorization code + PKCE); null when GOOGLE_CLIENT_ID/SECRET are not set. */
export function createGoogleHandlers(config: Config, auth: AuthService): GoogleHandlers | null {
  const google = config.auth.google;
  if (!google) return null;
  const strategy = googleStrategy({
    client: google,
    endpoints: google,
    callbackURL: `${config.publicUrl}/api/v1/auth/google/callback`,
    store: databaseStateStore(auth, config.publicUrl.startsWith('https:')),
    signIn: (req, identity) => auth.signInWithGoogle(identity, requestContext(req)),
  });

  const redirectToDashboard = (res: Parameters<RequestHandler>[1], query: string) =>
    res.redirect(303, `${config.auth.dashboardUrl}/auth?${query}`);

  return {
    start: (req, res, next) => runGoogleStrategy(strategy, req, res, next),
    callback: (req, res, next) => {
      runGoogleStrategy(strategy, req, res, next, (error, user) => {
        if (error || !user) {
          const code = (error as { code?: string } | null)?.code ?? 'google_failed';
          redirectToDashboard(res, `error=${encodeURIComponent(code)}`);
          return;
        }
        // Tokens never travel in a URL: the dashboard trades this one-time code for a session.
        auth
          .issueExchangeCode(String(user._id))
          .then((code) => redirectToDashboard(res, `code=${encodeURIComponent(code)}`), next);
      });
    },
  };
}
