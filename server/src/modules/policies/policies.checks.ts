import type { UserDocument } from '../../core/account.js';
import type { Denial } from './policies.denials.js';
import {
  decide,
  type CompiledPolicies,
  type ContextFacts,
  type Decision,
  type ResourceFacts,
  type SubjectFacts,
} from './policies.engine.js';
import { createCheckScopes } from './policies.scope.js';
import { createSubjectMemo, createSubjectResolver } from './policies.subjects.js';
import type { CheckInput } from './policies.schemas.js';
import type { CheckServiceDependencies, MemberCaller } from './policies.types.js';
import type { PolicyOwner } from './policies.store.js';

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
export type { CheckServiceDependencies, MemberCaller } from './policies.types.js';
export type CheckAnswer = Decision | { results: Decision[] };

export function createCheckService(deps: CheckServiceDependencies) {
  const ownerFor = createCheckScopes(deps);

  const subjectFacts = createSubjectResolver(deps);
  const knownSubjects = createSubjectMemo(deps.store.feed, (userId, owner, policies) =>
    deps.users.findById(userId).then((user) => subjectFacts(user, owner, policies)),
  );

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
      const single = body.checks ? null : (body as CheckInput);
      const subjects = new Map<string, Promise<SubjectFacts>>();
      const subjectOf = (userId: string) => {
        // One check (the usual body): one subject, nothing to share.
        if (single) return knownSubjects.factsOf(userId, owner, policies);
        let subject = subjects.get(userId);
        if (!subject) {
          subject = knownSubjects.factsOf(userId, owner, policies);
          // Settled by the loop below; this keeps an early failure of a later one from going unhandled.
          subject.catch(() => undefined);
          subjects.set(userId, subject);
        }
        return subject;
      };
      const list = single ? [single] : body.checks!;
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
