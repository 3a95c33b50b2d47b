import { requestContext } from '../../core/request-context.js';
import {
  PasswordResetBodySchema,
  PasswordResetCheckBodySchema,
  PasswordResetCheckSchema,
  PasswordResetResponseSchema,
} from './auth.schemas.js';
import { RATE_LIMITED_RESPONSE } from './auth.rate-limits.js';
import type { AuthRouteKit } from './route-kit.js';

const RESET_GENERATED_MESSAGE =
  'If an account exists for this address, we have sent a link to reset the password. It is valid for one hour.';

/** "Forgot password": asking for the link, and setting a new password with it. */
export function registerPasswordRoutes({ api, deps, limits, tags }: AuthRouteKit): void {
  const { auth } = deps;

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/password-reset',
      summary: 'Request or complete a password reset',
      description:
        '`{action: "generate", email}` always answers 200 the same way (a mail is sent only if the account exists; it lists the account\'s second factors). `{action: "reset", token, new_password}` sets the password and ends every session; an unknown, used or expired token answers 400 invalid_reset_token. Second factors added during the last 24 hours are removed (answered in `factors_removed`) unless kept: `keep_factors: [id, …]` keeps those, `keep_recent_factors: true` keeps all.',
      tags,
      body: PasswordResetBodySchema,
      responses: {
        200: { description: 'Done', schema: PasswordResetResponseSchema },
        ...RATE_LIMITED_RESPONSE,
      },
    },
    limits.perIp('reset-ip'),
    limits.perAccount('reset-account'),
    async (req, res) => {
      const body = req.valid.body;
      if (body.action === 'generate') {
        auth.requestPasswordReset(body.email, requestContext(req));
        res.json({ success: true, message: RESET_GENERATED_MESSAGE });
        return;
      }
      const { factorsRemoved } = await auth.resetPassword(
        body.token,
        body.new_password,
        requestContext(req),
        {
          ids: body.keep_factors,
          all: body.keep_recent_factors,
        },
      );
      res.json({
        success: true,
        message: 'Password changed. Please sign in with the new password.',
        factors_removed: factorsRemoved,
      });
    },
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/password-reset/check',
      summary: 'Check a reset link and list the account’s second factors',
      description:
        'For the reset screen, before the new password is set: the token is not spent. Answers the second factors (authenticator app, passkeys) with when each was added; `recent` ones (the last 24 hours) are removed by the reset unless kept. An unknown, used or expired token answers 400 invalid_reset_token. The token travels in the body, never in a URL.',
      tags,
      body: PasswordResetCheckBodySchema,
      responses: {
        200: { description: 'The link is usable', schema: PasswordResetCheckSchema },
        400: { description: 'Unknown, used or expired token (invalid_reset_token)' },
        ...RATE_LIMITED_RESPONSE,
      },
    },
    limits.perIp('reset-check-ip'),
    async (req, res) => {
      const factors = await auth.inspectPasswordReset(req.valid.body.token);
      res.json({ valid: true, factors });
    },
  );
}
