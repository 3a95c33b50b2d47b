import { requestContext } from '../../core/request-context.js';
import { PasswordResetBodySchema, SuccessSchema } from './auth.schemas.js';
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
      path: '/password-reset',
      summary: 'Request or complete a password reset',
      description:
        '`{action: "generate", email}` always answers 200 the same way (a mail is sent only if the account exists). `{action: "reset", token, new_password}` sets the password and ends every session; an unknown, used or expired token answers 400 invalid_reset_token.',
      tags,
      body: PasswordResetBodySchema,
      responses: { 200: { description: 'Done', schema: SuccessSchema }, ...RATE_LIMITED_RESPONSE },
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
      await auth.resetPassword(body.token, body.new_password, requestContext(req));
      res.json({ success: true, message: 'Password changed. Please sign in with the new password.' });
    },
  );
}
