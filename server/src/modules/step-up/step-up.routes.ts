import type { Connection } from 'mongoose';
import type { Config } from '../../config.js';
import type { ApiRouter } from '../../lib/api-router.js';
import { createRateLimiter } from '../../lib/rate-limit/index.js';
import { authOf } from '../../core/auth-context.js';
import { requestContext } from '../../core/request-context.js';
import { CHECKS_LIMITED_RESPONSE, createSecondFactorChecksLimiter } from '../../core/second-factor.js';
import { AuthenticationOptionsSchema } from '../passkeys/index.js';
import { ReauthenticateBodySchema, ReauthenticatedSchema } from './step-up.schemas.js';
import type { StepUpService } from './step-up.service.js';

export interface StepUpRouteDependencies {
  stepUp: StepUpService;
  config: Config;
  connection: Connection;
}

/**
 * Renewing a dashboard session's proof of identity. Signed-in dashboard sessions only (no
 * tokenScope, no applicationSessions): API tokens and embedding sessions prove no person here.
 */
export function registerStepUpRoutes(api: ApiRouter, deps: StepUpRouteDependencies): void {
  const { stepUp, config } = deps;
  const tags = ['Authentication'];
  // The budgets the other checks of a signed-in person spend (same names, so the same counters):
  // switching to this route buys a stolen session no extra guesses.
  const checksPerUser = createSecondFactorChecksLimiter(deps);
  const passwordChecksPerUser = createRateLimiter({
    connection: deps.connection,
    name: 'password-check-user',
    windowS: config.auth.rateLimit.windowS,
    limit: config.auth.rateLimit.perAccount,
    key: (req) => ((req.body as { password?: unknown } | undefined)?.password ? req.auth?.userId : undefined),
  });

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/reauthenticate',
      summary: 'Confirm who you are again (step-up)',
      description:
        'Takes exactly one of `password`, `code` (a current authenticator code or a recovery code) or `webauthn_response` (an assertion for the options of POST /auth/reauthenticate/passkey-options), checked like at sign-in: wrong ones count towards the sign-in lockout. Renews the session’s auth_time, so for 10 minutes the routes that answer 403 reauthentication_required accept it. A refresh never renews auth_time.',
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      body: ReauthenticateBodySchema,
      responses: {
        200: { description: 'Proof accepted', schema: ReauthenticatedSchema },
        400: {
          description:
            'Invalid body, or a wrong password (wrong_current_password), code (invalid_mfa_code, invalid_recovery_code) or passkey (passkey_not_accepted)',
        },
        429: CHECKS_LIMITED_RESPONSE,
      },
    },
    checksPerUser,
    passwordChecksPerUser,
    async (req, res) => {
      res.json(await stepUp.reauthenticate(authOf(req), req.valid.body, requestContext(req)));
    },
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/reauthenticate/passkey-options',
      summary: 'Confirm who you are with a passkey: the options',
      description:
        "Options for navigator.credentials.get() listing the account's passkeys; the challenge is bound to this session, valid 5 minutes and used once. Answer with POST /auth/reauthenticate {webauthn_response}.",
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      responses: {
        200: { description: 'Authentication options', schema: AuthenticationOptionsSchema },
        404: { description: 'The account has no passkey (passkey_not_found)' },
        429: CHECKS_LIMITED_RESPONSE,
      },
    },
    checksPerUser,
    async (req, res) => {
      res.json(await stepUp.passkeyOptions(authOf(req)));
    },
  );
}
