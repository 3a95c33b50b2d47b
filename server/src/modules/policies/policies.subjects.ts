import type { UserDocument } from '../../core/account.js';
import { FeedMemo } from '../../core/feed-memo.js';
import { isPlatformPool } from '../../core/pools.js';
import { skillsOf } from '../../core/skills.js';
import { AppError } from '../../lib/errors.js';
import type { RevocationFeed } from '../../lib/revocations.js';
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

/** How long a subject's facts are kept while nothing changes (any invalidation drops them all). */
const SUBJECT_TTL_MS = 5_000;
const SUBJECT_MAX_ENTRIES = 10_000;

/**
 * The facts of subjects checked lately, per project (organization) and user, while the revocation
 * feed applies no invalidation at all (core/feed-memo.ts): a partner's server asks about the same
 * users again and again, and every fact comes from caches that feed drops — the account (its
 * roles and skills), the project's role definitions, memberships, organization roles, second
 * factors. A change to any of them takes effect for the next check here, within FRESH_MS in other
 * processes. Kept with the compiled policy set they were read for (it decides which facts are
 * read): another set reads them again.
 */
export function createSubjectMemo(
  feed: RevocationFeed,
  resolve: (userId: string, owner: PolicyOwner, policies: CompiledPolicies) => Promise<SubjectFacts>,
) {
  const memo = new FeedMemo<{ policies: CompiledPolicies; facts: SubjectFacts }>(
    feed,
    SUBJECT_TTL_MS,
    SUBJECT_MAX_ENTRIES,
  );
  const keyOf = (userId: string, owner: PolicyOwner) =>
    `${owner.organizationId}|${owner.projectId ?? ''}|${userId}`;
  function known(userId: string, owner: PolicyOwner, policies: CompiledPolicies, now: number) {
    const entry = memo.get(keyOf(userId, owner), now);
    return entry?.policies === policies ? entry.facts : undefined;
  }
  return {
    /** The kept facts of the subject for this compiled set, or undefined (ask `factsOf`). */
    known,

    async factsOf(userId: string, owner: PolicyOwner, policies: CompiledPolicies): Promise<SubjectFacts> {
      const now = Date.now();
      const kept = known(userId, owner, policies, now);
      if (kept) return kept;
      const generation = memo.current;
      const facts = await resolve(userId, owner, policies);
      memo.set(keyOf(userId, owner), { policies, facts }, generation, now);
      return facts;
    },
  };
}
