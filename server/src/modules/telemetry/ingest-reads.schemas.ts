import { listSchema, PageQuerySchema } from '../../lib/pagination.js';
import { z } from '../../lib/openapi.js';
import { ObjectIdParam } from '../../core/schemas.js';
import { InstallationIdSchema } from './ingest.schemas.js';

// The dashboard's reads of what the SDKs sent (GET /installations, GET /anonymous-users).

const BooleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const ListInstallationsQuery = PageQuerySchema.extend({
  application_id: ObjectIdParam.optional().openapi({
    description: 'Default: every application the caller can see (an API token: its own).',
  }),
  is_anonymous: BooleanFlag.optional(),
  active: BooleanFlag.optional().openapi({
    description: 'true: seen in the last 24 hours; false: not seen for 24 hours.',
  }),
});

export const ListAnonymousUsersQuery = PageQuerySchema.extend({
  application_id: ObjectIdParam.optional().openapi({
    description: 'Default: every application the caller can see (an API token: its own).',
  }),
  installation_id: InstallationIdSchema.optional(),
});

const Nullable = {
  string: z.string().nullable(),
  datetime: z.iso.datetime().nullable(),
};

export const InstallationSchema = z
  .object({
    id: z.string(),
    installation_id: z.string(),
    application_id: z.string(),
    project_id: z.string(),
    organization_id: z.string(),
    device_info: z.object({
      platform: Nullable.string,
      user_agent: Nullable.string,
      language: Nullable.string,
      timezone: Nullable.string,
      screen_resolution: Nullable.string,
      color_depth: z.number().nullable(),
      device_memory: z.number().nullable(),
      hardware_concurrency: z.number().nullable(),
    }),
    environment_info: z.object({
      url: Nullable.string,
      referrer: Nullable.string,
      timestamp: Nullable.datetime,
      session_id: Nullable.string,
    }),
    is_anonymous: z.boolean(),
    is_active: z.boolean(),
    anonymous_id: Nullable.string,
    user_id: Nullable.string.openapi({
      description: 'The account linked by identify or an embedding sign-in.',
    }),
    reported_user_id: Nullable.string.openapi({
      description: 'user_id as the client reported it (unverified).',
    }),
    linked_at: Nullable.datetime,
    session_count: z.number().int(),
    total_events: z.number().int(),
    sdk_version: Nullable.string,
    first_seen_at: z.iso.datetime(),
    last_seen_at: z.iso.datetime(),
  })
  .openapi('Installation');

export const AnonymousUserSchema = z
  .object({
    id: z.string(),
    anonymous_id: z.string(),
    display_name: z.string(),
    installation_id: Nullable.string,
    application_id: z.string(),
    project_id: z.string(),
    organization_id: z.string(),
    user_id: Nullable.string,
    linked_at: Nullable.datetime,
    first_seen_at: z.iso.datetime(),
    last_activity_at: z.iso.datetime(),
  })
  .openapi('AnonymousUser');

export const InstallationListSchema = listSchema(InstallationSchema, 'InstallationList');
export const AnonymousUserListSchema = listSchema(AnonymousUserSchema, 'AnonymousUserList');
