import express, { type Response } from 'express';
import type { ApiRouter } from '../../lib/api-router.js';
import { AppError } from '../../lib/errors.js';
import { requestContext } from '../../core/request-context.js';
import { UNDO_LINK_PATH } from './factor-changes.service.js';
import { undoConfirmationPage, undoErrorPage, undonePage } from './factor-changes.page.js';
import {
  UndoLinkQuery,
  UndoLinkRequestSchema,
  UndoLinkViewSchema,
  UndoResultSchema,
} from './factor-changes.schemas.js';
import type { FactorChangesService } from './factor-changes.types.js';
import { FactorChangeErrors } from './factor-changes.errors.js';

const INVALID = FactorChangeErrors.INVALID_UNDO_LINK;

/** The link is opened in a browser: answer with a page (uncached, like every /api answer). */
function sendPage(res: Response, status: number, html: string): void {
  res.status(status).type('html').send(html);
}

/** The "this wasn't me" link of the factor notices: a page to confirm, and the undo itself. */
export function registerFactorChangeRoutes(
  api: ApiRouter,
  deps: { factorChanges: FactorChangesService; dashboardUrl: string },
): void {
  const { factorChanges, dashboardUrl } = deps;
  const tags = ['Two-factor authentication'];

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: UNDO_LINK_PATH,
      summary: 'The "this wasn’t me" link of a factor notice: a confirmation page',
      description:
        'Public (the token is the credential). Changes nothing, so mail scanners that follow links do no harm. Browsers get an HTML page (in `lang`, de or en) saying what changed and what the undo does, with one button that POSTs the token back; with `Accept: application/json` the same facts come as JSON. An unknown, expired or used token answers 400 invalid_undo_link.',
      tags,
      query: UndoLinkQuery,
      responses: {
        200: {
          description: 'The change the link undoes (JSON); browsers get the page',
          schema: UndoLinkViewSchema,
        },
        400: { description: 'The link is invalid, expired or used (invalid_undo_link)' },
      },
    },
    async (req, res) => {
      const { token = '', lang } = req.valid.query;
      const view = await factorChanges.describe(token);
      if (req.accepts(['html', 'json']) === 'json') {
        if (!view) throw new AppError(INVALID);
        res.json(view);
        return;
      }
      if (!view) return sendPage(res, 400, undoErrorPage(lang, dashboardUrl));
      sendPage(res, 200, undoConfirmationPage(view, token, lang, dashboardUrl));
    },
  );

  // The confirmation page posts an HTML form; JSON clients post `{token}` as usual.
  api.router.post(UNDO_LINK_PATH, express.urlencoded({ extended: false, limit: '2kb' }));
  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: UNDO_LINK_PATH,
      summary: 'Undo a factor change through the link of its notice ("this wasn’t me")',
      description:
        'Public (the token is the credential; it works once and for 7 days). Removes the factor the change added (an added passkey, an enabled authenticator app, regenerated recovery codes — if still there), ends every session, revokes every API token and removes the password, so the account signs in with a password only after a reset; the reset link is mailed at once (factor_change_undone). A form post (from the confirmation page) is answered with an HTML page, JSON with JSON.',
      tags,
      query: UndoLinkQuery,
      body: UndoLinkRequestSchema,
      responses: {
        200: { description: 'Undone; the account is secured', schema: UndoResultSchema },
        400: { description: 'Unknown, expired or used link (invalid_undo_link)' },
      },
    },
    async (req, res) => {
      const fromForm = Boolean(req.is('application/x-www-form-urlencoded'));
      const { lang } = req.valid.query;
      try {
        const result = await factorChanges.undo(req.valid.body.token, requestContext(req));
        if (fromForm) return sendPage(res, 200, undonePage(result, lang, dashboardUrl));
        res.json(result);
      } catch (error) {
        if (!(error instanceof AppError && error.code === INVALID.code && fromForm)) throw error;
        sendPage(res, 400, undoErrorPage(lang, dashboardUrl));
      }
    },
  );
}
