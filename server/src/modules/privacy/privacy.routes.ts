import type { ApiRouter } from '../../lib/api-router.js';
import { requestContext } from '../../core/request-context.js';
import { authOf } from '../../core/auth-context.js';
import { DeleteAccountSchema, PersonalDataExportSchema } from './privacy.schemas.js';
import type { PrivacyService } from './privacy.service.js';

/** GDPR self-service: the caller's own data only, and only with a signed-in dashboard session. */
export function registerPrivacyRoutes(api: ApiRouter, privacy: PrivacyService): void {
  const tags = ['Account'];

  api.route(
    {
      method: 'get',
      path: '/auth/me/export',
      summary: 'Download every personal datum stored about the caller (GDPR Art. 15, 20)',
      description:
        'One JSON document (attachment): profile, memberships, sessions, API token metadata, activity, linked installations, e-mails sent to the caller. docs/privacy.md lists what each part holds.',
      tags,
      authenticated: true,
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
      path: '/auth/me',
      summary: 'Delete the caller’s account (GDPR Art. 17)',
      description:
        'Needs the password, or a current two-factor code (`code`; so an account that signs in with Google and has two-factor can delete itself). Refused (409 account_deletion_last_admin, naming the organizations) while the caller is the last admin of an active organization. Ends every session and API token, leaves every organization, deletes the profile and what belongs to it and anonymizes log entries (counts stay).',
      tags,
      authenticated: true,
      body: DeleteAccountSchema,
      responses: {
        204: { description: 'Deleted; every session and token of the account has ended' },
        400: { description: 'Wrong password (wrong_current_password) or code (invalid_mfa_code)' },
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
}
