import { parse as parseCookies } from 'cookie';
import type { Request, RequestHandler, Response } from 'express';
import { Passport } from 'passport';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import type { Config } from '../../config.js';
import { randomToken } from '../../lib/crypto.js';
import { requestContext } from '../../core/request-context.js';
import type { AuthService } from './auth.types.js';

type Callback = (error: Error | null, ok?: string | false, info?: unknown) => void;

/** Holds the browser's half of the OAuth state; only our callback path ever receives it. */
export const GOOGLE_STATE_COOKIE = 'iam_google_state';
const CALLBACK_PATH = '/api/v1/auth/google';

/**
 * passport-oauth2 keeps `state` (and the PKCE verifier) in a server session by default; we have
 * none, so states live in the database as one-time tokens — which also lets the callback land
 * on a different server process than the one that started the sign-in. Each state is bound to
 * the browser that started the flow by a random secret in an HttpOnly cookie: a callback URL
 * that an attacker obtained for their own Google account and slips to a victim (login CSRF)
 * arrives without that secret and is refused.
 */
function databaseStateStore(auth: AuthService, secureCookie: boolean) {
  return {
    store(
      req: Request,
      verifier: string,
      _state: unknown,
      _meta: unknown,
      callback: (error: Error | null, handle?: string) => void,
    ) {
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
    verify(req: Request, providedState: string, callback: Callback) {
      if (typeof providedState !== 'string' || !providedState) {
        callback(null, false, { message: 'Missing authorization request state.' });
        return;
      }
      const browserSecret = parseCookies(req.get('cookie') ?? '')[GOOGLE_STATE_COOKIE];
      (req.res as Response).clearCookie(GOOGLE_STATE_COOKIE, { path: CALLBACK_PATH });
      auth.oauthStates.consume(providedState, browserSecret).then(
        (verifier) =>
          verifier
            ? callback(null, verifier)
            : callback(null, false, { message: 'Invalid authorization request state.' }),
        (error: Error) => callback(error),
      );
    },
  };
}

export interface GoogleHandlers {
  start: RequestHandler;
  callback: RequestHandler;
}

/** Google sign-in (authorization code + PKCE); null when GOOGLE_CLIENT_ID/SECRET are not set. */
export function createGoogleHandlers(config: Config, auth: AuthService): GoogleHandlers | null {
  const google = config.auth.google;
  if (!google) return null;
  const passport = new Passport();
  passport.use(
    new GoogleStrategy(
      {
        clientID: google.clientId,
        clientSecret: google.clientSecret,
        callbackURL: `${config.publicUrl}/api/v1/auth/google/callback`,
        authorizationURL: google.authorizationUrl,
        tokenURL: google.tokenUrl,
        userProfileURL: google.userInfoUrl,
        scope: ['openid', 'email', 'profile'],
        pkce: true,
        state: true,
        store: databaseStateStore(auth, config.publicUrl.startsWith('https:')) as never,
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
        const json = profile._json as { email?: string; email_verified?: boolean | string; name?: string };
        auth
          .signInWithGoogle(
            {
              googleId: profile.id,
              email: json.email ?? profile.emails?.[0]?.value ?? null,
              emailVerified: json.email_verified === true || json.email_verified === 'true',
              name: json.name ?? profile.displayName ?? null,
            },
            requestContext(req),
          )
          .then((user) => done(null, user), done);
      },
    ),
  );

  const redirectToDashboard = (res: Parameters<RequestHandler>[1], query: string) =>
    res.redirect(303, `${config.auth.dashboardUrl}/auth?${query}`);

  return {
    start: passport.authenticate('google', { session: false }) as RequestHandler,
    callback: (req, res, next) => {
      passport.authenticate(
        'google',
        { session: false },
        (error: unknown, user: { _id: unknown } | false) => {
          if (error || !user) {
            const code = (error as { code?: string } | null)?.code ?? 'google_failed';
            redirectToDashboard(res, `error=${encodeURIComponent(code)}`);
            return;
          }
          // Tokens never travel in a URL: the dashboard trades this one-time code for a session.
          auth
            .issueExchangeCode(String(user._id))
            .then((code) => redirectToDashboard(res, `code=${encodeURIComponent(code)}`), next);
        },
      )(req, res, next);
    },
  };
}
