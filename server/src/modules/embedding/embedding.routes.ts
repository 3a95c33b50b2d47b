import { Router } from 'express';
import type { Connection } from 'mongoose';
import type { Config } from '../../config.js';
import type { ApiRouter } from '../../lib/api-router.js';
import { AppError } from '../../lib/errors.js';
import { z } from '../../lib/openapi.js';
import { requestContext, type RequestContext } from '../../core/request-context.js';
import type { ApplicationDocument, ApplicationsService } from '../applications/index.js';
import { createAuthRateLimits, MfaRequiredSchema, type AuthService } from '../auth/index.js';
import { authOf } from '../../core/auth-context.js';
import {
  AuthenticationOptionsSchema,
  MfaTokenBodySchema,
  type MfaService,
  type PasskeyService,
} from '../mfa/index.js';
import { permissionFlags, type OrganizationsService } from '../organizations/index.js';
import type { TrackingService } from '../telemetry/index.js';
import { toPublicUser } from '../users/index.js';
import { type UserDocument } from '../../core/account.js';
import {
  APPLICATION_HEADER,
  applicationGate,
  gatedApplicationOf,
  originCheck,
  sameApplication,
} from './application-gate.js';
import { EmbeddingErrors } from './embedding.errors.js';
import {
  ApplicationHeaderSchema,
  EmbeddingAcceptedSchema,
  EmbeddingEmailSchema,
  EmbeddingLoginSchema,
  EmbeddingMfaChallengeSchema,
  EmbeddingPermissionsSchema,
  EmbeddingRefreshSchema,
  EmbeddingRegisterResponseSchema,
  EmbeddingRegisterSchema,
  EmbeddingSessionSchema,
  EmbeddingVerifyResponseSchema,
  OriginCheckQuerySchema,
  OriginCheckResponseSchema,
} from './embedding.schemas.js';

export const EMBEDDING_BASE_PATH = '/api/auth';

export interface EmbeddingDependencies {
  auth: AuthService;
  applications: ApplicationsService;
  organizations: OrganizationsService;
  config: Config;
  connection: Connection;
  /** Links the SDK's anonymous_id / installation_id sent with a sign-in or registration. */
  tracking: Pick<TrackingService, 'linkQuietly'>;
  /** The second sign-in step of accounts with two-factor (docs/two-factor.md). */
  mfa: Pick<MfaService, 'challengeFor' | 'completeChallenge' | 'pendingChallenge'>;
  passkeys: Pick<PasskeyService, 'secondFactorOptions'>;
}

function session(result: { access_token: string; refresh_token: string; expires_at: number; user: unknown }) {
  return {
    token: result.access_token,
    refresh_token: result.refresh_token,
    expires_at: result.expires_at,
    user: result.user,
  };
}

/** The one route outside the application gate: any page may ask whether its origin is allowed. */
const ORIGIN_CHECK_PATH = '/origin-check';

const RESET_REQUESTED_MESSAGE =
  'If an account exists for this address, we have sent a link to reset the password. It is valid for one hour.';
const CONFIRMATION_RESENT_MESSAGE =
  'If this address belongs to an unconfirmed account, we have sent a new confirmation link.';

/** Request headers a browser may send to the embedding API (the CORS preflight allows them). */
const ALLOWED_HEADERS = ['content-type', 'authorization', 'x-application-id'];

/**
 * The embedding API (SPEC §7): register, login, refresh, verify and permissions for an
 * application named by the X-Application-ID header, callable from its allowed browser origins.
 * Returns the router to mount at EMBEDDING_BASE_PATH; `api` must be an ApiRouter on that path.
 */
