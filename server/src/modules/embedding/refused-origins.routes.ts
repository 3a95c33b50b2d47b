import type { Connection } from 'mongoose';
import type { ApiRouter } from '../../lib/api-router.js';
import { z } from '../../lib/openapi.js';
import { resourceRouteSpecs } from '../../core/resource-routes.js';
import { applicationCallerOf, type ApplicationsService } from '../applications/index.js';
import { createRefusedOrigins, REFUSED_ORIGINS_KEPT, REFUSED_ORIGIN_TTL_MS } from './refused-origins.js';

const RefusedOriginSchema = z
  .object({
    origin: z.string().openapi({ example: 'https://shop.example.com' }),
    count: z.number().int().openapi({ description: 'Refusals seen (may lag by up to a minute).' }),
    first_seen_at: z.string().openapi({ format: 'date-time' }),
    last_seen_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('RefusedOrigin');

const RefusedOriginListSchema = z
  .object({
    origins: z.array(RefusedOriginSchema),
    kept: z.number().int().openapi({ description: 'At most this many origins are kept.' }),
  })
  .openapi('RefusedOriginList');

/** The API endpoint's origin is allowed too (applications.views.ts corsOrigins). */
function allowedNow(view: { allowed_origins: string[]; api_endpoint: string | null }): string[] {
  const origins = [...view.allowed_origins];
  if (view.api_endpoint) {
    try {
      origins.push(new URL(view.api_endpoint).origin);
    } catch {
      // a stored endpoint is a URL; nothing to add otherwise
    }
  }
  return origins;
}

/**
 * GET /api/v1/applications/:id/refused-origins: for the application's page in the dashboard,
 * the origins browsers called it from and were refused. Allowing one is the usual
 * PATCH /applications/:id with it added to allowed_origins; it then leaves this list.
 */
export function registerRefusedOriginRoutes(
  api: ApiRouter,
  deps: { applications: ApplicationsService; connection: Connection },
): void {
  const refused = createRefusedOrigins(deps.connection);
  const specs = resourceRouteSpecs(['Applications'], {
    description: 'No such active application among the caller’s (also for other tenants’ ids)',
  });
  api.route(
    specs.item({
      method: 'get',
      permission: 'application:read',
      path: '/applications/:id/refused-origins',
      summary: 'Origins refused for an application',
      description: `Browser origins that asked for this application (the SDK's and the widget's start-up origin check, refused embedding and ingest calls) and were refused because they are not among its allowed origins, newest first: at most ${REFUSED_ORIGINS_KEPT}, each for ${REFUSED_ORIGIN_TTL_MS / 86_400_000} days after it was last seen. Origins allowed since are left out. Allow one with PATCH /api/v1/applications/{id} (allowed_origins).`,
      tokenScope: 'read',
      responses: { 200: { description: 'Refused origins', schema: RefusedOriginListSchema } },
    }),
    async (req, res) => {
      const view = await deps.applications.get(applicationCallerOf(req), req.valid.params.id);
      const origins = await refused.list(view.id, allowedNow(view));
      res.json({
        origins: origins.map((entry) => ({
          ...entry,
          first_seen_at: entry.first_seen_at.toISOString(),
          last_seen_at: entry.last_seen_at.toISOString(),
        })),
        kept: REFUSED_ORIGINS_KEPT,
      });
    },
  );
}
