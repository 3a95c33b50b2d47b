import { parse as parseCookies } from 'cookie';
import type { Response } from 'express';
import { AppError, CommonErrors } from '../../lib/errors.js';
import { randomToken } from '../../lib/crypto.js';
import { z } from '../../lib/openapi.js';
import type { PoolSettings } from '../../core/pools.js';
import { requestContext } from '../../core/request-context.js';
import { ApplicationErrors, type ApplicationDocument } from '../applications/index.js';
import {
  AuthErrors,
  googleStrategy,
  RATE_LIMITED_RESPONSE,
  runGoogleStrategy,
  type GoogleClient,
  type GoogleStateStore,
} from '../auth/index.js';
import {
  EXCHANGE_PATH,
  issueGoogleExchangeCode,
  registerGoogleExchange,
} from './embedding.google-exchange.js';
import { PoolGoogleErrors } from './embedding.google.errors.js';
import { TAGS, type EmbeddingKit } from './embedding.kit.js';

/**
 * Google sign-in of a user pool (issue #31), with the pool's own Google client (pool settings'
 * `google`), for the hosted sign-in page on our origin:
 *
 * 1. The page navigates to GET /google/start?client_id=<application>&return_to=<its path>. We check
 *    the application and the pool's methods, bind a one-time `state` (PKCE verifier, application,
 *    return page) to this browser by a secret in an HttpOnly cookie, and redirect to Google with
 *    the pool's client id.
 * 2. Google redirects to GET /google/callback. The state must be this browser's; the code is traded
 *    with the pool's client secret, and the account signed in, linked or created in the pool. The
 *    browser goes back to the return page with `google_code` (single use, 60 s) or `google_error`.
 * 3. The page trades `google_code` at POST /google/exchange (behind the application gate) for what
 *    POST /login answers: a session, or `mfa_required`.
 *
 * The two GET steps are browser navigations, not calls of a partner's page: they sit outside the
 * application gate (createEmbeddingRouter lets POOL_GOOGLE_NAVIGATIONS through) and resolve the
 * application themselves.
 */

/** The paths of the two browser navigations, relative to the embedding API's base path. */
export const POOL_GOOGLE_NAVIGATIONS = ['/google/start', '/google/callback'] as const;
const [START_PATH, CALLBACK_PATH] = POOL_GOOGLE_NAVIGATIONS;

/** Holds the browser's half of a pool sign-in's state; sent only to the callback. */
export const POOL_GOOGLE_STATE_COOKIE = 'iam_pool_google_state';
const STATE_COOKIE_MAX_AGE_MS = 600_000;

const OBJECT_ID = /^[0-9a-f]{24}$/i;
const MAX_RETURN_TO = 2000;
/** Only used to parse and normalize a path; never a real origin. */
const PATH_BASE = 'https://hosted.invalid';
/** What the state carries to the callback (the auth module stores it beside the PKCE verifier). */
interface StateBinding {
  application_id: string;
  project_id: string;
  /** A path of the pool's hosted pages, checked at the start. */
  return_to: string;
}

// Strict: the start must not carry a callback's `code` or `error` (passport would take it for one).
const StartQuerySchema = z.strictObject({
  client_id: z
    .string({ error: 'client_id is required.' })
    .regex(OBJECT_ID, 'client_id must be the id of an application (24 hexadecimal characters).')
    .openapi({ description: 'The application the hosted page signs in for (its id).' }),
  return_to: z.string().max(MAX_RETURN_TO).optional().openapi({
    description:
      "The hosted page to come back to: a path under /p/{project_id}/ of the application's project, with its query (default /p/{project_id}/sign-in).",
    example: '/p/64b7f0c2a1b2c3d4e5f60718/sign-in?client_id=64b7f0c2a1b2c3d4e5f60719',
  }),
});

