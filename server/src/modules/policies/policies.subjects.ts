import type { UserDocument } from '../../core/account.js';
import { isPlatformPool } from '../../core/pools.js';
import { skillsOf } from '../../core/skills.js';
import { AppError } from '../../lib/errors.js';
import type { CheckServiceDependencies } from './policies.types.js';
import type { CompiledPolicies, SubjectFacts } from './policies.engine.js';
import { PolicyErrors } from './policies.errors.js';
import type { PolicyOwner } from './policies.store.js';

/** What a check knows of its subject, from the account, their roles and their skills. */
export function createSubjectResolver(
  deps: Pick<CheckServiceDependencies, 'appRoles' | 'organizations' | 'hasSecondFactor'>,
) {
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

  return subjectFacts;
}
