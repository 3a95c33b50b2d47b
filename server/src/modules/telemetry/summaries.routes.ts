import type { ApiRouter } from '../../lib/api-router.js';
import { authOf } from '../../core/auth-context.js';
import type { AnalyticsService } from './summaries.types.js';
import {
  AnalyticsScopeQuerySchema,
  AnalyticsSummarySchema,
  FunctionStatisticsSchema,
} from './summaries.schemas.js';

export function registerAnalyticsRoutes(api: ApiRouter, analytics: AnalyticsService): void {
  const tags = ['Analytics'];
  const access =
    'Without filters: every organization where the caller is an active member. organization_id, project_id and application_id narrow it; another tenant’s id answers 404 like one that does not exist. An API token (analytics scope) reads its own application’s organization, project and application only. Totals and charts come from hourly and daily rollups (docs/analytics.md); what this process logged in the last second is written before it reads.';
  const notFound = { description: 'Organization, project or application not among the caller’s' };

  api.route(
    {
      method: 'get',
      permission: 'analytics:read',
      path: '/analytics/summary',
      summary: 'Requests, errors, events, users, latency and top endpoints of a period',
      description: `Totals with the previous period for comparison, a time series (hourly up to 7d, daily for 30d and 90d), top endpoints and events, latency percentiles from a fixed histogram. ${access}`,
      tags,
      authenticated: true,
      tokenScope: 'analytics',
      query: AnalyticsScopeQuerySchema,
      responses: { 200: { description: 'Summary', schema: AnalyticsSummarySchema }, 404: notFound },
    },
    async (req, res) => {
      res.json(await analytics.summary(authOf(req), req.valid.query));
    },
  );

  api.route(
    {
      method: 'get',
      permission: 'analytics:read',
      path: '/analytics/functions',
      summary: 'Function statistics: usage, response time and success rate per API route',
      description: `Every route called in the period (METHOD and route pattern), most used first, with the four summary cards. Success means a status below 400 (SPEC §9). ${access}`,
      tags,
      authenticated: true,
      tokenScope: 'analytics',
      query: AnalyticsScopeQuerySchema,
      responses: {
        200: { description: 'Function statistics', schema: FunctionStatisticsSchema },
        404: notFound,
      },
    },
    async (req, res) => {
      res.json(await analytics.functions(authOf(req), req.valid.query));
    },
  );
}
