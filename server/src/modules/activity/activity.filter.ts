import mongoose, { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { ApplicationErrors, type ApplicationCaller } from '../applications/index.js';
import type { AuthContext } from '../../core/auth-context.js';
import { organizationsWith, type OrganizationIdsOf } from '../../core/permissions.js';
import { OrganizationErrors } from '../organizations/index.js';
import type { ActivityLog } from './activity.model.js';
import { ACTIVITY_PERIODS, ACTIVITY_TOTAL_CAP, type ActivityFilter } from './activity.schemas.js';

export interface ActivityScopeDeps {
  organizationIdsOf: OrganizationIdsOf;
  /** The caller's application (404 when it is not: another tenant's, or not the API token's own). */
  authorizeApplication(
    caller: ApplicationCaller,
    applicationId: string,
  ): Promise<{ organization_id: string }>;
}

/** A literal text as a regular expression: every character that means something is escaped. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The MongoDB filter of the entries a caller may read that match the logs screens' filters. The
 * list and the export both use it, so what can be exported is exactly what can be listed.
 * Another tenant's organization or application answers 404.
 */
export async function activityFilterFor(
  deps: ActivityScopeDeps,
  caller: AuthContext,
  query: ActivityFilter,
): Promise<Record<string, unknown>> {
  // Organizations where the caller's role has log:read (a member without it: 403 naming it).
  const readable = await organizationsWith(deps.organizationIdsOf, caller.userId, 'log:read');
  // An API token sees only its application's organization, not its owner's account events.
  const organizationIds = readable.ids.filter(
    (id) => !caller.organizationId || String(id) === caller.organizationId,
  );
  const conditions: Record<string, unknown>[] = [];
  if (query.organization_id && !organizationIds.some((id) => String(id) === query.organization_id)) {
    if (caller.organizationId && caller.organizationId !== query.organization_id)
      throw new AppError(OrganizationErrors.NOT_FOUND);
    await readable.require(query.organization_id, OrganizationErrors.NOT_FOUND);
  }
  if (query.application_id) {
    // The application must be the caller's (404 otherwise) and belong to one of the organizations
    // the caller reads. Every row that names an application carries that application's
    // organization (applications never move between organizations), so the organization check is
    // made once here instead of on every row: the list, its count and the export stay one range
    // of the (application_id, created_at, _id) index, with no document read just for that check.
    const application = await deps.authorizeApplication(
      { userId: caller.userId, applicationId: caller.applicationId },
      query.application_id,
    );
    if (!organizationIds.some((id) => String(id) === application.organization_id))
      await readable.require(application.organization_id, ApplicationErrors.NOT_FOUND);
    if (query.organization_id && application.organization_id !== query.organization_id)
      throw new AppError(ApplicationErrors.NOT_FOUND);
    conditions.push({ application_id: new Types.ObjectId(query.application_id) });
  } else if (query.organization_id) {
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
  if (query.project_id) conditions.push({ project_id: new Types.ObjectId(query.project_id) });
  if (query.installation_id) conditions.push({ installation_id: query.installation_id });
  if (query.action) conditions.push({ action: query.action });
  if (query.resource_type) conditions.push({ resource_type: query.resource_type });
  // Rows without the field (the request log, older entries) are the platform's.
  if (query.source === 'platform')
    conditions.push({ source: mongoose.trusted({ $nin: ['sdk', 'dashboard'] }) });
  else if (query.source) conditions.push({ source: query.source });
  // The dashboard's own requests are not the application's traffic: listed only when asked for.
  else if (!query.include_dashboard) conditions.push({ source: mongoose.trusted({ $ne: 'dashboard' }) });
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
  return conditions.length === 1 ? conditions[0]! : { $and: conditions };
}

/**
 * How many entries match, for "Showing X of Y". Without a search term it is an exact count of an
 * indexed range. A search pattern has no index, so those are counted up to ACTIVITY_TOTAL_CAP (the
 * count stops there) and `total_capped` says whether more exist.
 */
export async function countEntries(
  model: mongoose.Model<ActivityLog>,
  filter: Record<string, unknown>,
  searching: boolean,
): Promise<{ total: number; total_capped: boolean }> {
  if (!searching) return { total: await model.countDocuments(filter), total_capped: false };
  const counted = await model.countDocuments(filter, { limit: ACTIVITY_TOTAL_CAP + 1 });
  return { total: Math.min(counted, ACTIVITY_TOTAL_CAP), total_capped: counted > ACTIVITY_TOTAL_CAP };
}