export function createEmbeddingRouter(api: ApiRouter, deps: EmbeddingDependencies): Router {
  const { auth, config } = deps;
  const limits = config.auth.rateLimit;
  // Same limiter names as /api/v1/auth/*, so the counters are shared.
  const { perIp, perAccount } = createAuthRateLimits({ connection: deps.connection, config });
  const tags = ['Embedding API'];
  const platformOrigin = new URL(config.publicUrl).origin;
  /**
   * Passkeys are bound to PUBLIC_URL's host (the RP ID) and origin: a browser refuses them on a
   * partner's site, and the server would refuse an assertion made there. So the embedding API
   * offers them only to pages on the platform's own origin.
   */
  const passkeysUsableFrom = (origin: string | undefined) => origin === platformOrigin;

  /** Starts the application's session; links the SDK's identifiers before answering. */
  async function signedIn(
    application: ApplicationDocument,
    user: UserDocument,
    method: 'password' | 'google',
    context: RequestContext,
    ids: { anonymous_id?: string; installation_id?: string },
  ) {
    const started = await auth.startSession(user, method, context, {
      applicationId: String(application._id),
      organizationId: String(application.organization_id),
    });
    // Before answering, so the SDK that gets the token finds its anonymous user linked.
    await deps.tracking.linkQuietly(application, String(user._id), ids);
    return session(started);
  }
  const header = `Requires the \`${APPLICATION_HEADER}\` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).`;
  const appErrors = {
    400: { description: 'Missing or malformed X-Application-ID, or invalid body' },
    403: { description: 'Origin not allowed for this application' },
    404: { description: 'Application not found or inactive' },
  };

  api.route(
    {
      method: 'post',
      path: '/register',
      summary: 'Register an end user for an application',
      description: `Like POST /api/v1/auth/register; the application is recorded on the account. ${header}`,
      tags,
      headers: ApplicationHeaderSchema,
      body: EmbeddingRegisterSchema,
      responses: {
        201: { description: 'Registered', schema: EmbeddingRegisterResponseSchema },
        ...appErrors,
        429: { description: 'Rate limited' },
      },
    },
    perIp('register-ip'),
    async (req, res) => {
      const application = gatedApplicationOf(res);
      const { anonymous_id, installation_id, ...registration } = req.valid.body;
      const result = await auth.register(
        { ...registration, application_id: String(application._id) },
        requestContext(req),
      );
      res.status(201).json(result);
      // After answering: an address that is already registered gets a made-up user (no
      // enumeration), which does not exist, so nothing is linked — and the timing tells nothing.
      if (anonymous_id || installation_id) {
        if (await auth.getUser(result.user.id).catch(() => null))
          await deps.tracking.linkQuietly(application, result.user.id, { anonymous_id, installation_id });
      }
    },
  );

  api.route(
    {
      method: 'post',
      path: '/login',
      summary: 'Sign an end user in',
      description: `Same checks, lockout and rate limits as POST /api/v1/auth/login. ${header}`,
      tags,
      headers: ApplicationHeaderSchema,
      body: EmbeddingLoginSchema,
      responses: {
        200: {
          description:
            'Signed in; or, for an account with two-factor, `mfa_required` with an mfa_token for POST /api/auth/mfa/challenge (no session yet)',
          schema: z.union([EmbeddingSessionSchema, MfaRequiredSchema]),
        },
        ...appErrors,
        401: { description: 'Invalid e-mail or password' },
        429: { description: 'Rate limited or account locked; see Retry-After' },
      },
    },
    perIp('login-ip'),
    perAccount('login-account'),
    async (req, res) => {
      const context = requestContext(req);
      const application = gatedApplicationOf(res);
      const { email, password, anonymous_id, installation_id } = req.valid.body;
      const user = await auth.verifyCredentials(email, password, context);
      // An account with two-factor gets the second step, bound to this application, not a session.
      const challenge = await deps.mfa.challengeFor(user, context, {
        applicationId: String(application._id),
      });
      if (challenge) {
        const methods = passkeysUsableFrom(req.get('origin'))
          ? challenge.methods
          : challenge.methods.filter((method) => method !== 'webauthn');
        if (methods.length === 0) throw new AppError(EmbeddingErrors.SECOND_FACTOR_UNAVAILABLE);
        res.json({ ...challenge, methods });
        return;
      }
      res.json(await signedIn(application, user, 'password', context, { anonymous_id, installation_id }));
    },
  );

  api.route(
    {
      method: 'post',
      path: '/mfa/challenge',
      summary: 'Second sign-in step: a code, a recovery code or a passkey',
      description: `Completes a POST /login that answered \`mfa_required\`: the same body and checks as POST /api/v1/auth/mfa/challenge (token valid 5 minutes, once, for 5 wrong codes at most; wrong codes count towards the sign-in lockout), answered with the embedding session. The mfa_token is bound to the application whose login issued it: another application's (or the dashboard's) answers 401 invalid_mfa_token. ${header}`,
      tags,
      headers: ApplicationHeaderSchema,
      body: EmbeddingMfaChallengeSchema,
      responses: {
        200: { description: 'Signed in', schema: EmbeddingSessionSchema },
        ...appErrors,
        401: { description: 'mfa_token unknown, expired, used, spent or of another application' },
        429: { description: 'Rate limited or account locked; see Retry-After' },
      },
    },
    // Same limiter name as /api/v1/auth/mfa/challenge: one budget per address for both.
    perIp('mfa-challenge-ip'),
    async (req, res) => {
      const context = requestContext(req);
      const application = gatedApplicationOf(res);
      const { anonymous_id, installation_id, ...step } = req.valid.body;
      const { user, firstFactor } = await deps.mfa.completeChallenge(step, context, {
        applicationId: String(application._id),
      });
      res.json(await signedIn(application, user, firstFactor, context, { anonymous_id, installation_id }));
    },
  );

  api.route(
    {
      method: 'post',
      path: '/mfa/webauthn/options',
      summary: 'Second sign-in step with a passkey: the options',
      description: `Like POST /api/v1/auth/mfa/webauthn/options, for an mfa_token of this application's POST /login whose methods include 'webauthn' (offered only to pages on the platform's own origin, where the browser may use the passkey's RP ID). Answer with POST /api/auth/mfa/challenge {mfa_token, webauthn_response}. ${header}`,
      tags,
      headers: ApplicationHeaderSchema,
      body: MfaTokenBodySchema,
      responses: {
        200: { description: 'Authentication options', schema: AuthenticationOptionsSchema },
        ...appErrors,
        401: { description: 'mfa_token unknown, expired, used, spent or of another application' },
        403: {
          description: 'Origin not allowed, or passkeys not usable from it (second_factor_unavailable)',
        },
        404: { description: 'The account has no passkey (passkey_not_found)' },
        429: { description: 'Rate limited' },
      },
    },
    perIp('mfa-challenge-ip'),
    async (req, res) => {
      if (!passkeysUsableFrom(req.get('origin')))
        throw new AppError(EmbeddingErrors.SECOND_FACTOR_UNAVAILABLE);
      const pending = await deps.mfa.pendingChallenge(req.valid.body.mfa_token, {
        applicationId: String(gatedApplicationOf(res)._id),
      });
      res.json(await deps.passkeys.secondFactorOptions(pending.userId, pending.challengeId));
    },
  );

  api.route(
    {
      method: 'post',
      path: '/refresh',
      summary: 'Trade a refresh token for a new session',
      description: `Refresh tokens rotate on every use (reuse ends the session). ${header}`,
      tags,
      headers: ApplicationHeaderSchema,
      body: EmbeddingRefreshSchema,
      responses: {
        200: { description: 'New tokens', schema: EmbeddingSessionSchema },
        ...appErrors,
        401: { description: 'Invalid refresh token' },
      },
    },
    perIp('refresh-ip', limits.perIp * 10),
    async (req, res) => {
      const applicationId = String(gatedApplicationOf(res)._id);
      res.json(session(await auth.refresh(req.valid.body.refresh_token, applicationId, requestContext(req))));
    },
  );

  api.route(
    {
      method: 'post',
      path: '/verify',
      summary: 'Verify an end user’s access token',
      description: `Takes only access tokens from this application's embedding login (their audience is the application id); dashboard tokens and other applications' tokens get 401 token_audience_mismatch, API tokens 403. ${header}`,
      tags,
      headers: ApplicationHeaderSchema,
      authenticated: true,
      applicationSessions: 'only',
      responses: { 200: { description: 'Valid', schema: EmbeddingVerifyResponseSchema }, ...appErrors },
    },
    sameApplication,
    (req, res) => {
      res.json({
        user: toPublicUser(authOf(req).user),
        application_id: String(gatedApplicationOf(res)._id),
      });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/permissions',
      summary: 'The caller’s role and permissions for the application',
      description: `From the caller's active membership in the organization that owns the application; 404 no_membership without one, as for any other tenant's resource. ${header}`,
      tags,
      headers: ApplicationHeaderSchema,
      authenticated: true,
      applicationSessions: 'only',
      responses: {
        200: { description: 'Role and flags', schema: EmbeddingPermissionsSchema },
        ...appErrors,
        403: { description: 'Origin not allowed' },
        404: {
          description:
            'Unknown application, or the caller is not a member of its organization (no_membership)',
        },
      },
    },
    sameApplication,
    async (req, res) => {
      const application = gatedApplicationOf(res);
      const { role } = await deps.organizations.authorize(
        authOf(req).userId,
        String(application.organization_id),
        'application:read',
        EmbeddingErrors.NO_MEMBERSHIP,
      );
      res.json({ application_id: String(application._id), role, permissions: permissionFlags(role) });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/password-reset',
      summary: 'Send a password-reset link',
      description: `Like POST /api/v1/password-reset with action generate: always answers 200 the same way; the mail (the application's copy of the password_reset template) goes out only if the account exists. ${header}`,
      tags,
      headers: ApplicationHeaderSchema,
      body: EmbeddingEmailSchema,
      responses: {
        200: { description: 'Accepted', schema: EmbeddingAcceptedSchema },
        ...appErrors,
        429: { description: 'Rate limited' },
      },
    },
    perIp('reset-ip'),
    perAccount('reset-account'),
    (req, res) => {
      auth.requestPasswordReset(req.valid.body.email, requestContext(req));
      res.json({ success: true, message: RESET_REQUESTED_MESSAGE });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/resend-confirmation',
      summary: 'Send the confirmation mail again',
      description: `Like POST /api/v1/auth/resend-confirmation: always answers the same way. ${header}`,
      tags,
      headers: ApplicationHeaderSchema,
      body: EmbeddingEmailSchema,
      responses: {
        200: { description: 'Accepted', schema: EmbeddingAcceptedSchema },
        ...appErrors,
        429: { description: 'Rate limited' },
      },
    },
    perIp('resend-ip'),
    perAccount('resend-account'),
    (req, res) => {
      auth.resendConfirmation(req.valid.body.email, requestContext(req));
      res.json({ success: true, message: CONFIRMATION_RESENT_MESSAGE });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/logout',
      summary: 'Sign out: end the session of this access token',
      description: `Its refresh token stops working at once. ${header}`,
      tags,
      headers: ApplicationHeaderSchema,
      authenticated: true,
      applicationSessions: 'only',
      responses: { 200: { description: 'Signed out', schema: EmbeddingAcceptedSchema }, ...appErrors },
    },
    sameApplication,
    async (req, res) => {
      const caller = authOf(req);
      if (caller.sessionId) await auth.logout(caller.userId, caller.sessionId, requestContext(req));
      res.json({ success: true, message: 'Signed out.' });
    },
  );

  api.route(
    {
      method: 'get',
      path: ORIGIN_CHECK_PATH,
      summary: 'May the calling page’s origin use this application?',
      description:
        'A refused CORS preflight reaches a page only as a network error. This simple request (no custom headers, readable from any origin) tells the page instead: 200 when its Origin may call the application, 403 origin_not_allowed naming the origin to add otherwise, 404 for an unknown or inactive application.',
      tags,
      query: OriginCheckQuerySchema,
      responses: {
        200: { description: 'The origin may call', schema: OriginCheckResponseSchema },
        400: { description: 'application_id missing or malformed' },
        403: { description: 'Origin not allowed (origin_not_allowed)' },
        404: { description: 'Application not found or inactive' },
        429: { description: 'Rate limited' },
      },
    },
    perIp('origin-check-ip', limits.perIp * 10),
    originCheck({ applications: deps.applications, publicUrl: config.publicUrl }),
  );

  const gate = applicationGate({
    applications: deps.applications,
    publicUrl: config.publicUrl,
    allowedHeaders: ALLOWED_HEADERS,
  });
  const router = Router();
  router.use(
    (req, res, next) =>
      req.method === 'GET' && req.path === ORIGIN_CHECK_PATH ? next() : gate(req, res, next),
    api.router,
  );
  return router;
}
