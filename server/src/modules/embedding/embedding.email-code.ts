import { z } from '../../lib/openapi.js';
import { EmailSchema } from '../../core/schemas.js';
import { requestContext } from '../../core/request-context.js';
import { MfaRequiredSchema, RATE_LIMITED_RESPONSE } from '../auth/index.js';
import { AnonymousIdSchema, InstallationIdSchema } from '../telemetry/index.js';
import { gatedApplicationOf } from './application-gate.js';
import { gated, type EmbeddingKit } from './embedding.kit.js';
import {
  EmbeddingAcceptedSchema,
  EmbeddingEmailSchema,
  EmbeddingSessionSchema,
} from './embedding.schemas.js';

const EmailCodeVerifySchema = z
  .object({
    email: EmailSchema,
    code: z.string({ error: 'code is required.' }).min(1, 'code is required.').max(32).openapi({
      description: 'The 6 digits from the mail (spaces and hyphens are ignored).',
      example: '042917',
    }),
    anonymous_id: AnonymousIdSchema.optional(),
    installation_id: InstallationIdSchema.optional(),
  })
  .openapi('EmbeddingEmailCodeVerifyRequest');

/** The same answer whether or not the address has an account (no enumeration). */
const ACCEPTED_MESSAGE =
  'If an account with this address exists here, we have sent it a sign-in code. It is valid for 10 minutes.';

/**
 * Sign-in with a one-time code by e-mail (issue #31): request a code, then trade it like a
 * password at POST /login — for a session, or `mfa_required` when the account has a second factor.
 */
export function registerEmailCodeRoutes(kit: EmbeddingKit): void {
  const { api, deps, perIp, perAccount } = kit;
  const { auth } = deps;

  api.route(
    gated({
      method: 'post',
      path: '/email-code',
      summary: 'Send an end user a sign-in code by e-mail',
      description:
        "Only in a pool whose sign-in `methods` include `email_code` (403 sign_in_method_disabled otherwise). Answers 202 at once and the same for every address: an existing, not blocked account of the application's pool then gets a mail (the application's `email_code` template) with a 6-digit code, valid 10 minutes, usable once, void after 5 wrong tries; a new request replaces the previous code. An unknown address gets no mail, and no account is created. Redeem the code at POST /api/auth/email-code/verify.",
      body: EmbeddingEmailSchema,
      responses: {
        202: { description: 'Accepted', schema: EmbeddingAcceptedSchema },
        403: { description: 'Origin not allowed, or sign_in_method_disabled' },
        ...RATE_LIMITED_RESPONSE,
      },
    }),
    perIp('email-code-ip'),
    perAccount('email-code-account'),
    async (req, res) => {
      await auth.emailCodes.request(req.valid.body.email, requestContext(req));
      res.status(202).json({ success: true, message: ACCEPTED_MESSAGE });
    },
  );

  api.route(
    gated({
      method: 'post',
      path: '/email-code/verify',
      summary: 'Sign an end user in with the code from the mail',
      description:
        'Answers like POST /api/auth/login: the session, or for an account with two-factor `mfa_required` with an mfa_token for POST /api/auth/mfa/challenge. A correct code confirms the address (`is_verified`). A wrong, expired, used or voided code answers 401 invalid_email_code; wrong codes count towards the sign-in lockout of the address (429 account_locked) and share the rate limits of POST /login. A blocked account answers 403 account_blocked.',
      body: EmailCodeVerifySchema,
      responses: {
        200: {
          description:
            'Signed in; or, for an account with two-factor, `mfa_required` with an mfa_token for POST /api/auth/mfa/challenge (no session yet)',
          schema: z.union([EmbeddingSessionSchema, MfaRequiredSchema]),
        },
        401: { description: 'Wrong, expired, used or voided code (invalid_email_code)' },
        403: {
          description:
            'Origin not allowed, sign_in_method_disabled, account_blocked, or second_factor_unavailable',
        },
        429: { description: 'Rate limited or account locked; see Retry-After' },
      },
    }),
    // The limiters of POST /login: a code is a password for this purpose, one budget for both.
    perIp('login-ip'),
    perAccount('login-account'),
    async (req, res) => {
      const context = requestContext(req);
      const application = gatedApplicationOf(res);
      const { email, code, anonymous_id, installation_id } = req.valid.body;
      const user = await auth.emailCodes.verify(email, code, context);
      // As at POST /login: an account with two-factor gets the second step, bound to this application.
      res.json(
        await kit.afterFirstFactor(req.get('origin'), application, user, 'email_code', context, {
          anonymous_id,
          installation_id,
        }),
      );
    },
  );
}
