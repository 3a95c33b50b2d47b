import { z } from '../../lib/openapi.js';
import { ObjectIdParam } from '../../core/schemas.js';

// The API contract of product analytics (issue #35; names kept exactly as the issue gives them).

export const PERIODS = ['day', 'week', 'month'] as const;
export const UNITS = ['users', 'installations'] as const;
export const MAX_PERIODS = 52;
export const MAX_STEPS = 10;
/** The longest conversion window (the raw events' default retention). */
export const MAX_WINDOW_S = 90 * 86_400;
/** The longest range one read may cover. */
export const MAX_RANGE_DAYS = 400;

const Instant = z
  .string()
  .max(40)
  .refine((text) => /^\d{4}-\d{2}-\d{2}(T.+)?$/.test(text) && !Number.isNaN(Date.parse(text)), {
    message: 'An ISO 8601 date (2026-11-01) or date-time (2026-11-01T12:00:00Z).',
  });

const scope = {
  application_id: ObjectIdParam.optional().openapi({ description: 'The application (or project_id).' }),
  project_id: ObjectIdParam.optional().openapi({ description: 'Every application of the project.' }),
  format: z
    .enum(['json', 'csv'])
    .default('json')
    .openapi({ description: 'csv: the table as a CSV download (UTF-8 with BOM, header row).' }),
};
const range = {
  from: Instant.optional().openapi({ description: 'Start (inclusive); default 30 days before `to`.' }),
  to: Instant.optional().openapi({ description: 'End (exclusive); default now.' }),
};
const period = z
  .enum(PERIODS)
  .default('week')
  .openapi({ description: 'day, week (ISO, Monday) or month (UTC).' });
const periods = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_PERIODS)
  .default(12)
  .openapi({ description: `Periods shown, 1–${MAX_PERIODS} (default 12); the last one holds \`to\`.` });
const unit = z.enum(UNITS).default('users').openapi({
  description: 'users: registered users and anonymous ids (as the summary counts them); installations.',
});

export const PagesQuerySchema = z.object({
  ...scope,
  ...range,
  table: z
    .enum(['pages', 'referrers', 'entry_pages', 'exit_pages'])
    .default('pages')
    .openapi({ description: 'Which table format=csv exports.' }),
});

export const FunnelQuerySchema = z.object({
  ...scope,
  ...range,
  steps: z
    .string()
    .min(1)
    .max(2000)
    .openapi({
      description: `2–${MAX_STEPS} event names separated by commas, in order; a step may filter properties: \`purchase|plan=pro\`. \`journey\`: the built-in first_seen → signup → confirmed → first_login → second_visit.`,
    }),
  window: z
    .string()
    .regex(/^\d{1,5}[mhd]$/, 'A window like 30m, 24h or 7d.')
    .default('7d')
    .openapi({
      description: 'Conversion window from the first step: 30m, 24h, 7d … (at most 90d; default 7d).',
    }),
});

export const RetentionQuerySchema = z.object({
  ...scope,
  period,
  periods,
  unit,
  cohort: z.enum(['first_seen', 'signup']).default('first_seen').openapi({
    description: 'first_seen: first day active at all; signup: first day active as a registered user.',
  }),
  return_event: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: 'Count a return only on this event (installations); default any activity.' }),
  to: Instant.optional().openapi({ description: 'A time in the last period; default now.' }),
});

export const StickinessQuerySchema = z.object({
  ...scope,
  unit,
  date: Instant.optional().openapi({ description: 'The day (UTC) DAU is counted on; default today.' }),
});

export const LifecycleQuerySchema = z.object({
  ...scope,
  period,
  periods,
  unit,
  to: Instant.optional().openapi({ description: 'A time in the last period; default now.' }),
});

const Count = z.number().int();

export const PagesSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    page_views: Count,
    visitors: Count.openapi({ description: 'Distinct installations with a page view.' }),
    pages: z.array(z.object({ path: z.string(), views: Count, visitors: Count })),
    referrers: z.array(
      z.object({
        referrer: z.string().openapi({ description: 'Host of the entry view’s referrer, or (direct).' }),
        sessions: Count,
        visitors: Count,
      }),
    ),
    entry_pages: z.array(z.object({ path: z.string(), sessions: Count })),
    exit_pages: z.array(z.object({ path: z.string(), sessions: Count })),
    sessions: Count,
    avg_session_duration_s: z.number(),
    bounce_rate: z.number().openapi({ description: 'Sessions with one page view, in percent.' }),
  })
  .openapi('AnalyticsPages');

export const FunnelSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    window_s: Count,
    steps: z.array(
      z.object({
        name: z.string(),
        count: Count,
        conversion: z
          .number()
          .nullable()
          .openapi({ description: 'Percent of step 1; null when nobody entered.' }),
        conversion_from_previous: z.number().nullable(),
        drop_off: Count.openapi({ description: 'Visitors of the previous step who did not get here.' }),
        median_time_s: z.number().nullable().openapi({ description: 'Median time from the previous step.' }),
        anonymous: Count,
        registered: Count.openapi({ description: 'Installations linked to an account.' }),
      }),
    ),
  })
  .openapi('AnalyticsFunnel');

export const RetentionSchema = z
  .object({
    period: z.enum(PERIODS),
    periods: Count,
    unit: z.enum(UNITS),
    cohort: z.enum(['first_seen', 'signup']),
    return_event: z.string().nullable(),
    cohorts: z.array(
      z.object({
        start: z.string(),
        size: Count,
        returned: z
          .array(Count)
          .openapi({ description: 'returned[k]: of the cohort, active k periods later ([0] = size).' }),
      }),
    ),
  })
  .openapi('AnalyticsRetention');

export const StickinessSchema = z
  .object({
    date: z.string(),
    unit: z.enum(UNITS),
    dau: Count,
    wau: Count,
    mau: Count,
    dau_mau: z
      .number()
      .nullable()
      .openapi({ description: 'dau ÷ mau (0–1, 4 decimals); null without anyone.' }),
    avg_dau: z.number(),
    avg_dau_mau: z.number().nullable(),
  })
  .openapi('AnalyticsStickiness');

export const LifecycleSchema = z
  .object({
    period: z.enum(PERIODS),
    unit: z.enum(UNITS),
    periods: z.array(
      z.object({
        start: z.string(),
        active: Count,
        new: Count,
        returning: Count,
        resurrecting: Count,
        dormant: Count.openapi({ description: 'Active the period before, not in this one.' }),
      }),
    ),
  })
  .openapi('AnalyticsLifecycle');
