import mongoose, { type Connection, Types } from 'mongoose';
import type { ApiRouter } from '../../lib/api-router.js';
import { AppError } from '../../lib/errors.js';
import { paginateNewestFirst } from '../../lib/pagination.js';
import { authOf } from '../auth/index.js';
import { OrganizationErrors } from '../organizations/index.js';
import { activityLogModel, type ActivityLog } from './activity.model.js';
import {
  ACTIVITY_DEFAULT_LIMIT,
  ACTIVITY_MAX_LIMIT,
  ActivityLogListSchema,
  ActivityQuerySchema,
} from './activity.schemas.js';

function view(entry: ActivityLog) {
  const id = (value: Types.ObjectId | null) => (value ? String(value) : null);
  return {
    ...entry,
    _id: undefined,
    __v: undefined,
    id: String(entry._id),
    created_at: entry.created_at.toISOString(),
    user_id: id(entry.user_id),
    organization_id: id(entry.organization_id),
    project_id: id(entry.project_id),
    application_id: id(entry.application_id),
  };
}

export function registerActivityRoutes(
  api: ApiRouter,
  deps: { connection: Connection; organizationIdsOf(userId: string): Promise<Types.ObjectId[]> },
): void {
  const ActivityLogs = activityLogModel(deps.connection);

  api.route(
    {
      method: 'get',
      path: '/activity-logs',
      summary: "Audit trail of the caller's organizations",
      description:
        "Entries of the organizations where the caller is an active member, plus the caller's own account events; newest first.",
      tags: ['Activity'],
      authenticated: true,
      tokenScope: 'analytics',
      query: ActivityQuerySchema,
      responses: {
        200: { description: 'Entries', schema: ActivityLogListSchema },
        404: { description: 'Organization not among the caller’s' },
      },
    },
    async (req, res) => {
      const caller = authOf(req);
      const query = req.valid.query;
      // An API token sees only its application's organization, not its owner's account events.
      const organizationIds = (await deps.organizationIdsOf(caller.userId)).filter(
        (id) => !caller.organizationId || String(id) === caller.organizationId,
      );
      const filter: Record<string, unknown> = {};
      if (query.organization_id) {
        if (!organizationIds.some((id) => String(id) === query.organization_id))
          throw new AppError(OrganizationErrors.NOT_FOUND);
        filter.organization_id = new Types.ObjectId(query.organization_id);
      } else {
        filter.$or = [
          { organization_id: mongoose.trusted({ $in: organizationIds }) },
          ...(caller.via === 'session' ? [{ user_id: new Types.ObjectId(caller.userId) }] : []),
        ];
      }
      if (query.project_id) filter.project_id = new Types.ObjectId(query.project_id);
      if (query.action) filter.action = query.action;
      if (query.resource_type) filter.resource_type = query.resource_type;
      if (query.since) filter.created_at = mongoose.trusted({ $gte: new Date(query.since) });
      const page = await paginateNewestFirst(ActivityLogs, filter, query, {
        defaultLimit: ACTIVITY_DEFAULT_LIMIT,
        maxLimit: ACTIVITY_MAX_LIMIT,
      });
      res.json({ data: page.data.map(view), next_cursor: page.next_cursor });
    },
  );
}
