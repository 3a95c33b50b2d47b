import { AppError } from '../../lib/errors.js';
import { requestContext } from '../../core/request-context.js';
import { AuthErrors } from './auth.errors.js';
import {
  ConfirmQuerySchema,
  ConfirmResponseSchema,
  EmailBodySchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  SuccessSchema,
  TokenBodySchema,
} from './auth.schemas.js';
import { RATE_LIMITED_RESPONSE } from './auth.rate-limits.js';
import type { AuthRouteKit } from './route-kit.js';

const RESEND_MESSAGE =
  'If this address belongs to an unconfirmed account, we have sent a new confirmation link.';

/** Registration, e-mail confirmation (by API and by the link in the mail) and resending it. */
export function registerRegistrationRoutes({ api, deps, limits, tags }: AuthRouteKit): void {
  const { auth, config } = deps;
  const { perIp, perAccount } = limits;

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/auth/register',
      summary: 'Register with e-mail and password',
      description:
        'Creates the account and sends the confirmation mail. An address that is already registered gets the same response (no enumeration); its owner is mailed instead.',
      tags,
      body: RegisterBodySchema,
      responses: {
        201: { description: 'Registered', schema: RegisterResponseSchema },
        ...RATE_LIMITED_RESPONSE,
      },
    },
    perIp('register-ip'),
    async (req, res) => {
      const applicationId = req.valid.body.application_id;
      if (applicationId && !(await deps.isApplicationActive(applicationId)))
        throw new AppError(AuthErrors.UNKNOWN_APPLICATION);
      res.status(201).json(await auth.register(req.valid.body, requestContext(req)));
    },
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/auth/confirm',
      summary: 'Confirm an e-mail address',
      tags,
      body: TokenBodySchema,
      responses: { 200: { description: 'Confirmed', schema: ConfirmResponseSchema } },
    },
    perIp('confirm-ip'),
    async (req, res) => {
      res.json({ success: true, user: await auth.confirmEmail(req.valid.body.token, requestContext(req)) });
    },
  );

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/auth/confirm',
      summary: 'Confirmation link target',
      description:
        "The link in the confirmation mail: confirms, then redirects to the dashboard sign-in with a notice (with `pool`: to that pool's hosted page /p/{pool}/confirm).",
      tags,
      query: ConfirmQuerySchema,
      responses: { 303: { description: 'Redirect to /auth?confirmed=1 or /auth?confirmation_error=…' } },
    },
    perIp('confirm-ip'),
    async (req, res) => {
      const { pool } = req.valid.query;
      const target = pool ? `${config.publicUrl}/p/${pool}/confirm` : `${config.auth.dashboardUrl}/auth`;
      try {
        await auth.confirmEmail(req.valid.query.token ?? '', requestContext(req));
        res.redirect(303, `${target}?confirmed=1`);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        res.redirect(303, `${target}?confirmation_error=${encodeURIComponent(error.code)}`);
      }
    },
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/auth/resend-confirmation',
      summary: 'Send the confirmation mail again',
      description: 'Always answers the same way, whether or not the address is registered.',
      tags,
      body: EmailBodySchema,
      responses: { 200: { description: 'Accepted', schema: SuccessSchema }, ...RATE_LIMITED_RESPONSE },
    },
    perIp('resend-ip'),
    perAccount('resend-account'),
    async (req, res) => {
      auth.resendConfirmation(req.valid.body.email, requestContext(req));
      res.json({ success: true, message: RESEND_MESSAGE });
    },
  );
}
