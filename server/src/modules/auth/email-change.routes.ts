import { authOf } from '../../core/auth-context.js';
import { requestContext } from '../../core/request-context.js';
import { EmailSchema } from '../../core/schemas.js';
import { z } from '../../lib/openapi.js';
import { MAX_PASSWORD_LENGTH } from '../../lib/passwords/index.js';
import { createRateLimiter } from '../../lib/rate-limit/index.js';
import { RATE_LIMITED_RESPONSE } from './auth.rate-limits.js';
import type { AuthRouteKit } from './route-kit.js';

export const EmailChangeBodySchema = z
  .object({
    email: EmailSchema.openapi({ description: 'The new address.' }),
    password: z.string().min(1).max(MAX_PASSWORD_LENGTH).optional().openapi({
      description:
        'The current password, as the proof of identity. Without it the session needs a fresh step-up (POST /auth/reauthenticate).',
    }),
  })
  .openapi('EmailChangeRequest');

export const EmailChangeAcceptedSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .openapi('EmailChangeAccepted');

export const EmailChangeConfirmBodySchema = z
  .object({ token: z.string().min(1).max(200) })
  .openapi('EmailChangeConfirmRequest');

export const EmailChangeConfirmedSchema = z
  .object({
    success: z.literal(true),
    email: z.string().openapi({ description: 'The account’s address now.' }),
  })
  .openapi('EmailChangeConfirmed');

const ACCEPTED_MESSAGE =
  'If the address can be used, we have sent a link to it that completes the change; it is valid for one hour. Your current address has been told.';

/** The signed-in account's e-mail change: asking for it, and confirming it from the mailed link. */
export function registerEmailChangeRoutes({ api, deps, limits, tags }: AuthRouteKit): void {
  const { auth, config } = deps;
  // Each request mails two addresses and may check a password: a budget per account.
  const requestsPerUser = createRateLimiter({
    connection: deps.connection,
    name: 'email-change-user',
    windowS: config.auth.rateLimit.windowS,
    limit: config.auth.rateLimit.perAccount,
    key: (req) => req.auth?.userId,
  });

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/me/email',
      summary: 'Ask to change the account’s e-mail address',
      description:
        'Needs the current `password` (checked like at sign-in, with lockout) or, without it, a proof of identity within the last 10 minutes (else 403 reauthentication_required). Answers 202 the same way whether or not the address is taken in the account’s pool: a free address gets a link (valid one hour, once; a new request voids it) to the pool’s hosted account page `/p/{project_id}/account?mode=confirm-email&token=…` (team accounts: the dashboard’s `/auth?mode=confirm-email&token=…`), which posts it to POST /auth/me/email/confirm; an address in use gets a mail that an account exists. The current address gets a notice with a password-reset link either way. The change is void once this session ends. 400 email_unchanged for the current address.',
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      stepUp: ({ body }) => body.password === undefined,
      body: EmailChangeBodySchema,
      responses: {
        202: { description: 'Accepted; see the mail', schema: EmailChangeAcceptedSchema },
        400: { description: 'email_unchanged, wrong_current_password or validation_failed' },
        ...RATE_LIMITED_RESPONSE,
      },
    },
    limits.perIp('email-change-ip'),
    requestsPerUser,
    async (req, res) => {
      const caller = authOf(req);
      await auth.requestEmailChange(caller.user, caller.sessionId, req.valid.body, requestContext(req));
      res.status(202).json({ success: true, message: ACCEPTED_MESSAGE });
    },
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/auth/me/email/confirm',
      summary: 'Confirm a new e-mail address with the mailed link',
      description:
        'No session needed (the mail may be opened on another device); the token travels in the body, never in a request URL. Switches the address if it is still free in the account’s pool and marks it confirmed; the account’s other sessions end (the one that asked stays), links mailed to the old address stop working, and the old address is told. 400 invalid_email_change_token for an unknown, expired, used or replaced link, or when the session that asked has ended; 409 email_taken when the address got an account meanwhile (nothing changed).',
      tags,
      body: EmailChangeConfirmBodySchema,
      responses: {
        200: { description: 'The address has changed', schema: EmailChangeConfirmedSchema },
        400: { description: 'invalid_email_change_token' },
        403: { description: 'account_blocked' },
        409: { description: 'email_taken' },
        ...RATE_LIMITED_RESPONSE,
      },
    },
    limits.perIp('email-change-confirm-ip'),
    async (req, res) => {
      const { user } = await auth.confirmEmailChange(req.valid.body.token, requestContext(req));
      res.json({ success: true, email: user.email });
    },
  );
}
