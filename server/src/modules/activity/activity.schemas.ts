import { z } from '../../lib/openapi.js';
import { listSchema } from '../../lib/pagination.js';
import { ACTIVITY_SOURCES, RESOURCE_TYPES } from '../../core/audit.js';

const ObjectId = z.string().regex(/^[0-9a-f]{24}$/i, 'Not a valid id.');

export const ACTIVITY_DEFAULT_LIMIT = 10;
export const ACTIVITY_MAX_LIMIT = 500;
/** The log screens' periods (SPEC §9): the last day, week, month, or everything. */
export const ACTIVITY_PERIODS = { '1d': 1, '7d': 7, '30d': 30, all: null } as const;
export const USER_TYPES = ['registered', 'anonymous'] as const;

/** Which entries: the filters of the logs screens, shared by the list and the export. */
export const ActivityFilterSchema = z.object({
  since: z.iso
    .datetime({ offset: true })
    .optional()
    .openapi({ description: 'Only entries at or after this time.' }),
  period: z
    .enum(Object.keys(ACTIVITY_PERIODS) as [keyof typeof ACTIVITY_PERIODS])
    .optional()
    .openapi({ description: '1d, 7d, 30d or all (default all); combines with since.' }),
  action: z.string().max(100).optional(),
  resource_type: z.enum(RESOURCE_TYPES).optional(),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .openapi({ description: 'Text found in the action, resource type or endpoint (case-insensitive).' }),
  user_type: z
    .enum(USER_TYPES)
    .optional()
    .openapi({ description: 'registered: by a known account; anonymous: without one (e.g. not signed in).' }),
  organization_id: ObjectId.optional(),
  project_id: ObjectId.optional(),
  application_id: ObjectId.optional(),
  installation_id: z.string().max(100).optional().openapi({ description: 'An installation id (inst_…).' }),
  source: z.enum(ACTIVITY_SOURCES).optional().openapi({
    description:
      'platform: written by the platform (audit, request log); sdk: sent by an SDK (POST /activity); dashboard: requests of team members’ dashboard sessions (listed only with this or include_dashboard=true).',
  }),
  include_dashboard: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true')
    .openapi({
      description:
        'true: also list the request-log rows of team members’ dashboard sessions (source dashboard), which are left out by default: they are not the application’s traffic.',
    }),
});
export type ActivityFilter = z.infer<typeof ActivityFilterSchema>;

/**
 * With a search term the total is counted up to this many entries: a pattern has no index, so an
 * exact count would read every entry of the period.
 */
export const ACTIVITY_TOTAL_CAP = 10_000;

export const ActivityQuerySchema = ActivityFilterSchema.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ACTIVITY_MAX_LIMIT)
    .optional()
    .openapi({ description: 'Default 10, at most 500.' }),
  cursor: z.string().max(200).optional(),
  include_total: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true')
    .openapi({
      description: `true: the answer also carries total, the number of all matching entries (for "Showing X of Y"). With search it is counted up to ${ACTIVITY_TOTAL_CAP.toLocaleString('en')} and total_capped says whether there are more.`,
    }),
});

/** Exports per account and minute. */
export const EXPORT_RATE_LIMIT = { limit: 10, windowS: 60 } as const;

export const EXPORT_FORMATS = ['csv', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const ActivityExportQuerySchema = ActivityFilterSchema.extend({
  format: z.enum(EXPORT_FORMATS).default('csv').openapi({
    description: 'csv (default; UTF-8 with BOM, header row) or ndjson (one JSON object a line).',
  }),
});

export const ActivityLogSchema = z
  .object({
    id: z.string(),
    created_at: z.iso.datetime(),
    action: z.string(),
    resource_type: z.enum(RESOURCE_TYPES),
    resource_id: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    endpoint: z.string().nullable(),
    method: z.string().nullable(),
    status_code: z.number().int().nullable(),
    response_time_ms: z.number().nullable(),
    ip_address: z.string().nullable(),
    sdk_version: z.string().nullable(),
    user_agent: z.string().nullable(),
    user_id: z.string().nullable(),
    anonymous_user_id: z.string().nullable(),
    installation_id: z.string().nullable(),
    organization_id: z.string().nullable(),
    project_id: z.string().nullable(),
    application_id: z.string().nullable(),
    source: z.enum(ACTIVITY_SOURCES).openapi({
      description:
        'sdk: sent by an SDK through POST /api/v1/activity with only the public application id (not verified); platform: written by the platform itself; dashboard: a request of a team member’s dashboard session.',
    }),
  })
  .openapi('ActivityLog');

export const ActivityLogListSchema = z
  .object({
    ...listSchema(ActivityLogSchema, 'ActivityLogList').shape,
    total: z.number().int().optional().openapi({ description: 'With include_total=true: matching entries.' }),
    total_capped: z
      .boolean()
      .optional()
      .openapi({
        description: `With include_total=true: true when the count stopped at ${ACTIVITY_TOTAL_CAP.toLocaleString('en')} (search only); total is then a lower bound.`,
      }),
  })
  .openapi('ActivityLogList');

/** The columns of the export, in order: every field of an entry (metadata as JSON). */
export const EXPORT_COLUMNS = Object.keys(ActivityLogSchema.shape) as (keyof z.infer<
  typeof ActivityLogSchema
>)[];
