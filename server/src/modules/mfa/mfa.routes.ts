import type { Connection } from 'mongoose';
import type { Config } from '../../config.js';
import type { ApiRouter } from '../../lib/api-router.js';
import { requestContext } from '../../core/request-context.js';
import {
  CHECKS_LIMITED_RESPONSE,
  createSecondFactorChecksLimiter,
  proofGatedRoute,
  proofOf,
} from '../../core/second-factor.js';
import {
  createAuthRateLimits,
  secondFactorOfStep,
  SessionTokensSchema,
  sessionResponse,
  type AuthService,
} from '../auth/index.js';
import { authOf } from '../../core/auth-context.js';
import {
  MfaChallengeBodySchema,
  RecoveryCodesSchema,
  TotpConfirmBodySchema,
  TotpEnrolmentSchema,
} from './mfa.schemas.js';
import type { MfaService } from './mfa.types.js';

export interface MfaRouteDependencies {
  mfa: MfaService;
  auth: AuthService;
  config: Config;
  connection: Connection;
}

/**
 * Enrolment and removal are for a person's own sessions: the dashboard's, and an end user's
 * application session on the hosted account page (applicationSessions 'also'); API tokens are
 * refused (no tokenScope). Only with a fresh proof of identity (step-up) or, where the body takes
 * one, that proof.
 */
export function registerMfaRoutes(api: ApiRouter, deps: MfaRouteDependencies): void {
  const { mfa, auth, config } = deps;
  const tags = ['Two-factor authentication'];
  const { perIp } = createAuthRateLimits({ connection: deps.connection, config });
  // Checked before any code or password is looked at, so a stolen session cannot guess fast.
  const checksPerUser = createSecondFactorChecksLimiter(deps);

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/mfa/totp',
      summary: 'Start setting up an authenticator app (TOTP)',
      description:
        'Answers a new secret and its otpauth:// URI (for a QR code). Two-factor sign-in is not on until POST /auth/mfa/totp/confirm; starting again replaces a pending secret. 409 mfa_already_enabled when it is on.',
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      secondFactorEnrollment: true,
      // A stolen access token must not enrol the thief's authenticator (issue 37).
      stepUp: true,
      responses: { 200: { description: 'Pending secret', schema: TotpEnrolmentSchema } },
    },
    async (req, res) => {
      res.json(await mfa.startTotpEnrolment(authOf(req).user, requestContext(req)));
    },
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/mfa/totp/confirm',
      summary: 'Turn two-factor sign-in on with a current code',
      description:
        'Answers 10 single-use recovery codes, shown only in this response (stored hashed). Wrong codes count towards the sign-in lockout.',
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      secondFactorEnrollment: true,
      // The code proves the new authenticator, not the person: the step-up is asked here too.
      stepUp: true,
      body: TotpConfirmBodySchema,
      responses: {
        200: { description: 'Two-factor sign-in is on', schema: RecoveryCodesSchema },
        429: CHECKS_LIMITED_RESPONSE,
      },
    },
    checksPerUser,
    async (req, res) => {
      res.json(await mfa.confirmTotp(authOf(req).user, req.valid.body.code, requestContext(req)));
    },
  );

  api.route(
    {
      method: 'delete',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/mfa/totp',
      summary: 'Turn two-factor sign-in off',
      description:
        'Needs `password` or a current `code`, both checked like at sign-in (lockout), or neither within 10 minutes of a proof of identity (else 403 reauthentication_required). Recovery codes and pending sign-in steps are deleted.',
      tags,
      ...proofGatedRoute({
        204: { description: 'Turned off' },
        404: { description: 'Two-factor sign-in is not on' },
      }),
    },
    checksPerUser,
    async (req, res) => {
      await mfa.disableTotp(authOf(req).user, proofOf(req.valid.body), requestContext(req));
      res.status(204).end();
    },
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/mfa/recovery-codes',
      summary: 'Replace the recovery codes',
      description:
        'Needs `password` or a current `code` (checked like at sign-in), or neither within 10 minutes of a proof of identity (else 403 reauthentication_required). Answers 10 new single-use codes, shown only in this response; the previous ones stop working.',
      tags,
      ...proofGatedRoute({
        200: { description: 'New recovery codes', schema: RecoveryCodesSchema },
        404: { description: 'Two-factor sign-in is not on' },
      }),
    },
    checksPerUser,
    async (req, res) => {
      res.json(
        await mfa.regenerateRecoveryCodes(authOf(req).user, proofOf(req.valid.body), requestContext(req)),
      );
    },
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/auth/mfa/challenge',
      summary: 'Second sign-in step: a code, a recovery code or a passkey',
      description:
        'Takes the mfa_token of a password sign-in that answered `mfa_required` with a current `code`, a `recovery_code` or a `webauthn_response` (an assertion for the options of POST /auth/mfa/webauthn/options), and answers like a sign-in without two-factor. The token is valid 5 minutes, once, for 5 wrong answers at most; wrong answers count towards the sign-in lockout (429 account_locked).',
      tags,
      body: MfaChallengeBodySchema,
      responses: {
        200: { description: 'Signed in', schema: SessionTokensSchema },
        401: { description: 'mfa_token unknown, expired, used or spent (invalid_mfa_token)' },
        429: { description: 'Rate limited or account locked; see Retry-After' },
      },
    },
    perIp('mfa-challenge-ip'),
    async (req, res) => {
      const context = requestContext(req);
      const { user, firstFactor } = await mfa.completeChallenge(req.valid.body, context);
      const secondFactor = secondFactorOfStep(req.valid.body);
      res.json(sessionResponse(await auth.startSession(user, firstFactor, context, undefined, secondFactor)));
    },
  );
}
