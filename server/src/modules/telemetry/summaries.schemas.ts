import { z } from '../../lib/openapi.js';
import { ObjectIdParam } from '../../core/schemas.js';

// The API contract of the analytics screens (issue #11). The dashboard's /analytics, /logs,
// application logs and dashboard cards are built against these shapes; keep field names stable.

/** The analytics screen's periods (SPEC §9) and their length in hours. */
export const ANALYTICS_PERIODS = { '24h': 24, '7d': 168, '30d': 720, '90d': 2160 } as const;
export type AnalyticsPeriod = keyof typeof ANALYTICS_PERIODS;
/** Periods up to a week are charted per hour, longer ones per day. */
export const HOURLY_TIMESERIES_MAX_HOURS = 168;

const PeriodSchema = z
  .enum(Object.keys(ANALYTICS_PERIODS) as [AnalyticsPeriod])
  .default('24h')
  .openapi({ description: '24h, 7d, 30d or 90d (default 24h).' });

export const AnalyticsScopeQuerySchema = z.object({
  period: PeriodSchema,
  organization_id: ObjectIdParam.optional(),
  project_id: ObjectIdParam.optional(),
  application_id: ObjectIdParam.optional(),
});

const TotalsSchema = z
  .object({
    requests: z.number().int().openapi({ description: 'API calls (product and embedding API).' }),
    errors: z.number().int().openapi({ description: 'API calls answered with a status of 400 or more.' }),
    error_rate: z.number().openapi({ description: 'errors / requests in percent, 0 without requests.' }),
    events: z.number().int().openapi({ description: 'Tracked SDK events.' }),
    active_users: z
      .number()
      .int()
      .openapi({ description: 'Distinct users (registered and anonymous) active in the period.' }),
    registered_users: z
      .number()
      .int()
      .openapi({ description: 'Distinct registered users active in the period.' }),
    anonymous_users: z
      .number()
      .int()
      .openapi({ description: 'Distinct anonymous users active in the period.' }),
    installations: z.number().int().openapi({ description: 'Installations known in the scope (all time).' }),
    active_installations: z
      .number()
      .int()
      .openapi({ description: 'Installations seen in the last 24 hours (SPEC §9).' }),
    tokens_active: z
      .number()
      .int()
      .openapi({ description: 'API tokens that are neither revoked nor expired.' }),
  })
  .openapi('AnalyticsTotals');

export const AnalyticsSummarySchema = z
  .object({
    period: PeriodSchema,
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    totals: TotalsSchema,
    timeseries: z.array(
      z.object({
        t: z.iso
          .datetime()
          .openapi({ description: 'Start of the bucket: hourly up to 7d, daily for 30d and 90d.' }),
        requests: z.number().int(),
        errors: z.number().int(),
        events: z.number().int(),
        active_users: z.number().int(),
      }),
    ),
    top_endpoints: z.array(
      z.object({
        endpoint: z.string().openapi({ description: 'The route pattern, e.g. /api/v1/projects/:id.' }),
        method: z.string(),
        count: z.number().int(),
        error_rate: z.number(),
        p95_ms: z.number().nullable(),
      }),
    ),
    top_events: z.array(z.object({ event: z.string(), count: z.number().int() })),
    latency_ms: z.object({
      p50: z.number().nullable(),
      p95: z.number().nullable(),
      p99: z.number().nullable(),
    }),
    compare: TotalsSchema.openapi({ description: 'The same totals for the period before.' }),
  })
  .openapi('AnalyticsSummary');

export const FunctionStatisticsSchema = z
  .object({
    period: PeriodSchema,
    cards: z.object({
      total_requests: z.number().int(),
      unique_functions: z.number().int(),
      resource_types: z.number().int(),
      avg_response_ms: z.number().nullable(),
    }),
    functions: z.array(
      z.object({
        rank: z.number().int(),
        function: z
          .string()
          .openapi({ description: 'METHOD and route pattern, e.g. "GET /api/v1/projects".' }),
        resource_type: z.string(),
        count: z.number().int(),
        avg_response_ms: z.number().nullable(),
        success_rate: z
          .number()
          .openapi({ description: 'Percent of calls with a status below 400 (SPEC §9).' }),
      }),
    ),
  })
  .openapi('FunctionStatistics');

export const HealthHistorySchema = z
  .object({
    period: PeriodSchema,
    uptime_percent: z.number().nullable().openapi({
      description: 'Share of health samples that answered healthy; null before the first sample.',
    }),
    avg_response_ms: z.number().nullable(),
    samples: z.number().int(),
    last_checked_at: z.iso.datetime().nullable(),
  })
  .openapi('HealthHistory');
