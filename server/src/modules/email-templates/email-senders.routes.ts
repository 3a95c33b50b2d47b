import express, { type Request, type Response } from 'express';
import type { ApiRouter } from '../../lib/api-router.js';
import { AppError } from '../../lib/errors.js';
import type { Locale } from '../../core/mail.js';
import { requestContext } from '../../core/request-context.js';
import { IdParams } from '../../core/schemas.js';
import { applicationCallerOf } from '../applications/index.js';
import { SENDER_LINK_TTL_HOURS, SENDER_VERIFICATION_PATH } from './email-senders.js';
import { senderPages } from './email-senders.page.js';
import { EmailTemplateErrors } from './email-templates.errors.js';
import {
  EmailSettingsSchema,
  ResendSenderLinkSchema,
  SenderLinkQuery,
  SenderLinkRequestSchema,
  SenderLinkResponseSchema,
} from './email-templates.schemas.js';
import type { EmailTemplatesService } from './email-templates.types.js';

const TAGS = ['Email templates'];

/** The link is opened in a browser: a page in its language (uncached, like every /api answer). */
function sendPage(res: Response, status: number, html: string): void {
  res.status(status).type('html').send(html);
}

const pageLocale = (req: Request): Locale => (req.acceptsLanguages('de', 'en') === 'en' ? 'en' : 'de');

/**
 * Sender verification: admins (re)send the link, and whoever reads the address follows it — a
 * page (GET, changes nothing) and the confirmation (POST), like the invitation leave link.
 */
export function registerSenderRoutes(api: ApiRouter, templates: EmailTemplatesService): void {
  api.route(
    {
      method: 'post',
      permission: 'organization:update',
      path: '/applications/:id/email-settings/sender-verification',
      summary: 'Send a new verification link to a pending sender (admins)',
      description:
        'Mails a fresh link to a pending sender of the application; earlier links of it stop working. ' +
        'Organization admins only (sessions). At most 20 links per organization and hour.',
      tags: TAGS,
      authenticated: true,
      params: IdParams,
      body: ResendSenderLinkSchema,
      responses: {
        200: { description: 'Link sent; the settings', schema: EmailSettingsSchema },
        403: { description: 'Not an admin of the organization, or an API token' },
        404: { description: 'No such application among the caller’s, or no such sender (sender_not_found)' },
        409: { description: 'The sender is already verified (sender_already_verified)' },
        429: { description: 'Too many verification links for this organization; see Retry-After' },
      },
    },
    async (req, res) => {
      res.json(
        await templates.resendSenderLink(
          applicationCallerOf(req),
          req.valid.params.id,
          req.valid.body.address,
          requestContext(req),
        ),
      );
    },
  );

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: SENDER_VERIFICATION_PATH,
      summary: 'The sender verification link: a confirmation page',
      description:
        'Public (the token is the credential). Changes nothing, so mail scanners that follow links do no harm. ' +
        'Browsers get an HTML page (German, or English when preferred) naming the address, organization and application, ' +
        'with one button that POSTs the token back; with `Accept: application/json` the same facts as JSON. ' +
        'An unknown, expired or used token answers 400 invalid_sender_token.',
      tags: TAGS,
      query: SenderLinkQuery,
      responses: {
        200: {
          description: 'What the link confirms (JSON); browsers get the page',
          schema: SenderLinkResponseSchema,
        },
        400: { description: 'The link is invalid, expired or used (invalid_sender_token)' },
      },
    },
    async (req, res) => {
      const token = req.valid.query.token ?? '';
      const view = await templates.describeSenderLink(token);
      if (req.accepts(['html', 'json']) === 'json') {
        if (!view) throw new AppError(EmailTemplateErrors.INVALID_SENDER_TOKEN);
        res.json(view);
        return;
      }
      const locale = pageLocale(req);
      if (!view) return sendPage(res, 400, senderPages.invalid(locale));
      sendPage(res, 200, senderPages.confirm(locale, view, token));
    },
  );

  // The page posts an HTML form; JSON clients post `{token}` as usual.
  api.router.post(SENDER_VERIFICATION_PATH, express.urlencoded({ extended: false, limit: '2kb' }));
  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: SENDER_VERIFICATION_PATH,
      summary: 'Verify a sender through the link mailed to it',
      description: `Public (the token is the credential; it works once and for ${SENDER_LINK_TTL_HOURS} hours). The address becomes a verified sender of its application. A form post is answered with an HTML page, JSON with JSON.`,
      tags: TAGS,
      body: SenderLinkRequestSchema,
      responses: {
        200: { description: 'Verified', schema: SenderLinkResponseSchema },
        400: { description: 'Unknown, expired or used link (invalid_sender_token)' },
      },
    },
    async (req, res) => {
      const fromForm = Boolean(req.is('application/x-www-form-urlencoded'));
      try {
        const view = await templates.confirmSenderLink(req.valid.body.token, requestContext(req));
        if (fromForm) return sendPage(res, 200, senderPages.confirmed(pageLocale(req), view));
        res.json(view);
      } catch (error) {
        if (
          !fromForm ||
          !(error instanceof AppError) ||
          error.code !== EmailTemplateErrors.INVALID_SENDER_TOKEN.code
        )
          throw error;
        sendPage(res, error.status, senderPages.invalid(pageLocale(req)));
      }
    },
  );
}
