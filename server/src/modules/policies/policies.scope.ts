import { FeedMemo } from '../../core/feed-memo.js';
import { AppError } from '../../lib/errors.js';
import { OrganizationErrors } from '../organizations/index.js';
import { ProjectErrors } from '../projects/index.js';
import type { CompiledPolicies } from './policies.engine.js';
import type { CheckServiceDependencies, MemberCaller } from './policies.types.js';
import { PolicyErrors } from './policies.errors.js';
import type { PolicyOwner } from './policies.store.js';

/**
 * How long a caller's check scope is kept while nothing changes: the check API answers many
 * requests a second for the same caller, and finding where a check decides walks through the
 * application, project, membership and role caches behind several awaits each time.
 */
const SCOPE_TTL_MS = 5_000;
const SCOPE_MAX_ENTRIES = 10_000;

/** Where a check of POST /api/v1/authorize decides: whose policies, and those policies compiled. */
export interface CheckScope {
  owner: PolicyOwner;
  policies: CompiledPolicies;
}

type ScopeBody = { project_id?: string; organization_id?: string };

const keyOf = (caller: MemberCaller, body: ScopeBody) =>
  `${caller.via}|${caller.userId}|${caller.applicationId ?? ''}|${body.project_id ?? ''}|${body.organization_id ?? ''}`;

/**
 * Where a check of POST /api/v1/authorize decides and whether the caller may ask there, kept
 * while nothing changes: a FeedMemo (core/feed-memo.ts) on the policies' revocation feed, so any
 * invalidation — a membership or role, the application, project or organization, the policies —
 * drops every kept scope at once in this process and within FRESH_MS in the others, and no scope
 * is answered while the feed is not fresh. What it keeps is read only from caches that feed drops
 * (the active application, the caller's membership and role, the compiled policies).
 */
export function createCheckScopes(
  deps: Pick<CheckServiceDependencies, 'projects' | 'organizations' | 'applications' | 'store'>,
) {
  const scopes = new FeedMemo<CheckScope>(deps.store.feed, SCOPE_TTL_MS, SCOPE_MAX_ENTRIES);

  /** The caller's role must hold policy:read where the check decides (404 for other tenants). */
  async function accessTo(
    userId: string,
    kind: 'project' | 'organization',
    id: string,
  ): Promise<PolicyOwner> {
    if (kind === 'project') {
      const { project } = await deps.projects.authorize(userId, id, 'policy:read');
      return { organizationId: String(project.organization_id), projectId: String(project._id) };
    }
    const { organization } = await deps.organizations.authorize(userId, id, 'policy:read');
    return { organizationId: String(organization._id), projectId: null };
  }

  /**
   * Whose policies decide: an API token's application's project (a project or organization named
   * in the body must be that one: 404 otherwise); for a session, the project or organization it
   * names (400 authorize_scope_required without).
   */
  async function ownerFor(caller: MemberCaller, body: ScopeBody): Promise<PolicyOwner> {
    if (caller.via === 'api_token') {
      const application = caller.applicationId
        ? await deps.applications.findActive(caller.applicationId)
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

  return {
    /** The kept scope of this caller and body, or undefined (ask `resolve`). */
    known(caller: MemberCaller, body: ScopeBody, now: number): CheckScope | undefined {
      return scopes.get(keyOf(caller, body), now);
    },

    /** The scope read through the caches (refusals as errors), kept unless a change overlapped. */
    async resolve(caller: MemberCaller, body: ScopeBody): Promise<CheckScope> {
      const generation = scopes.current;
      const owner = await ownerFor(caller, body);
      const scope = { owner, policies: await deps.store.compiledFor(owner) };
      scopes.set(keyOf(caller, body), scope, generation, Date.now());
      return scope;
    },
  };
}
