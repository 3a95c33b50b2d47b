import type { Connection } from 'mongoose';
import type { ApiRouter } from '../../lib/api-router.js';
import { healthHistory } from './health.service.js';
import { AnalyticsScopeQuerySchema, HealthHistorySchema } from './summaries.schemas.js';

export function registerHealthHistoryRoutes(
  api: ApiRouter,
  deps: { connection: Connection; intervalMs: number },
): void {
  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: 'service-wide health history: the same for every caller',
      path: '/analytics/health',
      summary: 'Uptime and average response time of the service over a period',
      description:
        'From the health samples every server process stores once per HEALTH_SAMPLE_INTERVAL_MS. Uptime is the share of sampling slots since the period began (or since the first sample ever) in which at least one process answered healthy; slots without any sample count as down. The average response time is that of the healthy checks. Service-wide: the same for every caller (docs/analytics.md).',
      tags: ['Analytics'],
      authenticated: true,
      tokenScope: 'analytics',
      query: AnalyticsScopeQuerySchema.pick({ period: true }),
      responses: { 200: { description: 'Health history', schema: HealthHistorySchema } },
    },
    async (req, res) => {
      res.json(await healthHistory(deps, req.valid.query.period));
    },
  );
}
