import type { ApiRouter } from '../../lib/api-router.js';
import { HealthSchema } from './health.schemas.js';
import { createHealthCheck, type HealthDependencies } from './health.service.js';

export function registerHealthRoutes(api: ApiRouter, deps: HealthDependencies): void {
  const check = createHealthCheck(deps);
  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: 'public health check',
      path: '/health',
      summary: 'Service health',
      description: 'Answers 200 when the API and its database are up, 503 when the database is unreachable.',
      tags: ['Health'],
      responses: {
        200: { description: 'Healthy', schema: HealthSchema },
        503: { description: 'The database is unreachable', schema: HealthSchema },
      },
    },
    async (_req, res) => {
      const health = await check();
      res.status(health.status === 'ok' ? 200 : 503).json(health);
    },
  );
}
