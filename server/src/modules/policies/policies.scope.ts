import { AppError } from '../../lib/errors.js';
import { CredentialCache } from '../../lib/revocations.js';
import { OrganizationErrors } from '../organizations/index.js';
import { ProjectErrors } from '../projects/index.js';
import type { CheckServiceDependencies, MemberCaller } from './policies.types.js';
import { PolicyErrors } from './policies.errors.js';
import type { PolicyOwner } from './policies.store.js';

/**
 * How long this process trusts that a caller may ask the check API about a project (their role
 * holds policy:read there): the check answers many requests a second for the same caller, and
 * the membership read behind that trust is the costliest part of it. A membership ending is seen
 * within this (a revoked token or ended session at once: authentication does not use it).
 */
const ACCESS_TTL_MS = 5_000;
const ACCESS_MAX_ENTRIES = 10_000;

/** Where a check of POST /api/v1/authorize decides, and whether the caller may ask there. */
export function createCheckScopes(
  deps: Pick<CheckServiceDependencies, 'projects' | 'organizations' | 'applications'>,
) {
  const access = new CredentialCache<PolicyOwner>(ACCESS_TTL_MS, ACCESS_MAX_ENTRIES);

  /** The caller's role must hold policy:read where the check decides (404 for other tenants). */
  async function accessTo(
    userId: string,
    kind: 'project' | 'organization',
    id: string,
  ): Promise<PolicyOwner> {
    const key = `${userId}|${kind}:${id}`;
    const now = Date.now();
    const known = access.get(key, now);
    if (known) return known;
    let owner: PolicyOwner;
    if (kind === 'project') {
      const { project } = await deps.projects.authorize(userId, id, 'policy:read');
      owner = { organizationId: String(project.organization_id), projectId: String(project._id) };
    } else {
      const { organization } = await deps.organizations.authorize(userId, id, 'policy:read');
      owner = { organizationId: String(organization._id), projectId: null };
    }
    access.set(key, owner, now);
    return owner;
  }

  /**
   * Whose policies decide: an API token's application's project (a project or organization named
   * in the body must be that one: 404 otherwise); for a session, the project or organization it
   * names (400 authorize_scope_required without).
   */
  async function ownerFor(
    caller: MemberCaller,
    body: { project_id?: string; organization_id?: string },
  ): Promise<PolicyOwner> {
    if (caller.via === 'api_token') {
      const application = caller.applicationId
        ? await deps.applications.findActiveRecent(caller.applicationId)
        : null;
      if (!application) throw new AppError(ProjectErrors.NOT_FOUND);
      const projectId = String(application.project_id);
      if (body.project_id !== undefined && body.project_id !== projectId)
        throw new AppError(ProjectErrors.NOT_FOUND);
      if (body.organization_id !== undefined && body.organization_id !== String(application.organization_id))
        throw new AppError(OrganizationErrors.NOT_FOUND);
      return accessTo(caller.userId, 'project', projectId);
    }
    if (body.project_id !== undefined) {
      const owner = await accessTo(caller.userId, 'project', body.project_id);
      if (body.organization_id !== undefined && body.organization_id !== owner.organizationId)
        throw new AppError(OrganizationErrors.NOT_FOUND);
      return owner;
    }
    if (body.organization_id !== undefined)
      return accessTo(caller.userId, 'organization', body.organization_id);
    throw new AppError(PolicyErrors.SCOPE_REQUIRED);
  }

  return ownerFor;
}
