import mongoose, { Types, type Model } from 'mongoose';
import { encodeCursor, type Page } from '../../lib/pagination.js';
import type { OrganizationsService } from '../organizations/index.js';
import type { ApplicationCaller, ApplicationView } from './applications.contract.js';
import type { ApplicationDocument } from './applications.model.js';

/** Rows one batch reads at most; pages it may have cut short are then read one project at a time. */
const MAX_BATCH_ROWS = 2_000;

/**
 * The first page of applications of many projects of one organization, in one query (the GraphQL
 * API's `projects { applications }`): as `list` answers each project — REST's check first
 * (application:read in the organization, once), newest first, `limit` each, with its next cursor.
 */
export function createFirstPages(deps: {
  model: Model<ApplicationDocument>;
  organizations: Pick<OrganizationsService, 'authorize'>;
  view: (application: ApplicationDocument) => ApplicationView;
  /** One project's page, as `list` reads it: where the batch was cut short. */
  listOne: (
    projectId: Types.ObjectId,
    onlyId: string | undefined,
    limit: number,
  ) => Promise<Page<ApplicationView>>;
}) {
  return async function firstPagesInProjects(
    caller: ApplicationCaller,
    organizationId: string,
    projectIds: string[],
    limit: number,
  ): Promise<Map<string, Page<ApplicationView>>> {
    const { organization } = await deps.organizations.authorize(
      caller.userId,
      organizationId,
      'application:read',
    );
    const ids = projectIds.filter((id) => Types.ObjectId.isValid(id)).map((id) => new Types.ObjectId(id));
    const onlyId = caller.applicationId ?? undefined;
    const filter: Record<string, unknown> = {
      organization_id: organization._id,
      project_id: mongoose.trusted({ $in: ids }),
      is_active: true,
    };
    if (onlyId !== undefined) filter._id = Types.ObjectId.isValid(onlyId) ? new Types.ObjectId(onlyId) : null;
    const rows = await deps.model
      .find(filter)
      .sort({ created_at: -1, _id: -1 })
      .limit(MAX_BATCH_ROWS + 1)
      .batchSize(MAX_BATCH_ROWS + 1)
      .lean<ApplicationDocument[]>();
    const byProject = new Map<string, ApplicationDocument[]>(ids.map((id) => [String(id), []]));
    for (const row of rows.slice(0, MAX_BATCH_ROWS)) byProject.get(String(row.project_id))?.push(row);
    const pages = new Map<string, Page<ApplicationView>>();
    for (const id of ids) {
      const own = byProject.get(String(id))!;
      if (own.length <= limit && rows.length > MAX_BATCH_ROWS) {
        pages.set(String(id), await deps.listOne(id, onlyId, limit));
        continue;
      }
      const data = own.slice(0, limit);
      const last = data[data.length - 1];
      pages.set(String(id), {
        data: data.map(deps.view),
        next_cursor:
          own.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last._id }) : null,
      });
    }
    return pages;
  };
}
