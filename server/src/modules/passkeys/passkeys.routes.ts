import type { Connection } from 'mongoose';
import type { Config } from '../../config.js';
import type { ApiRouter } from '../../lib/api-router.js';
import { requestContext } from '../../core/request-context.js';
import { createSecondFactorChecksLimiter, proofGatedRoute, proofOf } from '../../core/second-factor.js';
import {
  createAuthRateLimits,
  RATE_LIMITED_RESPONSE,
  SessionTokensSchema,
  sessionResponse,
  type AuthService,
} from '../auth/index.js';
import { authOf } from '../../core/auth-context.js';
import {
  AuthenticationOptionsSchema,
  MfaTokenBodySchema,
  PasskeyIdParamsSchema,
  PasskeyListSchema,
  PasskeyRegisterBodySchema,
  PasskeyRenameBodySchema,
  PasskeySchema,
  PasskeySignInBodySchema,
  RegistrationOptionsSchema,
} from './passkeys.schemas.js';
import type { PasskeyService } from './passkeys.service.js';

export interface PasskeyRouteDependencies {
  passkeys: PasskeyService;
  /** The mfa module's pending sign-in step, named by the mfa_token its password sign-in answered. */
  mfa: { pendingChallenge(mfaToken: string): Promise<{ challengeId: string; userId: string }> };
  auth: AuthService;
  config: Config;
  connection: Connection;
}

const tags = ['Two-factor authentication'];
const challengeNote = 'The challenge is stored server-side (hashed), valid 5 minutes and used once.';

/**
 * Passkeys (WebAuthn): managed by signed-in dashboard sessions only (API tokens and embedding
 * tokens are refused like on the TOTP routes), used as the second sign-in step or on their own.
 */
export function registerPasskeyRoutes(api: ApiRouter, deps: PasskeyRouteDependencies): void {
  registerManagementRoutes(api, deps);
  registerSignInRoutes(api, deps);
}

/** The caller's own passkeys: register, list, rename, remove. */
function registerManagementRoutes(api: ApiRouter, deps: PasskeyRouteDependencies): void {
  const { passkeys } = deps;
  // The same counter as the TOTP routes: one budget of checks per signed-in user.
  const checksPerUser = createSecondFactorChecksLimiter(deps);

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/mfa/passkeys/options',
      summary: 'Start registering a passkey or security key',
      description: `Answers the options for navigator.credentials.create() (@simplewebauthn/browser startRegistration). ${challengeNote} 409 passkey_limit_reached at 20 passkeys.`,
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      secondFactorEnrollment: true,
      // A stolen access token must not add the thief's passkey, a permanent login (issue 37).
      stepUp: true,
      responses: { 200: { description: 'Registration options', schema: RegistrationOptionsSchema } },
    },
    checksPerUser,
    async (req, res) => {
      res.json(await passkeys.registrationOptions(authOf(req).user));
    },
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/mfa/passkeys',
      summary: 'Finish registering a passkey',
      description:
        "Verifies the authenticator's answer against the stored challenge, PUBLIC_URL's origin and RP ID, and keeps the passkey. From then on a password sign-in asks for a second step ('webauthn' in methods).",
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      secondFactorEnrollment: true,
      stepUp: true,
      body: PasskeyRegisterBodySchema,
      responses: {
        201: { description: 'Registered', schema: PasskeySchema },
        400: { description: 'passkey_registration_failed: wrong or used challenge, origin or RP ID' },
        409: { description: 'passkey_already_registered or passkey_limit_reached' },
      },
    },
    checksPerUser,
    async (req, res) => {
      res.status(201).json(await passkeys.register(authOf(req).user, req.valid.body, requestContext(req)));
    },
  );

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/mfa/passkeys',
      summary: "The caller's passkeys",
      description: 'Oldest first; names, creation and last use. No key material.',
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      // A session that may only set up the second factor its pool requires lists what it set up.
      secondFactorEnrollment: true,
      responses: { 200: { description: 'Passkeys', schema: PasskeyListSchema } },
    },
    async (req, res) => {
      res.json({ data: await passkeys.list(authOf(req).userId) });
    },
  );

  api.route(
    {
      method: 'patch',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/mfa/passkeys/:id',
      summary: 'Rename a passkey',
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      params: PasskeyIdParamsSchema,
      body: PasskeyRenameBodySchema,
      responses: {
        200: { description: 'Renamed', schema: PasskeySchema },
        404: { description: 'No such passkey of the caller' },
      },
    },
    async (req, res) => {
      res.json(
        await passkeys.rename(
          authOf(req).userId,
          req.valid.params.id,
          req.valid.body.name,
          requestContext(req),
        ),
      );
    },
  );

  api.route(
    {
      method: 'delete',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/mfa/passkeys/:id',
      summary: 'Remove a passkey',
      description:
        'Needs `password` or a current TOTP `code`, checked like at sign-in (lockout), or neither within 10 minutes of a proof of identity (else 403 reauthentication_required), as for turning TOTP off.',
      tags,
      params: PasskeyIdParamsSchema,
      ...proofGatedRoute({
        204: { description: 'Removed' },
        404: { description: 'No such passkey of the caller' },
      }),
    },
    checksPerUser,
    async (req, res) => {
      await passkeys.remove(
        authOf(req).user,
        req.valid.params.id,
        proofOf(req.valid.body),
        requestContext(req),
      );
      res.status(204).end();
    },
  );
}

