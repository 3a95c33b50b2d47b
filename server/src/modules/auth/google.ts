import type { Request, RequestHandler } from 'express';
import { Passport } from 'passport';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import type { Config } from '../../config.js';
import { requestContext } from '../../lib/request-context.js';
import type { AuthService } from './auth.service.js';

type Callback = (error: Error | null, ok?: string | false, info?: unknown) => void;

/**
 * passport-oauth2 keeps `state` (and the PKCE verifier) in a server session by default; we have
 * none, so states live in the database as one-time tokens — which also lets the callback land
 * on a different server process than the one that started the sign-in.
 */
function databaseStateStore(auth: AuthService) {
  return {
    store(
      _req: Request,
      verifier: string,
      _state: unknown,
      _meta: unknown,
      callback: (error: Error | null, handle?: string) => void,
    ) {
      auth.oauthStates.issue(verifier).then(
        (handle) => callback(null, handle),
        (error: Error) => callback(error),
      );
    },
    verify(_req: Request, providedState: string, callback: Callback) {
      if (typeof providedState !== 'string' || !providedState) {
        callback(null, false, { message: 'Missing authorization request state.' });
        return;
      }
      auth.oauthStates.consume(providedState).then(
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
        store: databaseStateStore(auth) as never,
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
