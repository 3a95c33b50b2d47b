import { AppError } from '../../lib/errors.js';
import { z } from '../../lib/openapi.js';
import { requestContext } from '../../core/request-context.js';
import { MfaRequiredSchema, RATE_LIMITED_RESPONSE, secondFactorOfStep } from '../auth/index.js';
import { AuthenticationOptionsSchema, MfaTokenBodySchema } from '../passkeys/index.js';
import { gatedApplicationOf } from './application-gate.js';
import { EmbeddingErrors } from './embedding.errors.js';
import { gated, type EmbeddingKit } from './embedding.kit.js';
import {
  EmbeddingLoginSchema,
  EmbeddingMfaChallengeSchema,
  EmbeddingRegisterResponseSchema,
  EmbeddingRegisterSchema,
  EmbeddingSessionSchema,
} from './embedding.schemas.js';

/** The mfa_token of another application (or of the dashboard) is refused like an unknown one. */
const BAD_MFA_TOKEN = { description: 'mfa_token unknown, expired, used, spent or of another application' };

/** Registration and the first sign-in step (e-mail and password). */
export function registerSignInRoutes(kit: EmbeddingKit): void {
  const { api, deps, perIp, perAccount } = kit;
  const { auth } = deps;

  api.route(
    gated({
      method: 'post',
      path: '/register',
      summary: 'Register an end user for an application',
      description: 'Like POST /api/v1/auth/register; the application is recorded on the account.',
      body: EmbeddingRegisterSchema,
      responses: {
        201: { description: 'Registered', schema: EmbeddingRegisterResponseSchema },
        ...RATE_LIMITED_RESPONSE,
      },
    }),
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
    gated({
      method: 'post',
      path: '/login',
      summary: 'Sign an end user in',
      description: 'Same checks, lockout and rate limits as POST /api/v1/auth/login.',
      body: EmbeddingLoginSchema,
      responses: {
        200: {
          description:
            'Signed in; or, for an account with two-factor, `mfa_required` with an mfa_token for POST /api/auth/mfa/challenge (no session yet)',
          schema: z.union([EmbeddingSessionSchema, MfaRequiredSchema]),
        },
        401: { description: 'Invalid e-mail or password' },
        429: { description: 'Rate limited or account locked; see Retry-After' },
      },
    }),
    perIp('login-ip'),
    perAccount('login-account'),
    async (req, res) => {
      const context = requestContext(req);
      const application = gatedApplicationOf(res);
      const { email, password, anonymous_id, installation_id } = req.valid.body;
      const user = await auth.verifyCredentials(email, password, context);
      // An account with two-factor gets the second step, bound to this application, not a session.
      res.json(
        await kit.afterFirstFactor(req.get('origin'), application, user, 'password', context, {
          anonymous_id,
          installation_id,
        }),
      );
    },
  );
}

/** The second sign-in step of an account with two-factor, bound to the application of its login. */
export function registerSecondFactorRoutes(kit: EmbeddingKit): void {
  const { api, deps, perIp } = kit;

  api.route(
    gated({
      method: 'post',
      path: '/mfa/challenge',
      summary: 'Second sign-in step: a code, a recovery code or a passkey',
      description:
        "Completes a POST /login that answered `mfa_required`: the same body and checks as POST /api/v1/auth/mfa/challenge (token valid 5 minutes, once, for 5 wrong codes at most; wrong codes count towards the sign-in lockout), answered with the embedding session. The mfa_token is bound to the application whose login issued it: another application's (or the dashboard's) answers 401 invalid_mfa_token.",
      body: EmbeddingMfaChallengeSchema,
      responses: {
        200: { description: 'Signed in', schema: EmbeddingSessionSchema },
        401: BAD_MFA_TOKEN,
        429: { description: 'Rate limited or account locked; see Retry-After' },
      },
    }),
    // Same limiter name as /api/v1/auth/mfa/challenge: one budget per address for both.
    perIp('mfa-challenge-ip'),
    async (req, res) => {
      const context = requestContext(req);
      const application = gatedApplicationOf(res);
      const { anonymous_id, installation_id, ...step } = req.valid.body;
      const { user, firstFactor } = await deps.mfa.completeChallenge(step, context, {
        applicationId: String(application._id),
      });
      res.json(
        await kit.signedIn(
          application,
          user,
          firstFactor,
          context,
          { anonymous_id, installation_id },
          secondFactorOfStep(step),
        ),
      );
    },
  );

  api.route(
    gated({
      method: 'post',
      path: '/mfa/webauthn/options',
      summary: 'Second sign-in step with a passkey: the options',
      description:
        "Like POST /api/v1/auth/mfa/webauthn/options, for an mfa_token of this application's POST /login whose methods include 'webauthn' (offered only to pages on the platform's own origin, where the browser may use the passkey's RP ID). Answer with POST /api/auth/mfa/challenge {mfa_token, webauthn_response}.",
      body: MfaTokenBodySchema,
      responses: {
        200: { description: 'Authentication options', schema: AuthenticationOptionsSchema },
        401: BAD_MFA_TOKEN,
        403: {
          description: 'Origin not allowed, or passkeys not usable from it (second_factor_unavailable)',
        },
        404: { description: 'The account has no passkey (passkey_not_found)' },
        ...RATE_LIMITED_RESPONSE,
      },
    }),
    perIp('mfa-challenge-ip'),
    async (req, res) => {
      if (!kit.passkeysUsableFrom(req.get('origin')))
        throw new AppError(EmbeddingErrors.SECOND_FACTOR_UNAVAILABLE);
      const pending = await deps.mfa.pendingChallenge(req.valid.body.mfa_token, {
        applicationId: String(gatedApplicationOf(res)._id),
      });
      res.json(await deps.passkeys.secondFactorOptions(pending.userId, pending.challengeId));
    },
  );
}