const CallbackQuerySchema = z.object({
  state: z.string().max(400).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

/**
 * `value` as a path of the project's hosted pages (with its query, without a fragment and without
 * an earlier sign-in's `google_code`/`google_error`), or null when it leads anywhere else.
 */
export function hostedReturnPath(value: string | undefined, projectId: string): string | null {
  if (value === undefined || value === '') return `/p/${projectId}/sign-in`;
  // Only a path of our origin: no scheme, no "//host", no backslash that a browser reads as a slash.
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, PATH_BASE);
  } catch {
    return null;
  }
  // The parsed path is normalized ("..", "%2e%2e"), so a prefix check cannot be walked out of.
  if (url.origin !== PATH_BASE || !url.pathname.startsWith(`/p/${projectId}/`)) return null;
  url.searchParams.delete('google_code');
  url.searchParams.delete('google_error');
  return `${url.pathname}${url.search}`;
}

/** The pool's Google client, or 403 sign_in_method_disabled when its methods lack Google or it has none. */
function poolClient(settings: PoolSettings): GoogleClient {
  if (!settings.methods.includes('google') || !settings.google?.client_id || !settings.google.client_secret)
    throw new AppError(AuthErrors.SIGN_IN_METHOD_DISABLED);
  return { clientId: settings.google.client_id, clientSecret: settings.google.client_secret };
}

function parsed<T>(json: string | null | undefined, valid: (value: Partial<T>) => boolean): T | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<T>;
    return value && typeof value === 'object' && valid(value) ? (value as T) : null;
  } catch {
    return null;
  }
}

const stateBindingOf = (json: string | null) =>
  parsed<StateBinding>(
    json,
    (value) =>
      typeof value.application_id === 'string' &&
      typeof value.project_id === 'string' &&
      typeof value.return_to === 'string',
  );

/** The error code a refused sign-in goes back to the hosted page with. */
function errorCodeOf(error: unknown): string {
  return error instanceof AppError ? error.code : PoolGoogleErrors.GOOGLE_FAILED.code;
}

/** What the three routes share: built once by registerPoolGoogleRoutes. */
interface PoolGoogleFlow {
  kit: EmbeddingKit;
  /** The callback's path on our origin (the state cookie's path, and Google's redirect_uri). */
  cookiePath: string;
  /** The exchange's path on our origin (the exchange code's cookie). */
  exchangePath: string;
  secureCookie: boolean;
  /** Our origin's URL of a hosted path, with one parameter added. */
  hostedUrl(path: string, name: 'google_code' | 'google_error', value: string): string;
  /** The strategy for one pool's client; `store` is this request's half of the state handling. */
  strategyFor(
    client: GoogleClient,
    store: GoogleStateStore,
    application: ApplicationDocument,
  ): ReturnType<typeof googleStrategy>;
}

export function registerPoolGoogleRoutes(kit: EmbeddingKit, basePath: string): void {
  const { auth, config } = kit.deps;
  const cookiePath = `${basePath}${CALLBACK_PATH}`;
  const flow: PoolGoogleFlow = {
    kit,
    cookiePath,
    exchangePath: `${basePath}${EXCHANGE_PATH}`,
    secureCookie: config.publicUrl.startsWith('https:'),
    hostedUrl(path, name, value) {
      const url = new URL(path, PATH_BASE);
      url.searchParams.set(name, value);
      return `${config.publicUrl}${url.pathname}${url.search}`;
    },
    strategyFor: (client, store, application) =>
      googleStrategy({
        client,
        endpoints: config.auth.googleEndpoints,
        callbackURL: `${config.publicUrl}${cookiePath}`,
        store,
        // The request's pool is the application's (set before the strategy runs).
        signIn: (req, identity) =>
          auth.signInWithGoogle(identity, requestContext(req), { applicationId: String(application._id) }),
      }),
  };
  registerStart(flow);
  registerCallback(flow);
  registerGoogleExchange(kit, `${basePath}${EXCHANGE_PATH}`);
}

