import type { Request } from 'express';
import type { ApiRouter } from '../../lib/api-router.js';
import { authOf } from '../../core/auth-context.js';
import {
  AnonymousUserListSchema,
  InstallationListSchema,
  ListAnonymousUsersQuery,
  ListInstallationsQuery,
} from './ingest-reads.schemas.js';
import type { TrackingService } from './ingest.types.js';

/** The dashboard's reads (GET /installations, /anonymous-users) on the main API router. */
export function registerTrackingReadRoutes(api: ApiRouter, tracking: TrackingService): void {
  const tags = ['Tracking'];
  const access =
    'Signed-in members of the organization that owns the application, or API tokens with the analytics scope for their own application; another tenant’s application answers 404.';
  const reader = (req: Request) => {
    const caller = authOf(req);
    return { userId: caller.userId, applicationId: caller.applicationId };
  };

  api.route(
    {
      method: 'get',
      permission: 'analytics:read',
      path: '/installations',
      summary: 'Installations of the caller’s applications',
      description: `Newest last_seen_at first. ${access}`,
      tags,
      authenticated: true,
      tokenScope: 'analytics',
      query: ListInstallationsQuery,
      responses: {
        200: { description: 'Installations', schema: InstallationListSchema },
        404: { description: 'Application not found or another tenant’s' },
      },
    },
    async (req, res) => {
      res.json(await tracking.listInstallations(reader(req), req.valid.query));
    },
  );

  api.route(
    {
      method: 'get',
      permission: 'analytics:read',
      path: '/anonymous-users',
      summary: 'Anonymous users of the caller’s applications',
      description: `Newest last_activity_at first. ${access}`,
      tags,
      authenticated: true,
      tokenScope: 'analytics',
      query: ListAnonymousUsersQuery,
      responses: {
        200: { description: 'Anonymous users', schema: AnonymousUserListSchema },
        404: { description: 'Application not found or another tenant’s' },
      },
    },
    async (req, res) => {
      res.json(await tracking.listAnonymousUsers(reader(req), req.valid.query));
    },
  );
}