/** Signing in with a passkey: the options for the second step, and passwordless sign-in. */
function registerSignInRoutes(api: ApiRouter, deps: PasskeyRouteDependencies): void {
  const { passkeys, mfa, auth, config } = deps;
  const { perIp } = createAuthRateLimits({ connection: deps.connection, config });

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/auth/mfa/webauthn/options',
      summary: 'Second sign-in step with a passkey: the options',
      description: `For an mfa_token whose methods include 'webauthn': the options for navigator.credentials.get() listing the account's passkeys. Answer with POST /auth/mfa/challenge {mfa_token, webauthn_response}. ${challengeNote}`,
      tags,
      body: MfaTokenBodySchema,
      responses: {
        200: { description: 'Authentication options', schema: AuthenticationOptionsSchema },
        401: { description: 'mfa_token unknown, expired, used or spent (invalid_mfa_token)' },
        404: { description: 'The account has no passkey (passkey_not_found)' },
        ...RATE_LIMITED_RESPONSE,
      },
    },
    perIp('mfa-challenge-ip'),
    async (req, res) => {
      const pending = await mfa.pendingChallenge(req.valid.body.mfa_token);
      res.json(await passkeys.secondFactorOptions(pending.userId, pending.challengeId));
    },
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/auth/passkeys/sign-in/options',
      summary: 'Sign in with a passkey, without a password: the options',
      description: `Options for navigator.credentials.get() without an account (a discoverable credential chooses it). ${challengeNote}`,
      tags,
      responses: {
        200: { description: 'Authentication options', schema: AuthenticationOptionsSchema },
        ...RATE_LIMITED_RESPONSE,
      },
    },
    perIp('passkey-options-ip'),
    async (_req, res) => {
      res.json(await passkeys.passwordlessOptions());
    },
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/auth/passkeys/sign-in',
      summary: 'Sign in with a passkey, without a password',
      description:
        "Verifies the assertion of a discoverable credential (user verification required) and answers like a sign-in. Dashboard accounts only: an end user's passkey (an application's user pool; they sign in with POST /api/auth/passkeys/sign-in) is refused like an unknown one. One error for every failure (passkey_not_accepted), so it tells nothing about which accounts exist.",
      tags,
      body: PasskeySignInBodySchema,
      responses: {
        200: { description: 'Signed in', schema: SessionTokensSchema },
        400: { description: 'passkey_not_accepted' },
        ...RATE_LIMITED_RESPONSE,
      },
    },
    // The sign-in budget per address is shared with the password sign-in.
    perIp('login-ip'),
    async (req, res) => {
      const context = requestContext(req);
      const user = await passkeys.passwordless(req.valid.body.response, context);
      res.json(sessionResponse(await auth.startSession(user, 'passkey', context)));
    },
  );
}
