import type { UserDocument } from '../../core/account.js';
import { isPlatformPool } from '../../core/pools.js';
import { skillsOf } from '../../core/skills.js';
import { AppError } from '../../lib/errors.js';
import { CredentialCache } from '../../lib/revocations.js';
import type { AppRolesService } from '../app-roles/index.js';
import type { ApplicationsService } from '../applications/index.js';
import { OrganizationErrors, type OrganizationsService } from '../organizations/index.js';
import { ProjectErrors, type ProjectsService } from '../projects/index.js';
import type { UsersService } from '../users/index.js';
import type { Denial, DenialRecorder } from './policies.denials.js';
import {
  decide,
  type CompiledPolicies,
  type ContextFacts,
  type Decision,
  type ResourceFacts,
  type SubjectFacts,
} from './policies.engine.js';
import { PolicyErrors } from './policies.errors.js';
import type { CheckInput } from './policies.schemas.js';
import type { PolicyOwner, PolicyStore } from './policies.store.js';

/**
 * How long this process trusts that a caller may ask the check API about a project (their role
 * holds policy:read there): the check answers many requests a second for the same caller, and
 * the membership read behind that trust is the costliest part of it. A membership ending is seen
 * within this (a revoked token or ended session at once: authentication does not use it).
 */
const ACCESS_TTL_MS = 5_000;
const ACCESS_MAX_ENTRIES = 10_000;

export interface CheckServiceDependencies {
  store: PolicyStore;
  denials: DenialRecorder;
  users: Pick<UsersService, 'findById'>;
  appRoles: Pick<AppRolesService, 'rolesAndPermissionsOf'>;
  organizations: Pick<
    OrganizationsService,
    'authorize' | 'membershipsOf' | 'permissionsOf' | 'skillsOfMember'
  >;
  projects: Pick<ProjectsService, 'authorize'>;
  applications: Pick<ApplicationsService, 'findActiveRecent'>;
  /** Whether the account has a second factor (authenticator app or passkey). */
  hasSecondFactor(userId: string): Promise<boolean>;
}

/** Who calls POST /api/v1/authorize: a dashboard session, or an API token (bound to its application). */
export interface MemberCaller {
  userId: string;
  via: 'session' | 'api_token' | 'application_session';
  applicationId: string | null;
  tokenId: string | null;
}

