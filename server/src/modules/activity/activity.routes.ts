import mongoose, { type Connection, Types } from 'mongoose';
import type { ApiRouter } from '../../lib/api-router.js';
import { AppError } from '../../lib/errors.js';
import { paginateNewestFirst } from '../../lib/pagination.js';
import type { ApplicationCaller } from '../applications/index.js';
import { authOf } from '../auth/index.js';
import { OrganizationErrors } from '../organizations/index.js';
import { activityLogModel, type ActivityLog } from './activity.model.js';
import {
  ACTIVITY_DEFAULT_LIMIT,
  ACTIVITY_MAX_LIMIT,
  ACTIVITY_PERIODS,
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

/** A literal text as a regular expression: every character that means something is escaped. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function registerActivityRoutes(
  api: ApiRouter,
  deps: {
    connection: Connection;
    organizationIdsOf(userId: string): Promise<Types.ObjectId[]>;
    /** The caller's application (404 when it is not: another tenant's, or not the API token's own). */
    authorizeApplication(caller: ApplicationCaller, applicationId: string): Promise<unknown>;
  },
): void {
  const ActivityLogs = activityLogModel(deps.connection);

  api.route(
    {
      method: 'get',
      path: '/activity-logs',
      summary: "Audit trail of the caller's organizations",
      description:
        "Entries of the organizations where the caller is an active member, plus the caller's own account events; newest first. With application_id: that application's entries, including what its SDK sent (404 for another tenant's application).",
      tags: ['Activity'],
      authenticated: true,
      tokenScope: 'analytics',
      query: ActivityQuerySchema,
      responses: {
        200: { description: 'Entries', schema: ActivityLogListSchema },
        404: { description: 'Organization or application not among the caller’s' },
      },
    },
    async (req, res) => {
      const caller = authOf(req);
      const query = req.valid.query;
      // An API token sees only its application's organization, not its owner's account events.
      const organizationIds = (await deps.organizationIdsOf(caller.userId)).filter(
        (id) => !caller.organizationId || String(id) === caller.organizationId,
      );
      const conditions: Record<string, unknown>[] = [];
      if (query.organization_id) {
        if (!organizationIds.some((id) => String(id) === query.organization_id))
          throw new AppError(OrganizationErrors.NOT_FOUND);
        conditions.push({ organization_id: new Types.ObjectId(query.organization_id) });
      } else {
        conditions.push({
          $or: [
            { organization_id: mongoose.trusted({ $in: organizationIds }) },
            // Own account events carry no organization; entries an SDK logged for someone
            // else's application do, and stay that application's.
            ...(caller.via === 'session'
              ? [{ user_id: new Types.ObjectId(caller.userId), organization_id: null }]
              : []),
          ],
        });
      }
      if (query.application_id) {
        await deps.authorizeApplication(
          { userId: caller.userId, applicationId: caller.applicationId },
          query.application_id,
        );
        conditions.push({ application_id: new Types.ObjectId(query.application_id) });
      }
      if (query.project_id) conditions.push({ project_id: new Types.ObjectId(query.project_id) });
      if (query.installation_id) conditions.push({ installation_id: query.installation_id });
      if (query.action) conditions.push({ action: query.action });
      if (query.resource_type) conditions.push({ resource_type: query.resource_type });
      if (query.user_type)
        conditions.push({
          user_id: query.user_type === 'registered' ? mongoose.trusted({ $ne: null }) : null,
        });
      if (query.search) {
        // User input becomes a literal pattern: escaped, so it can neither match more nor backtrack.
        const pattern = mongoose.trusted({ $regex: escapeRegExp(query.search), $options: 'i' });
        conditions.push({
          $or: [{ action: pattern }, { resource_type: pattern }, { endpoint: pattern }],
        });
      }
      if (query.since) conditions.push({ created_at: mongoose.trusted({ $gte: new Date(query.since) }) });
      const days = query.period ? ACTIVITY_PERIODS[query.period] : null;
      if (days !== null)
        conditions.push({ created_at: mongoose.trusted({ $gte: new Date(Date.now() - days * 86_400_000) }) });
      const filter = conditions.length === 1 ? conditions[0]! : { $and: conditions };
      const page = await paginateNewestFirst(ActivityLogs, filter, query, {
        defaultLimit: ACTIVITY_DEFAULT_LIMIT,
        maxLimit: ACTIVITY_MAX_LIMIT,
      });
      res.json({ data: page.data.map(view), next_cursor: page.next_cursor });
    },
  );
}
