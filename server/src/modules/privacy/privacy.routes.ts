import type { ApiRouter } from '../../lib/api-router.js';
import { requestContext } from '../../core/request-context.js';
import { authOf } from '../../core/auth-context.js';
import {
  DeleteAccountSchema,
  DeletionConfirmationSentSchema,
  DeletionTokenBodySchema,
  PersonalDataExportSchema,
} from './privacy.schemas.js';
import type { PrivacyService } from './privacy.service.js';

/** GDPR self-service: the caller's own data only, and only with a signed-in dashboard session. */
export function registerPrivacyRoutes(api: ApiRouter, privacy: PrivacyService): void {
  const tags = ['Account'];

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/me/export',
      summary: 'Download every personal datum stored about the caller (GDPR Art. 15, 20)',
      description:
        'One JSON document (attachment): profile, memberships, sessions, API token metadata, activity, linked installations, e-mails sent to the caller. docs/privacy.md lists what each part holds.',
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      responses: { 200: { description: 'The export', schema: PersonalDataExportSchema } },
    },
    async (req, res) => {
      const day = new Date().toISOString().slice(0, 10);
      res.status(200).type('application/json').attachment(`iam-platform-export-${day}.json`);
      await privacy.exportAccount(authOf(req).userId, {
        write: (chunk) =>
          res.write(chunk) ? undefined : new Promise<void>((resolve) => res.once('drain', () => resolve())),
      });
      res.end();
    },
  );

  api.route(
    {
      method: 'delete',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/me',
      summary: 'Delete the caller’s account (GDPR Art. 17)',
      description:
        'Always needs the password (400 account_deletion_password_required without it; a two-factor code alone is not enough). An account without a password (Google or passkey only) answers 409 account_has_no_password and confirms by mail instead: POST /auth/me/deletion-confirmations. Refused (409 account_deletion_last_admin, naming the organizations) while the caller is the last admin of an active organization. Ends every session and API token, leaves every organization, deletes the profile and what belongs to it and anonymizes log entries (counts stay).',
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      body: DeleteAccountSchema,
      responses: {
        204: { description: 'Deleted; every session and token of the account has ended' },
        400: {
          description:
            'No password (account_deletion_password_required) or a wrong one (wrong_current_password)',
        },
        409: {
          description:
            'Last admin of an organization (account_deletion_last_admin), or no password to confirm with (account_has_no_password)',
        },
        429: { description: 'Too many wrong passwords (account_locked)' },
      },
    },
    async (req, res) => {
      await privacy.deleteAccount(authOf(req).userId, req.valid.body, requestContext(req));
      res.status(204).end();
    },
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/me/deletion-confirmations',
      summary: 'Delete an account without a password: mail the confirmation link',
      description:
        'For an account that signs in with Google or a passkey only. Needs a proof of identity within 10 minutes — a second factor through POST /auth/reauthenticate, or a fresh sign-in (403 reauthentication_required otherwise) — and mails the account a link, valid 30 minutes and once, whose page completes the deletion (POST /auth/me/deletion). A new request voids the previous link. 409 account_has_password for an account with a password (DELETE /auth/me takes it), 409 account_deletion_last_admin as for DELETE /auth/me.',
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      stepUp: true,
      responses: {
        202: { description: 'Link sent', schema: DeletionConfirmationSentSchema },
        409: { description: 'account_has_password, or account_deletion_last_admin' },
      },
    },
    async (req, res) => {
      res.status(202).json(await privacy.requestDeletionLink(authOf(req).userId, requestContext(req)));
    },
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/auth/me/deletion',
      summary: 'Complete deleting an account with the mailed link',
      description:
        'Takes the `token` of the link from POST /auth/me/deletion-confirmations (in the body, so it never lands in a URL log) and deletes that account as DELETE /auth/me does. No session needed: the link may be opened on another device. 400 invalid_deletion_token when unknown, expired or used.',
      tags,
      body: DeletionTokenBodySchema,
      responses: {
        204: { description: 'Deleted; every session and token of the account has ended' },
        400: { description: 'Invalid body, or invalid_deletion_token' },
        409: { description: 'Last admin of an organization (account_deletion_last_admin)' },
      },
    },
    async (req, res) => {
      await privacy.confirmDeletion(req.valid.body.token, requestContext(req));
      res.status(204).end();
    },
  );
}