/** Where the request came from: the default source address of its checks, and the audit's. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

type CheckBody = Partial<CheckInput> & {
  checks?: CheckInput[];
  project_id?: string;
  organization_id?: string;
};
type EndUserCheckBody = Partial<Pick<CheckInput, 'action' | 'resource'>> & {
  checks?: Array<Pick<CheckInput, 'action' | 'resource'>>;
};
export type CheckAnswer = Decision | { results: Decision[] };

export function createCheckService(deps: CheckServiceDependencies) {
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
  async function ownerFor(caller: MemberCaller, body: CheckBody): Promise<PolicyOwner> {
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

  /**
   * The subject's facts: an end user of the owner's project (their application roles and the
   * permissions those grant, their skills), or a member of the owner's organization (their
   * organization role and its permissions, their skills there). Anyone else — another pool's
   * account, someone outside the organization — is no subject here: 404 subject_not_found.
   * Facts no policy reads (second factor, a member's skills) are not looked up.
   */
  async function subjectFacts(
    user: UserDocument | null,
    owner: PolicyOwner,
    policies: CompiledPolicies,
  ): Promise<SubjectFacts> {
    if (!user) throw new AppError(PolicyErrors.SUBJECT_NOT_FOUND);
    const userId = String(user._id);
    const secondFactor = policies.needs.secondFactor ? deps.hasSecondFactor(userId) : Promise.resolve(false);
    if (owner.projectId && user.pool_id === owner.projectId) {
      const [grants, second_factor] = await Promise.all([
        deps.appRoles.rolesAndPermissionsOf(owner.projectId, user),
        secondFactor,
      ]);
      return {
        user_id: userId,
        roles: grants.roles,
        permissions: new Set(grants.permissions),
        skills: skillsOf(user),
        email: user.email,
        second_factor,
        pool: 'project',
      };
    }
    if (!isPlatformPool(user.pool_id)) throw new AppError(PolicyErrors.SUBJECT_NOT_FOUND);
    const membership = (await deps.organizations.membershipsOf(userId)).find(
      (organization) => organization.id === owner.organizationId,
    );
    if (!membership) throw new AppError(PolicyErrors.SUBJECT_NOT_FOUND);
    const [permissions, skills, second_factor] = await Promise.all([
      deps.organizations.permissionsOf(owner.organizationId, membership.role),
      policies.needs.skills ? deps.organizations.skillsOfMember(owner.organizationId, userId) : [],
      secondFactor,
    ]);
    return {
      user_id: userId,
      roles: [membership.role],
      permissions: permissions as ReadonlySet<string>,
      skills,
      email: user.email,
      second_factor,
      pool: 'platform',
    };
  }

  function resourceFacts(resource: CheckInput['resource'] | undefined, owner: PolicyOwner): ResourceFacts {
    return {
      ...resource,
      // A resource named without its place belongs to the project (organization) of the check.
      organization_id: resource?.organization_id ?? owner.organizationId,
      project_id: resource?.project_id ?? owner.projectId,
    };
  }

  async function run(
    owner: PolicyOwner,
    checks: Array<{
      subject: Promise<SubjectFacts>;
      action: string;
      resource?: CheckInput['resource'];
      context: ContextFacts;
    }>,
    denial: Omit<Denial, 'subjectId' | 'action' | 'resource' | 'decision' | 'ip'>,
    policies: CompiledPolicies,
  ): Promise<Decision[]> {
    const decisions: Decision[] = [];
    for (const check of checks) {
      const subject = await check.subject;
      const resource = resourceFacts(check.resource, owner);
      const decision = decide(policies, check.action, subject, resource, check.context);
      if (!decision.allowed)
        deps.denials.record({
          ...denial,
          subjectId: subject.user_id,
          action: check.action,
          resource,
          decision,
          ip: check.context.ip,
        });
      decisions.push(decision);
    }
    return decisions;
  }

  return {
    /**
     * POST /api/v1/authorize: checks about the caller or, with `subject.user_id`, an end user of
     * the project or a member of its organization.
     */
    async checkForMember(caller: MemberCaller, body: CheckBody, origin: RequestOrigin): Promise<CheckAnswer> {
      const owner = await ownerFor(caller, body);
      const policies = await deps.store.compiledFor(owner);
      const subjects = new Map<string, Promise<SubjectFacts>>();
      const subjectOf = (userId: string) => {
        let subject = subjects.get(userId);
        if (!subject) {
          subject = deps.users.findById(userId).then((user) => subjectFacts(user, owner, policies));
          // Settled by the loop below; this keeps an early failure of a later one from going unhandled.
          subject.catch(() => undefined);
          subjects.set(userId, subject);
        }
        return subject;
      };
      const list = body.checks ?? [body as CheckInput];
      const decisions = await run(
        owner,
        list.map((check) => ({
          subject: subjectOf(check.subject?.user_id ?? caller.userId),
          action: check.action,
          resource: check.resource,
          context: {
            ip: check.context?.ip ?? origin.ip,
            time: check.context?.time ? new Date(check.context.time) : new Date(),
          },
        })),
        {
          organizationId: owner.organizationId,
          projectId: owner.projectId,
          applicationId: caller.via === 'api_token' ? caller.applicationId : null,
          callerId: caller.userId,
          tokenId: caller.tokenId,
          userAgent: origin.userAgent,
        },
        policies,
      );
      return body.checks ? { results: decisions } : decisions[0]!;
    },

    /**
     * POST /api/auth/authorize: an end user asks about themselves, in the project of the
     * application they signed in to; the context is this request's (its address, now).
     */
    async checkForEndUser(
      caller: { user: UserDocument; applicationId: string; organizationId: string; projectId: string },
      body: EndUserCheckBody,
      origin: RequestOrigin,
    ): Promise<CheckAnswer> {
      const owner: PolicyOwner = { organizationId: caller.organizationId, projectId: caller.projectId };
      const policies = await deps.store.compiledFor(owner);
      const subject = subjectFacts(caller.user, owner, policies);
      const now = new Date();
      const list = body.checks ?? [body as Pick<CheckInput, 'action' | 'resource'>];
      const decisions = await run(
        owner,
        list.map((check) => ({
          subject,
          action: check.action,
          resource: check.resource,
          context: { ip: origin.ip, time: now },
        })),
        {
          organizationId: owner.organizationId,
          projectId: owner.projectId,
          applicationId: caller.applicationId,
          callerId: String(caller.user._id),
          tokenId: null,
          userAgent: origin.userAgent,
        },
        policies,
      );
      return body.checks ? { results: decisions } : decisions[0]!;
    },
  };
}

export type CheckService = ReturnType<typeof createCheckService>;
