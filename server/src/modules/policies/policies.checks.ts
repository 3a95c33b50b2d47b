import type { UserDocument } from '../../core/account.js';
import {
  decide,
  type CompiledPolicies,
  type ContextFacts,
  type Decision,
  type ResourceFacts,
  type SubjectFacts,
} from './policies.engine.js';
import { createCheckScopes, type CheckScope } from './policies.scope.js';
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

/** Who asked, for the denial rows: the caller, their application and token, and from where. */
interface Asker {
  applicationId: string | null;
  callerId: string;
  tokenId: string | null;
  userAgent: string | null;
}

export function createCheckService(deps: CheckServiceDependencies) {
  const scopes = createCheckScopes(deps);

  const subjectFacts = createSubjectResolver(deps);
  const knownSubjects = createSubjectMemo(deps.store.feed, (userId, owner, policies) =>
    deps.users.findById(userId).then((user) => subjectFacts(user, owner, policies)),
  );

  /** One check decided; a denial is queued for the activity log (written later, off the request). */
  function decideOne(
    owner: PolicyOwner,
    policies: CompiledPolicies,
    subject: SubjectFacts,
    check: { action: string; resource?: CheckInput['resource'] },
    context: ContextFacts,
    asker: Asker,
  ): Decision {
    const given = check.resource;
    // A resource named without its place belongs to the project (organization) of the check.
    const resource: ResourceFacts = {
      ...given,
      organization_id: given?.organization_id ?? owner.organizationId,
      project_id: given?.project_id ?? owner.projectId,
    };
    const decision = decide(policies, check.action, subject, resource, context);
    if (!decision.allowed)
      deps.denials.record({
        organizationId: owner.organizationId,
        projectId: owner.projectId,
        applicationId: asker.applicationId,
        subjectId: subject.user_id,
        callerId: asker.callerId,
        tokenId: asker.tokenId,
        action: check.action,
        resource,
        decision,
        ip: context.ip,
        userAgent: asker.userAgent,
      });
    return decision;
  }

  const askerOf = (caller: MemberCaller, origin: RequestOrigin): Asker => ({
    applicationId: caller.via === 'api_token' ? caller.applicationId : null,
    callerId: caller.userId,
    tokenId: caller.tokenId,
    userAgent: origin.userAgent,
  });

  const contextOf = (check: CheckInput, origin: RequestOrigin, now: number): ContextFacts => ({
    ip: check.context?.ip ?? origin.ip,
    time: check.context?.time ? new Date(check.context.time) : new Date(now),
  });

  /** checkForMember when its scope or a subject is not kept: read through the caches. */
  async function checkReading(caller: MemberCaller, body: CheckBody, origin: RequestOrigin) {
    const { owner, policies }: CheckScope = await scopes.resolve(caller, body);
    const asker = askerOf(caller, origin);
    const list = body.checks ?? [body as CheckInput];
    // Each subject once per request; settled by the loop below — the catch keeps an early failure
    // of a later one from going unhandled.
    const subjects = new Map<string, Promise<SubjectFacts>>();
    const pending = list.map((check) => {
      const userId = check.subject?.user_id ?? caller.userId;
      let subject = subjects.get(userId);
      if (!subject) {
        subject = knownSubjects.factsOf(userId, owner, policies);
        subject.catch(() => undefined);
        subjects.set(userId, subject);
      }
      return subject;
    });
    const now = Date.now();
    const decisions: Decision[] = [];
    for (const [index, check] of list.entries())
      decisions.push(
        decideOne(owner, policies, await pending[index]!, check, contextOf(check, origin, now), asker),
      );
    return body.checks ? { results: decisions } : decisions[0]!;
  }

  return {
    /**
     * POST /api/v1/authorize: checks about the caller or, with `subject.user_id`, an end user of
     * the project or a member of its organization. The usual request — one check, by a caller
     * and about a subject seen lately, nothing changed since — is answered at once, without an
     * await: its scope and subject are kept while nothing changes (policies.scope.ts,
     * policies.subjects.ts).
     */
    checkForMember(
      caller: MemberCaller,
      body: CheckBody,
      origin: RequestOrigin,
    ): CheckAnswer | Promise<CheckAnswer> {
      if (!body.checks) {
        const check = body as CheckInput;
        const now = Date.now();
        const scope = scopes.known(caller, body, now);
        const subject =
          scope &&
          knownSubjects.known(check.subject?.user_id ?? caller.userId, scope.owner, scope.policies, now);
        if (subject)
          return decideOne(
            scope.owner,
            scope.policies,
            subject,
            check,
            contextOf(check, origin, now),
            askerOf(caller, origin),
          );
      }
      return checkReading(caller, body, origin);
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
      const subject = await subjectFacts(caller.user, owner, policies);
      const context: ContextFacts = { ip: origin.ip, time: new Date() };
      const asker: Asker = {
        applicationId: caller.applicationId,
        callerId: String(caller.user._id),
        tokenId: null,
        userAgent: origin.userAgent,
      };
      const list = body.checks ?? [body as Pick<CheckInput, 'action' | 'resource'>];
      const decisions = list.map((check) => decideOne(owner, policies, subject, check, context, asker));
      return body.checks ? { results: decisions } : decisions[0]!;
    },
  };
}

export type CheckService = ReturnType<typeof createCheckService>;
