import { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { decodeCursor, type Page } from '../../lib/pagination.js';
import type { OrganizationsService } from '../organizations/index.js';
import type { ProjectDocument } from './projects.model.js';

/**
 * The project list of an API token, which sees at most its application's project (issue #38):
 * decided by the cached active row (`findActive`; a write to it reaches this process's cache at
 * once and the other processes' through the invalidation feed, lib/cache-invalidation.ts) and the
 * cached membership, with no list query — and with the answers the query gives: the organization
 * filter's 404/403, the cursor's 400, an empty page when the row is inactive, of another
 * organization or in one whose projects the owner may not read.
 */
export function tokenProjectList<V>(deps: {
  findActive(projectId: string): Promise<ProjectDocument | null>;
  organizations: Pick<OrganizationsService, 'authorize'>;
  view(project: ProjectDocument): V;
}) {
  const { organizations } = deps;

  /** Whether the user reads projects of this organization (as organizationIdsOf would list it). */
  async function readsProjectsOf(userId: string, organizationId: Types.ObjectId): Promise<boolean> {
    try {
      await organizations.authorize(userId, String(organizationId), 'project:read');
      return true;
    } catch (error) {
      if (error instanceof AppError && (error.status === 403 || error.status === 404)) return false;
      throw error;
    }
  }

  return async function listOfToken(
    userId: string,
    onlyProjectId: string | null,
    query: { organization_id?: string; cursor?: string },
  ): Promise<Page<V>> {
    const none: Page<V> = { data: [], next_cursor: null };
    const organization = query.organization_id
      ? (await organizations.authorize(userId, query.organization_id, 'project:read')).organization
      : null;
    if (onlyProjectId === null || !Types.ObjectId.isValid(onlyProjectId)) return none;
    // As the query: the cursor is refused before the row is read.
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const project = await deps.findActive(onlyProjectId);
    if (!project) return none;
    const listed = organization
      ? project.organization_id.equals(organization._id)
      : await readsProjectsOf(userId, project.organization_id);
    if (!listed) return none;
    // Keyset order (created_at, _id), newest first: the row is listed after the cursor's row only.
    if (after) {
      const created = project.created_at.getTime();
      const cursorTime = after.createdAt.getTime();
      const older =
        created < cursorTime ||
        (created === cursorTime && project._id.toHexString() < after.id.toHexString());
      if (!older) return none;
    }
    // One row never fills a page (limit ≥ 1, the query schema): there is no next one.
    return { data: [deps.view(project)], next_cursor: null };
  };
}