function registerStart({ kit, cookiePath, secureCookie, strategyFor }: PoolGoogleFlow): void {
  const { api, deps, perIp } = kit;
  const { auth, config } = deps;

  api.route(
    {
      method: 'get',
      path: START_PATH,
      summary: 'Start Google sign-in in an application’s user pool',
      description:
        "A browser navigation from the hosted sign-in page (/p/{project_id}/sign-in), not an API call: no X-Application-ID header, the application comes as `client_id`. Redirects to Google with the pool's own Google client id (pool settings' `google`), an S256 PKCE challenge and a one-time `state` (10 minutes), bound to this browser by an HttpOnly cookie sent only to the callback. Google comes back to GET /api/auth/google/callback (the redirect URI to register with the pool's Google client: PUBLIC_URL + /api/auth/google/callback), which leads to `return_to` with `google_code` (for POST /api/auth/google/exchange) or `google_error`. 404 application_not_found for an unknown or inactive application, 403 sign_in_method_disabled when the pool's methods lack `google` or it has no Google client, 400 validation_failed for a `return_to` outside the project's hosted pages.",
      tags: TAGS,
      query: StartQuerySchema,
      responses: {
        302: { description: 'Redirect to Google' },
        400: { description: 'client_id missing or malformed, or return_to not a hosted page of the project' },
        403: { description: 'sign_in_method_disabled' },
        404: { description: 'Application (application_not_found) or its pool (pool_not_found) not found' },
        ...RATE_LIMITED_RESPONSE,
      },
    },
    perIp('google-start-ip', config.auth.rateLimit.perIp * 10),
    async (req, res, next) => {
      const { client_id, return_to } = req.valid.query;
      const application = await deps.applications.findActive(client_id);
      if (!application) throw new AppError(ApplicationErrors.NOT_FOUND);
      const projectId = String(application.project_id);
      const client = poolClient(await deps.pools.settingsOf(projectId));
      const returnTo = hostedReturnPath(return_to, projectId);
      if (!returnTo)
        throw new AppError(CommonErrors.VALIDATION_FAILED, {
          details: [{ path: 'query.return_to', message: `return_to must be a path under /p/${projectId}/.` }],
        });
      const binding: StateBinding = {
        application_id: String(application._id),
        project_id: projectId,
        return_to: returnTo,
      };
      const store: GoogleStateStore = {
        store(storeReq, verifier, _state, _meta, callback) {
          const browserSecret = randomToken(24);
          // SameSite=Lax: the cookie comes back on Google's top-level redirect to our callback.
          (storeReq.res as Response).cookie(POOL_GOOGLE_STATE_COOKIE, browserSecret, {
            httpOnly: true,
            sameSite: 'lax',
            secure: secureCookie,
            path: cookiePath,
            maxAge: STATE_COOKIE_MAX_AGE_MS,
          });
          auth.oauthStates.issue(verifier, browserSecret, JSON.stringify(binding)).then(
            // The project leads the state, so that even a refused callback finds its hosted page.
            (handle) => callback(null, `${projectId}.${handle}`),
            (error: Error) => callback(error),
          );
        },
        verify: (_req, _state, callback) => callback(null, false),
      };
      runGoogleStrategy(strategyFor(client, store, application), req, res, next);
    },
  );
}

