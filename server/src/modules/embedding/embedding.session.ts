import { requestContext, type RequestContext } from '../../core/request-context.js';
import { authOf } from '../../core/auth-context.js';
import { endUserPermissions, isPlatformPool } from '../../core/pools.js';
import { RATE_LIMITED_RESPONSE, type AuthService } from '../auth/index.js';
import { permissionFlags } from '../../core/permissions.js';
import { toPublicUser } from '../users/index.js';
import { gatedApplicationOf, sameApplication } from './application-gate.js';
import { EmbeddingErrors } from './embedding.errors.js';
import { gated, session, type EmbeddingKit } from './embedding.kit.js';
import {
  EmbeddingAcceptedSchema,
  EmbeddingEmailSchema,
  EmbeddingPermissionsSchema,
  EmbeddingRefreshSchema,
  EmbeddingSessionSchema,
  EmbeddingVerifyResponseSchema,
} from './embedding.schemas.js';

/** The routes that take an application's access token (its audience is the application). */
const applicationSession = { authenticated: true, applicationSessions: 'only' } as const;

/**
 * Mails an address asks for without a session. Each answers 200 the same way whether or not an
 * account exists, so the answer tells nobody which addresses are registered.
 */
const ACCOUNT_MAILS: ReadonlyArray<{
  path: string;
  summary: string;
  description: string;
  limiter: string;
  message: string;
  send(auth: AuthService, email: string, context: RequestContext): void;
}> = [
  {
    path: '/password-reset',
    summary: 'Send a password-reset link',
    description:
      "Like POST /api/v1/password-reset with action generate: always answers 200 the same way; the mail (the application's copy of the password_reset template) goes out only if the account exists.",
    limiter: 'reset',
    message:
      'If an account exists for this address, we have sent a link to reset the password. It is valid for one hour.',
    send: (auth, email, context) => auth.requestPasswordReset(email, context),
  },
  {
    path: '/resend-confirmation',
    summary: 'Send the confirmation mail again',
    description: 'Like POST /api/v1/auth/resend-confirmation: always answers the same way.',
    limiter: 'resend',
    message: 'If this address belongs to an unconfirmed account, we have sent a new confirmation link.',
    send: (auth, email, context) => auth.resendConfirmation(email, context),
  },
];

/** Refreshing a session, and what an application may ask about its signed-in user. */
export function registerSessionRoutes(kit: EmbeddingKit): void {
  const { api, deps, perIp } = kit;

  api.route(
    gated({
      method: 'post',
      path: '/refresh',
      summary: 'Trade a refresh token for a new session',
      description: 'Refresh tokens rotate on every use (reuse ends the session).',
      body: EmbeddingRefreshSchema,
      responses: {
        200: { description: 'New tokens', schema: EmbeddingSessionSchema },
        401: { description: 'Invalid refresh token' },
      },
    }),
    perIp('refresh-ip', deps.config.auth.rateLimit.perIp * 10),
    async (req, res) => {
      const applicationId = String(gatedApplicationOf(res)._id);
      res.json(
        session(await deps.auth.refresh(req.valid.body.refresh_token, applicationId, requestContext(req))),
      );
    },
  );

  api.route(
    gated({
      method: 'post',
      path: '/verify',
      summary: 'Verify an end user’s access token',
      description:
        "Takes only access tokens from this application's embedding login (their audience is the application id); dashboard tokens and other applications' tokens get 401 token_audience_mismatch, API tokens 403.",
      ...applicationSession,
      responses: { 200: { description: 'Valid', schema: EmbeddingVerifyResponseSchema } },
    }),
    sameApplication,
    (req, res) => {
      res.json({
        user: toPublicUser(authOf(req).user),
        application_id: String(gatedApplicationOf(res)._id),
      });
    },
  );

  api.route(
    gated({
      method: 'post',
      path: '/permissions',
      summary: 'The caller’s role and permissions for the application',
      description:
        "The application's end users (its project's user pool) get `role: null`, SPEC's flags false, their application roles in `roles` and the permissions these grant in `application_permissions` (names, sorted; as of now, while their access token carries them as of its issue) — never 404. Sessions of this application are always its pool's end users; the organization-role branch answers team accounts' tokens where a route lets them in.",
      ...applicationSession,
      responses: {
        200: { description: 'Role and flags', schema: EmbeddingPermissionsSchema },
        403: { description: 'Origin not allowed' },
        404: {
          description: 'Unknown or inactive application',
        },
      },
    }),
    sameApplication,
    async (req, res) => {
      const application = gatedApplicationOf(res);
      // The application's end users (its pool) have no organization role (docs/user-pools.md).
      if (!isPlatformPool(authOf(req).poolId)) {
        const { poolId, user } = authOf(req);
        res.json(
          endUserPermissions(
            String(application._id),
            await deps.appRoles?.rolesAndPermissionsOf(poolId, user),
          ),
        );
        return;
      }
      const { role, permissions } = await deps.organizations.authorize(
        authOf(req).userId,
        String(application.organization_id),
        'application:read',
        EmbeddingErrors.NO_MEMBERSHIP,
      );
      res.json({
        application_id: String(application._id),
        role,
        roles: [],
        permissions: permissionFlags(permissions),
        application_permissions: [],
      });
    },
  );
}

/** Password reset and confirmation mails (ACCOUNT_MAILS), then signing out. */
export function registerAccountRoutes(kit: EmbeddingKit): void {
  const { api, deps, perIp, perAccount } = kit;

  for (const mail of ACCOUNT_MAILS)
    api.route(
      gated({
        method: 'post',
        path: mail.path,
        summary: mail.summary,
        description: mail.description,
        body: EmbeddingEmailSchema,
        responses: {
          200: { description: 'Accepted', schema: EmbeddingAcceptedSchema },
          ...RATE_LIMITED_RESPONSE,
        },
      }),
      perIp(`${mail.limiter}-ip`),
      perAccount(`${mail.limiter}-account`),
      (req, res) => {
        mail.send(deps.auth, req.valid.body.email, requestContext(req));
        res.json({ success: true, message: mail.message });
      },
    );

  api.route(
    gated({
      method: 'post',
      path: '/logout',
      summary: 'Sign out: end the session of this access token',
      description: 'Its refresh token stops working at once.',
      ...applicationSession,
      responses: { 200: { description: 'Signed out', schema: EmbeddingAcceptedSchema } },
    }),
    sameApplication,
    async (req, res) => {
      const caller = authOf(req);
      if (caller.sessionId) await deps.auth.logout(caller.userId, caller.sessionId, requestContext(req));
      res.json({ success: true, message: 'Signed out.' });
    },
  );
}
