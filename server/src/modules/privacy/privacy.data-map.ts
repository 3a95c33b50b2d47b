import type { Types } from 'mongoose';
import { isPlatformPool } from '../../core/pools.js';
/**
 * Every collection that holds personal data of an account, with how it is found, exported and
 * erased: the one inventory behind GET /auth/me/export, DELETE /auth/me and docs/privacy.md.
 * A collection that starts holding personal data must be added here (privacy tests check the
 * export and the erasure against the database).
 *
 * `erase: 'delete'` removes the documents; `anonymize` keeps them — counts, statuses and times
 * stay, so aggregate figures (activity totals, e-mail volumes, installations) do not change — and
 * overwrites what identifies the person. Ids of a deleted account that remain elsewhere (created_by
 * of an organization, project or application) point to nothing once the profile is gone.
 */
export interface PersonalDataEntry {
  collection: string;
  /** The export's key; null: erased but not exported (hashes and other secrets only). */
  section: string | null;
  /** How the account's documents are found: its id in one of these fields, or its address. */
  byUserId?: string[];
  byEmail?: string[];
  /** Fields never exported (hashes, secrets). */
  omit?: string[];
  erase: 'delete' | { anonymize: Record<string, unknown> };
}

export const PERSONAL_DATA: readonly PersonalDataEntry[] = [
  {
    collection: 'profiles',
    section: 'profile',
    byUserId: ['_id'],
    omit: ['password_hash', 'google_id'],
    erase: 'delete',
  },
  { collection: 'email_preferences', section: 'mail_preferences', byUserId: ['user_id'], erase: 'delete' },
  // Whether the person hid the first-run checklist (issue #36).
  { collection: 'onboarding_states', section: 'onboarding', byUserId: ['user_id'], erase: 'delete' },
  { collection: 'organization_members', section: 'memberships', byUserId: ['user_id'], erase: 'delete' },
  {
    collection: 'auth_sessions',
    section: 'sessions',
    byUserId: ['user_id'],
    erase: 'delete',
    // The session's refresh-token hashes and the key that signs its tokens (refresh rotation, #38): secrets.
    omit: ['refresh_secret_hash', 'refresh_family_key', 'refresh_token_hash', 'previous_refresh_token_hash'],
  },
  { collection: 'refresh_tokens', section: null, byUserId: ['user_id'], erase: 'delete' },
  { collection: 'auth_tokens', section: null, byUserId: ['user_id'], erase: 'delete' },
  // E-mail sign-in codes (hashed, 10 minutes): secrets, erased with the account.
  { collection: 'auth_email_codes', section: null, byUserId: ['user_id'], erase: 'delete' },
  { collection: 'invitation_leave_tokens', section: null, byUserId: ['user_id'], erase: 'delete' },
  // "This wasn't me" links of second-factor changes: single-use secrets, erased with the account.
  { collection: 'factor_change_undo_links', section: null, byUserId: ['user_id'], erase: 'delete' },
  { collection: 'mfa_factors', section: null, byUserId: ['user_id'], erase: 'delete' },
  { collection: 'mfa_challenges', section: null, byUserId: ['user_id'], erase: 'delete' },
  // Passkeys: their names, dates and device type are exported; the public key and counter are not
  // (they identify the authenticator and say nothing to the person).
  {
    collection: 'mfa_passkeys',
    section: 'passkeys',
    byUserId: ['user_id'],
    omit: ['public_key', 'counter'],
    erase: 'delete',
  },
  { collection: 'mfa_webauthn_challenges', section: null, byUserId: ['user_id'], erase: 'delete' },
  {
    collection: 'api_tokens',
    section: 'api_tokens',
    byUserId: ['user_id'],
    omit: ['token_hash'],
    erase: 'delete',
  },
  {
    collection: 'activity_logs',
    section: 'activity',
    byUserId: ['user_id'],
    erase: { anonymize: { user_id: null, ip_address: null, user_agent: null, metadata: {} } },
  },
  // Entries about the account written by others' actions (sign-ins, confirmations) name it as resource.
  {
    collection: 'activity_logs',
    section: null,
    byUserId: ['resource_id'],
    erase: { anonymize: { resource_id: null } },
  },
  // The account's number in the activity bitmaps (analytics): the number stays counted in past
  // buckets; what ties it to the person goes.
  { collection: 'analytics_identities', section: null, byUserId: ['key'], erase: 'delete' },
  {
    collection: 'installations',
    section: 'installations',
    byUserId: ['user_id'],
    omit: ['recent_session_ids'],
    erase: {
      anonymize: {
        user_id: null,
        reported_user_id: null,
        linked_at: null,
        is_anonymous: true,
        environment_info: null,
      },
    },
  },
  {
    collection: 'anonymous_users',
    section: 'anonymous_users',
    byUserId: ['user_id'],
    erase: { anonymize: { user_id: null, linked_at: null } },
  },
  {
    collection: 'email_logs',
    section: 'emails',
    byUserId: ['user_id'],
    byEmail: ['recipient_email'],
    erase: {
      anonymize: {
        user_id: null,
        recipient_email: 'erased',
        subject: '',
        message_id: null,
        error_message: null,
      },
    },
  },
  {
    collection: 'dev_outbox',
    section: 'development_outbox',
    byEmail: ['to'],
    omit: ['html', 'text'],
    erase: 'delete',
  },
];

/**
 * The account's documents in one collection: its id (stored as ObjectId or as string) or address.
 * `email` null: by id only — an end user's address may also be another pool's account, whose
 * documents are not theirs (see addressOf); a collection found only by address then matches nothing.
 */
export function ownerFilter(entry: PersonalDataEntry, userId: Types.ObjectId, email: string | null) {
  const clauses: Record<string, unknown>[] = [
    ...(entry.byUserId ?? []).map((field) => ({ [field]: { $in: [userId, userId.toHexString()] } })),
    ...(email === null ? [] : (entry.byEmail ?? []).map((field) => ({ [field]: email }))),
  ];
  if (clauses.length === 0) return { _id: { $in: [] } };
  return clauses.length === 1 ? clauses[0]! : { $or: clauses };
}

/**
 * The address by which an account's documents are also found: a platform account's. The same
 * address in a project's pool is another account (core/pools.ts), and mails to the address are
 * not all that one's, so an end user's documents are found by id only.
 */
export function addressOf(user: { email: string; pool_id?: string | null }): string | null {
  return isPlatformPool(user.pool_id) ? user.email : null;
}
