import { z } from '../../lib/openapi.js';
import { EXPORT_FORMAT } from './privacy.service.js';

export const DeleteAccountSchema = z
  .object({
    password: z.string().min(1, 'Enter your password to delete your account.').max(1024).optional().openapi({
      description:
        'Required for an account with a password. One without (Google or passkey only) confirms by mail instead: POST /auth/me/deletion-confirmations.',
    }),
  })
  .openapi('DeleteAccountRequest');

export const DeletionConfirmationSentSchema = z
  .object({
    sent_to: z.string().openapi({ description: 'The account’s address, where the link went.' }),
    expires_at: z.iso.datetime().openapi({ description: 'The link works once, until then (30 minutes).' }),
  })
  .openapi('DeletionConfirmationSent');

export const DeletionTokenBodySchema = z
  .object({ token: z.string().min(1).max(200).openapi({ description: 'The `token` of the mailed link.' }) })
  .openapi('ConfirmAccountDeletionRequest');

const rows = z.array(z.record(z.string(), z.unknown()));

export const PersonalDataExportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    exported_at: z.iso.datetime(),
    user_id: z.string(),
    profile: z.record(z.string(), z.unknown()),
    mail_preferences: rows,
    onboarding: rows.openapi({ description: 'Whether and when the first-run checklist was hidden.' }),
    memberships: rows.openapi({ description: 'Each with its organization (name, slug) while it exists.' }),
    sessions: rows.openapi({
      description: 'Every sign-in still stored: device, address, times, how it ended.',
    }),
    api_tokens: rows.openapi({
      description: 'Metadata only (name, prefix, scopes, times); never the token or its hash.',
    }),
    passkeys: rows.openapi({
      description:
        'Registered passkeys: name, times of creation and last use, device type; not the public key.',
    }),
    activity: rows,
    installations: rows.openapi({ description: 'SDK installations linked to the account.' }),
    anonymous_users: rows,
    emails: rows.openapi({
      description: 'E-mails sent to the account: recipient, subject, template, status, time.',
    }),
    development_outbox: rows,
  })
  .openapi('PersonalDataExport');
