import { createRateLimiter } from '../../lib/rate-limit/index.js';
import { requestContext } from '../../core/request-context.js';
import { authOf } from '../../core/auth-context.js';
import type { UserDocument } from '../../core/account.js';
import { toPublicUser } from '../users/index.js';
import { MeSchema, UpdateMeBodySchema } from './auth.schemas.js';
import type { AuthRouteKit, TwoFactorSummary } from './route-kit.js';

const NO_TWO_FACTOR: TwoFactorSummary = { methods: [], recovery_codes_left: 0, required_by: [] };

/** The signed-in user's profile: reading it, changing the display name or the password. */
export function registerProfileRoutes({ api, deps, tags }: AuthRouteKit): void {
  const { auth, config } = deps;
  // Checked before any hashing: a stolen access token cannot queue hundreds of password checks.
  const passwordChecksPerUser = createRateLimiter({
    connection: deps.connection,
    name: 'password-check-user',
    windowS: config.auth.rateLimit.windowS,
    limit: config.auth.rateLimit.perAccount,
    key: (req) => ((req.body as { password?: unknown } | undefined)?.password ? req.auth?.userId : undefined),
  });

  const me = async (user: UserDocument) => {
    const [isAdmin, twoFactor] = await Promise.all([
      deps.isAdmin(user),
      deps.twoFactorOf ? deps.twoFactorOf(user) : NO_TWO_FACTOR,
    ]);
    const enabled = twoFactor.methods.length > 0;
    return {
      ...toPublicUser(user),
      is_admin: isAdmin,
      two_factor: { enabled, ...twoFactor },
      // Asked, not enforced: the API keeps working so that nobody is locked out of enrolling.
      mfa_enrollment_required: !enabled && twoFactor.required_by.length > 0,
    };
  };

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/me',
      summary: 'The signed-in user',
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      secondFactorEnrollment: true,
      tokenScope: 'read',
      responses: { 200: { description: 'Profile', schema: MeSchema } },
    },
    async (req, res) => {
      res.json(await me(authOf(req).user));
    },
  );

  api.route(
    {
      method: 'patch',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/me',
      summary: 'Change display name or password',
      description:
        'A new password needs current_password, checked with the same lockout as sign-in and limited per user (429). Other sessions are ended and API tokens revoked; this session stays.',
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      body: UpdateMeBodySchema,
      responses: {
        200: { description: 'Updated profile', schema: MeSchema },
        429: { description: 'Too many password checks, or locked; see Retry-After' },
      },
    },
    passwordChecksPerUser,
    async (req, res) => {
      const caller = authOf(req);
      await auth.updateProfile(caller.userId, caller.sessionId, req.valid.body, requestContext(req));
      const user = await auth.getUser(caller.userId);
      res.json(await me(user!));
    },
  );
}
