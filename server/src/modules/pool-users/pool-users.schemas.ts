import { IMPORTED_BCRYPT_MAX_COST, isImportableBcryptHash } from '../../lib/passwords/index.js';
import { listSchema, PageQuerySchema } from '../../lib/pagination.js';
import { z } from '../../lib/openapi.js';
import { EmailSchema, ObjectIdParam } from '../../core/schemas.js';
import { SkillListSchema } from '../../core/skills.js';

/** Most users one import request may carry (JSON array entries or CSV rows). */
export const IMPORT_MAX_USERS = 10_000;

export const PoolParams = z.object({ project_id: ObjectIdParam });
export const PoolUserParams = z.object({ project_id: ObjectIdParam, user_id: ObjectIdParam });

const BooleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');
const Instant = z.iso.datetime({ offset: true });

export const ListPoolUsersQuery = PageQuerySchema.extend({
  q: z.string().trim().max(100).optional().openapi({
    description:
      'Part of the e-mail address or of the display name (case-insensitive substring; `@shop.example` finds a domain).',
  }),
  verified: BooleanFlag.optional().openapi({
    description: 'true: e-mail address confirmed; false: not yet.',
  }),
  second_factor: BooleanFlag.optional().openapi({
    description: 'true: an authenticator app or a passkey is set up; false: neither.',
  }),
  blocked: BooleanFlag.optional(),
  last_sign_in_after: Instant.optional().openapi({
    description: 'Last sign-in at or after this time (users who never signed in do not match).',
  }),
  last_sign_in_before: Instant.optional().openapi({
    description: 'Last sign-in before this time (users who never signed in do not match).',
  }),
});
export type ListPoolUsersQuery = z.infer<typeof ListPoolUsersQuery>;

export const PoolUserSchema = z
  .object({
    id: z.string(),
    email: z.email(),
    display_name: z.string(),
    is_verified: z.boolean().openapi({ description: 'The e-mail address is confirmed.' }),
    blocked: z.boolean(),
    blocked_at: z.iso.datetime().nullable(),
    has_password: z.boolean(),
    signs_in_with_google: z.boolean(),
    second_factor: z.boolean().openapi({ description: 'An authenticator app or a passkey is set up.' }),
    registered_application_id: z.string().nullable(),
    created_at: z.iso.datetime(),
    last_login_at: z.iso.datetime().nullable(),
    roles: z.array(z.string()).openapi({
      description:
        'Application roles of the project the user holds (names, sorted; PUT …/users/{user_id}/roles).',
    }),
    skills: SkillListSchema,
  })
  .openapi('PoolUser', { description: 'An end user of a project’s user pool.' });

export const PoolUserListSchema = listSchema(PoolUserSchema, 'PoolUserList');

export const PoolUserDetailSchema = PoolUserSchema.extend({
  sessions: z.array(
    z.object({
      id: z.string(),
      method: z.string(),
      application_id: z.string().nullable(),
      ip_address: z.string().nullable(),
      user_agent: z.string().nullable(),
      created_at: z.iso.datetime(),
      last_used_at: z.iso.datetime(),
      expires_at: z.iso.datetime(),
    }),
  ),
  second_factors: z.array(
    z.object({
      id: z.string(),
      type: z.enum(['totp', 'passkey']),
      name: z.string(),
      added_at: z.iso.datetime(),
    }),
  ),
  installations: z.array(
    z.object({
      installation_id: z.string(),
      application_id: z.string(),
      platform: z.string().nullable(),
      user_agent: z.string().nullable(),
      sdk_version: z.string().nullable(),
      linked_at: z.iso.datetime().nullable(),
      first_seen_at: z.iso.datetime(),
      last_seen_at: z.iso.datetime(),
    }),
  ),
  anonymous_users: z.array(
    z.object({
      anonymous_id: z.string(),
      application_id: z.string(),
      installation_id: z.string().nullable(),
      linked_at: z.iso.datetime().nullable(),
      first_seen_at: z.iso.datetime(),
      last_activity_at: z.iso.datetime(),
    }),
  ),
  recent_activity: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      application_id: z.string().nullable(),
      status_code: z.number().nullable(),
      ip_address: z.string().nullable(),
      user_agent: z.string().nullable(),
      created_at: z.iso.datetime(),
    }),
  ),
}).openapi('PoolUserDetail', {
  description:
    'The user with their live sessions, second factors, what the SDKs linked to them in the project’s applications (at most 50 installations and anonymous users) and their 20 latest audit entries (request-log rows left out).',
});

const bcryptHashMessage = `Not an importable bcrypt hash: $2a$, $2b$ or $2y$, cost 4 to ${IMPORTED_BCRYPT_MAX_COST}.`;

/** One user to import. Checked row by row: a bad row is reported in `errors`, the others import. */
export const ImportRowSchema = z
  .object({
    email: EmailSchema,
    // Empty (as exports write a missing value): the default name, no password.
    display_name: z.string().trim().max(100).nullish(),
    password_hash: z
      .string()
      .max(100)
      .refine((hash) => hash === '' || isImportableBcryptHash(hash), bcryptHashMessage)
      .nullish(),
    email_verified: z.boolean().nullish(),
  })
  .strict();
export type ImportRow = z.infer<typeof ImportRowSchema>;

/** What the document shows for each row (rows are checked one by one, against ImportRowSchema). */
const IMPORT_ROW_DOCUMENT = {
  type: 'object',
  required: ['email'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', format: 'email' },
    display_name: { type: ['string', 'null'], maxLength: 100, description: 'Default: the part before @.' },
    password_hash: {
      type: ['string', 'null'],
      description:
        'A bcrypt hash as other products export it ($2a$, $2b$, $2y$; cost 4–14). The user signs in with the old password; the first sign-in stores it again in this platform’s format. Without one, the user sets a password through the reset link (POST …/password-reset) or signs in another way the pool allows.',
    },
    email_verified: { type: ['boolean', 'null'], description: 'Default false.' },
  },
} as const;

export const ImportUsersSchema = z
  .object({
    users: z
      // Checked row by row in the service: a bad row is reported in `errors`, the others import.
      .array(z.unknown())
      .max(IMPORT_MAX_USERS, `At most ${IMPORT_MAX_USERS} users per request; split the file.`)
      .openapi({ items: IMPORT_ROW_DOCUMENT as never }),
  })
  .openapi('PoolUserImport');

export const ImportResultSchema = z
  .object({
    imported: z.number().int(),
    skipped: z
      .number()
      .int()
      .openapi({ description: 'Rows whose e-mail address is already in the pool (or earlier in the file).' }),
    errors: z.array(
      z.object({
        index: z
          .number()
          .int()
          .openapi({ description: 'Position in `users`, from 0 (CSV: 0 is the row after the header).' }),
        email: z.string().nullable(),
        reason: z.string(),
      }),
    ),
  })
  .openapi('PoolUserImportResult');
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const InviteUserSchema = z.object({ email: EmailSchema }).openapi('PoolUserInvite');

export const InvitedUserSchema = z
  .object({ user: PoolUserSchema, created: z.boolean() })
  .openapi('PoolUserInvited');

export const SessionsEndedSchema = z
  .object({ sessions_ended: z.number().int() })
  .openapi('PoolUserSignedOut');

export const SecondFactorResetSchema = z
  .object({
    removed: z.array(z.object({ id: z.string(), type: z.enum(['totp', 'passkey']), name: z.string() })),
  })
  .openapi('PoolUserSecondFactorReset');

export const ResetMailSentSchema = z.object({ sent_to: z.email() }).openapi('PoolUserResetMailSent');
