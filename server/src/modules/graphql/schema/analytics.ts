import type { Page } from '../../../lib/pagination.js';
import { activityFilterFor, type ActivityLogService } from '../../activity/index.js';
import type { AnalyticsService } from '../../telemetry/index.js';
import { builder, connectionOf, pageArgs, pageQuery } from '../graphql.builder.js';
import { asRoute, restFields } from '../graphql.operations.js';

type Summary = Awaited<ReturnType<AnalyticsService['summary']>>;
type SummaryQuery = Parameters<AnalyticsService['summary']>[1];
type Entry = Awaited<ReturnType<ActivityLogService['page']>> extends Page<infer T> ? T : never;
type ActivityQuery = Parameters<typeof activityFilterFor>[2] & { limit?: number; cursor?: string };

const AnalyticsTotals = builder.objectRef<Summary['totals']>('AnalyticsTotals').implement({
  fields: (t) => ({
    requests: t.exposeInt('requests'),
    errors: t.exposeInt('errors'),
    errorRate: t.exposeFloat('error_rate', { description: 'errors / requests in percent.' }),
    events: t.exposeInt('events'),
    activeUsers: t.exposeInt('active_users'),
    registeredUsers: t.exposeInt('registered_users'),
    anonymousUsers: t.exposeInt('anonymous_users'),
    installations: t.exposeInt('installations'),
    activeInstallations: t.exposeInt('active_installations'),
    tokensActive: t.exposeInt('tokens_active'),
  }),
});

const Latency = builder.objectRef<Summary['latency_ms']>('AnalyticsLatency').implement({
  fields: (t) => ({
    p50: t.exposeFloat('p50', { nullable: true }),
    p95: t.exposeFloat('p95', { nullable: true }),
    p99: t.exposeFloat('p99', { nullable: true }),
  }),
});

const AnalyticsSummary = builder.objectRef<Summary>('AnalyticsSummary').implement({
  description:
    'Totals, series and top lists of a period (REST GET /analytics/summary, schema AnalyticsSummary).',
  fields: (t) => ({
    period: t.exposeString('period'),
    from: t.expose('from', { type: 'DateTime' }),
    to: t.expose('to', { type: 'DateTime' }),
    totals: t.field({ type: AnalyticsTotals, resolve: (summary) => summary.totals }),
    compare: t.field({
      type: AnalyticsTotals,
      description: 'The same totals for the period before.',
      resolve: (summary) => summary.compare,
    }),
    latencyMs: t.field({ type: Latency, resolve: (summary) => summary.latency_ms }),
    timeseries: t.field({ type: 'JSON', resolve: (summary) => summary.timeseries }),
    topEndpoints: t.field({ type: 'JSON', resolve: (summary) => summary.top_endpoints }),
    topEvents: t.field({ type: 'JSON', resolve: (summary) => summary.top_events }),
  }),
});

const id = (value: unknown) => (value ? String(value) : null);

const ActivityLog = builder.objectRef<Entry>('ActivityLog').implement({
  description: 'An entry of the audit trail or request log (REST GET /activity-logs, schema ActivityLog).',
  fields: (t) => ({
    id: t.id({ resolve: (entry) => String(entry._id) }),
    createdAt: t.field({ type: 'DateTime', resolve: (entry) => entry.created_at.toISOString() }),
    action: t.exposeString('action'),
    resourceType: t.exposeString('resource_type'),
    resourceId: t.string({ nullable: true, resolve: (entry) => id(entry.resource_id) }),
    metadata: t.field({ type: 'JSON', resolve: (entry) => entry.metadata ?? {} }),
    endpoint: t.string({ nullable: true, resolve: (entry) => entry.endpoint ?? null }),
    method: t.string({ nullable: true, resolve: (entry) => entry.method ?? null }),
    statusCode: t.int({ nullable: true, resolve: (entry) => entry.status_code ?? null }),
    userId: t.id({ nullable: true, resolve: (entry) => id(entry.user_id) }),
    organizationId: t.id({ nullable: true, resolve: (entry) => id(entry.organization_id) }),
    projectId: t.id({ nullable: true, resolve: (entry) => id(entry.project_id) }),
    applicationId: t.id({ nullable: true, resolve: (entry) => id(entry.application_id) }),
    source: t.string({ resolve: (entry) => (entry.source === 'sdk' ? 'sdk' : 'platform') }),
  }),
});

const ActivityLogConnection = connectionOf('ActivityLog', ActivityLog, 'Entries, newest first.');

const scopeArgs = builder.args((t) => ({
  organizationId: t.id(),
  projectId: t.id(),
  applicationId: t.id(),
}));

builder.queryFields((t) => ({
  analyticsSummary: t.field({
    type: AnalyticsSummary,
    nullable: true,
    description:
      "A period's analytics of the caller's organizations, or of one organization, project or application.",
    args: { ...scopeArgs, period: t.arg.string({ description: '24h (default), 7d, 30d or 90d.' }) },
    resolve: async (_root, args, ctx) => {
      const { caller, query } = await asRoute<unknown, SummaryQuery>(ctx, 'GET /analytics/summary', {
        query: restFields(args),
      });
      return ctx.services.analytics.summary(caller, query);
    },
  }),
  activityLogs: t.field({
    type: ActivityLogConnection,
    nullable: true,
    description:
      "The audit trail of the caller's organizations and own account (`first` up to 500, as REST).",
    // REST's ACTIVITY_MAX_LIMIT: the logs screens page through more rows than other lists.
    extensions: { maxFirst: 500 },
    args: {
      ...pageArgs,
      ...scopeArgs,
      action: t.arg.string(),
      resourceType: t.arg.string(),
      search: t.arg.string(),
      period: t.arg.string({ description: '1d, 7d, 30d or all.' }),
      since: t.arg({ type: 'DateTime' }),
      source: t.arg.string({ description: 'platform or sdk.' }),
    },
    resolve: async (_root, args, ctx) => {
      const { first, after, ...filters } = args;
      const { caller, query } = await asRoute<unknown, ActivityQuery>(ctx, 'GET /activity-logs', {
        query: { ...pageQuery({ first, after }), ...restFields(filters) },
      });
      const { organizations, applications, activity } = ctx.services;
      const filter = await activityFilterFor(
        {
          organizationIdsOf: (userId) => organizations.organizationIdsOf(userId),
          authorizeApplication: (application, applicationId) => applications.get(application, applicationId),
        },
        caller,
        query,
      );
      return activity.page(filter, query);
    },
  }),
}));