function registerCallback(flow: PoolGoogleFlow): void {
  const { kit, cookiePath, hostedUrl, strategyFor } = flow;
  const { api, deps, perIp } = kit;
  const { auth, config } = deps;

  api.route(
    {
      method: 'get',
      path: CALLBACK_PATH,
      summary: 'Google sign-in callback of a user pool',
      description:
        "Where Google sends the browser back (register PUBLIC_URL + /api/auth/google/callback as a redirect URI of the pool's Google client). The state must be one this browser started (its cookie) within 10 minutes, used once. The code is traded with the pool's client secret; the account is found by its Google id in the pool, or an account of the pool with the address Google verified is linked (an unconfirmed one is taken over by the mailbox owner, as in the dashboard's flow), or a new one is created when the pool's sign-up is open. Then 303 to the hosted page the sign-in started from with `google_code` (single use, 60 seconds, for POST /api/auth/google/exchange by the same application), or with `google_error` (google_failed, google_email_unverified, account_blocked, signup_closed, sign_in_method_disabled, application_not_found, pool_not_found). No token ever travels in the URL.",
      tags: TAGS,
      query: CallbackQuerySchema,
      responses: {
        303: { description: 'Back to the hosted page, with google_code or google_error' },
        400: { description: 'A state that names no pool: nowhere to go back to (google_failed)' },
        ...RATE_LIMITED_RESPONSE,
      },
    },
    perIp('google-callback-ip', config.auth.rateLimit.perIp * 10),
    async (req, res, next) => {
      const { state, code } = req.valid.query;
      const separator = state?.indexOf('.') ?? -1;
      const projectId = state && separator > 0 ? state.slice(0, separator) : '';
      const handle = state && separator > 0 ? state.slice(separator + 1) : '';
      if (!OBJECT_ID.test(projectId) || !handle) throw new AppError(PoolGoogleErrors.GOOGLE_FAILED);

      const browserSecret = parseCookies(req.get('cookie') ?? '')[POOL_GOOGLE_STATE_COOKIE];
      res.clearCookie(POOL_GOOGLE_STATE_COOKIE, { path: cookiePath });
      // Spent whatever follows: a state is good for one callback.
      const consumed = await auth.oauthStates.consume(handle, browserSecret);
      const binding = stateBindingOf(consumed?.binding ?? null);
      if (!consumed || !binding || binding.project_id !== projectId) {
        // Another browser's, forged, expired or used (or the dashboard's): the pool's sign-in page
        // (the project id from the URL only chooses which of our own pages shows the error).
        res.redirect(
          303,
          hostedUrl(`/p/${projectId}/sign-in`, 'google_error', PoolGoogleErrors.GOOGLE_FAILED.code),
        );
        return;
      }
      const back = (name: 'google_code' | 'google_error', value: string) =>
        res.redirect(303, hostedUrl(binding.return_to, name, value));
      // Cancelled at Google (`error=access_denied`), or any other answer without a code.
      if (!code) {
        back('google_error', PoolGoogleErrors.GOOGLE_FAILED.code);
        return;
      }

      let application: ApplicationDocument;
      let client: GoogleClient;
      try {
        const found = await deps.applications.findActive(binding.application_id);
        if (!found || String(found.project_id) !== projectId) throw new AppError(ApplicationErrors.NOT_FOUND);
        application = found;
        // Read again: the pool may have turned Google off, or changed its client, since the start.
        client = poolClient(await deps.pools.settingsOf(projectId));
      } catch (error) {
        back('google_error', errorCodeOf(error));
        return;
      }
      // The account is looked up, linked or created in the application's pool.
      req.pool = projectId;
      const verifier = consumed.verifier;
      const store: GoogleStateStore = {
        store: (_req, _verifier, _state, _meta, callback) => callback(new Error('Not a start.')),
        // Checked above (this browser's, unused, this pool's): the verifier for the token request.
        verify: (_req, _state, callback) => callback(null, verifier),
      };
      runGoogleStrategy(strategyFor(client, store, application), req, res, next, (error, user) => {
        if (error || !user) {
          back('google_error', errorCodeOf(error));
          return;
        }
        if (user.blocked_at) {
          back('google_error', AuthErrors.ACCOUNT_BLOCKED.code);
          return;
        }
        // Tokens never travel in a URL: the hosted page trades this single-use code for a session.
        issueGoogleExchangeCode(
          auth,
          res,
          { userId: String(user._id), applicationId: String(application._id), poolId: projectId },
          { path: flow.exchangePath, secure: flow.secureCookie },
        ).then((exchangeCode) => back('google_code', exchangeCode), next);
      });
    },
  );
}
