import { createMongoAbility, type MongoAbility, type RawRuleFrom } from '@casl/ability';
import { skillKey, type Skill } from '../../core/skills.js';
import type { PolicyConditions } from './policies.conditions.js';
import { Clock, conditionsMatcher, socketAddress } from './policies.operators.js';

/*
 * The policy engine: CASL (@casl/ability) evaluates the policies. Each enabled policy becomes one
 * CASL rule for its actions — an allow policy a rule, a deny policy an inverted rule — whose
 * conditions are a MongoDB-style query over the facts of one check (subject, resource, context).
 * CASL indexes the rules by action, compiles each query once into a matcher (@ucast/mongo2js) and
 * matches them; two operators of our own join its language: $cidr and $time_window
 * (policies.operators.ts). Why CASL and not Cedar: docs ("Policy engine").
 */

export type PolicyEffect = 'allow' | 'deny';
export type PolicyScope = 'project' | 'organization';

/** A policy as the engine takes it (enabled ones only are compiled). */
export interface PolicyRule {
  id: string;
  name: string;
  scope: PolicyScope;
  effect: PolicyEffect;
  actions: readonly string[];
  conditions: PolicyConditions;
}

/** What a decision knows of the subject (resolved by the caller: roles, skills, account). */
export interface SubjectFacts {
  user_id: string;
  /** Role names: an end user's application roles, or a member's organization role. */
  roles: readonly string[];
  /** What the roles grant: application permissions, or the organization role's permissions. */
  permissions: ReadonlySet<string>;
  skills: readonly Skill[];
  email: string;
  /** Whether the account has a second factor; only read when a policy asks (see `needs`). */
  second_factor: boolean;
  pool: 'project' | 'platform';
}

export interface ResourceFacts {
  type?: string;
  id?: string;
  owner_id?: string | null;
  organization_id?: string | null;
  project_id?: string | null;
  attributes?: Record<string, unknown>;
}

export interface ContextFacts {
  /** The request's source address (IPv4 or IPv6); null when unknown (no address range matches). */
  ip: string | null;
  time: Date;
}

export interface MatchedPolicy {
  id: string;
  name: string;
  effect: PolicyEffect;
  scope: PolicyScope;
}

export type DecisionReason =
  'denied_by_policy' | 'granted_by_role' | 'allowed_by_policy' | 'no_matching_policy';

export interface Decision {
  allowed: boolean;
  reason: DecisionReason;
  /** The deny policies that matched (denied), or the allow policies that matched (allowed). */
  matched_policies: MatchedPolicy[];
}

type Query = Record<string, unknown>;

/*
 * The facts are one flat object (no dotted paths: ucast would split each path on every match), so
 * queries name its fields: subject_*, resource_*, attribute:<name>, context_*.
 */
const ATTRIBUTE_PREFIX = 'attribute:';

/** A policy's conditions as a CASL (MongoDB-style) query over the facts; undefined = always. */
export function toQuery(conditions: PolicyConditions): Query | undefined {
  const clauses: Query[] = [];
  const { subject, resource, context } = conditions;
  // Cheap and selective first: `$and` stops at the first clause that fails.
  if (subject?.pool) clauses.push({ subject_pool: subject.pool });
  if (resource?.owner) clauses.push({ resource_owned_by_subject: true });
  if (subject?.roles?.any) clauses.push({ subject_roles: { $in: subject.roles.any } });
  if (subject?.roles?.all) clauses.push({ subject_roles: { $all: subject.roles.all } });
  if (subject?.email_domain) clauses.push({ subject_email_domain: { $in: subject.email_domain } });
  if (subject?.second_factor !== undefined) clauses.push({ subject_second_factor: subject.second_factor });
  if (resource?.organization) clauses.push({ resource_organization_id: resource.organization });
  if (resource?.project) clauses.push({ resource_project_id: resource.project });
  for (const [key, condition] of Object.entries(resource?.attributes ?? {}))
    clauses.push({
      [`${ATTRIBUTE_PREFIX}${key}`]:
        'equals' in condition ? { $eq: condition.equals } : { $in: condition.in },
    });
  for (const skill of subject?.skills ?? [])
    clauses.push({
      subject_skills: {
        $elemMatch: {
          name: skillKey(skill.name),
          ...(skill.min_level !== undefined ? { level: { $gte: skill.min_level } } : {}),
        },
      },
    });
  if (context?.source_ip) clauses.push({ context_address: { $cidr: context.source_ip } });
  if (context?.time) clauses.push({ context_clock: { $time_window: context.time } });
  if (clauses.length === 0) return undefined;
  return clauses.length === 1 ? clauses[0] : { $and: clauses };
}

/** Which facts the policies read that cost a look-up: checks skip what no policy asks. */
export interface FactNeeds {
  secondFactor: boolean;
  skills: boolean;
  /** The source address (a policy with `context.source_ip`). */
  address: boolean;
  /** The local time (a policy with `context.time`). */
  clock: boolean;
}

export interface CompiledPolicies {
  readonly size: number;
  readonly needs: FactNeeds;
  /** The matching policies for an action (exact, `prefix:*`, `*`), deny and allow apart. */
  match(action: string, facts: Facts): { deny: MatchedPolicy[]; allow: MatchedPolicy[] };
}

/** The facts of one check as the rules' queries read them (flat: see ATTRIBUTE_PREFIX). */
export type Facts = Record<string, unknown>;

const SUBJECT_TYPE = 'request';
const ANY_ACTION = '*';
const MAX_CACHED_ACTIONS = 2_000;

/** Compiles enabled policies once (per project, cached by the caller); matching is then in memory. */
export function compilePolicies(policies: readonly PolicyRule[]): CompiledPolicies {
  const byId = new Map<string, MatchedPolicy>();
  const rules: Array<RawRuleFrom<[string, string], Query>> = [];
  const needs: FactNeeds = { secondFactor: false, skills: false, address: false, clock: false };
  /** Each policy's query as text: policies with equal text match the same checks. */
  const conditionKeys = new Map<string, string>();
  for (const policy of policies) {
    byId.set(policy.id, { id: policy.id, name: policy.name, effect: policy.effect, scope: policy.scope });
    const conditions = toQuery(policy.conditions);
    conditionKeys.set(policy.id, JSON.stringify(conditions ?? null));
    rules.push({
      action: [...policy.actions],
      subject: SUBJECT_TYPE,
      inverted: policy.effect === 'deny',
      ...(conditions ? { conditions } : {}),
      reason: policy.id,
    });
    if (policy.conditions.subject?.second_factor !== undefined) needs.secondFactor = true;
    if (policy.conditions.subject?.skills) needs.skills = true;
    if (policy.conditions.context?.source_ip) needs.address = true;
    if (policy.conditions.context?.time) needs.clock = true;
  }
  const ability: MongoAbility<[string, string], Query> = createMongoAbility(rules as never, {
    conditionsMatcher: conditionsMatcher as never,
    detectSubjectType: () => SUBJECT_TYPE,
    anyAction: ANY_ACTION,
    anySubjectType: '__none__',
  });

  /*
   * How an action is decided, built on its first check: the rules naming it (exactly, by `prefix:*`
   * or `*`; each once, in CASL's order), each with the policy it reports and the index of its
   * conditions among the action's distinct ones. Policies often share conditions (one address
   * range, one attribute test); a check evaluates each distinct one once, the first time a rule
   * needs it, and reports the policies in the same order as rule by rule.
   */
  type CaslRule = ReturnType<typeof ability.rulesFor>[number];
  interface ActionPlan {
    tests: CaslRule[];
    rules: Array<{ test: number; deny: boolean; policy: MatchedPolicy }>;
  }
  const plans = new Map<string, ActionPlan>();
  function planFor(action: string): ActionPlan {
    let plan = plans.get(action);
    if (plan) return plan;
    const unique = new Set<CaslRule>();
    for (const candidate of actionCandidates(action))
      for (const rule of ability.rulesFor(candidate, SUBJECT_TYPE)) unique.add(rule);
    plan = { tests: [], rules: [] };
    const testOf = new Map<string, number>();
    for (const rule of unique) {
      const key = conditionKeys.get(rule.reason!)!;
      let test = testOf.get(key);
      if (test === undefined) {
        test = plan.tests.push(rule) - 1;
        testOf.set(key, test);
      }
      plan.rules.push({ test, deny: rule.inverted, policy: byId.get(rule.reason!)! });
    }
    // Bounded: actions are the callers' strings; past the bound, the oldest half is forgotten.
    if (plans.size >= MAX_CACHED_ACTIONS)
      for (const key of [...plans.keys()].slice(0, MAX_CACHED_ACTIONS / 2)) plans.delete(key);
    plans.set(action, plan);
    return plan;
  }

  return {
    size: policies.length,
    needs,
    match(action, facts) {
      const deny: MatchedPolicy[] = [];
      const allow: MatchedPolicy[] = [];
      const { tests, rules: planned } = planFor(action);
      const results: Array<boolean | undefined> = new Array<boolean | undefined>(tests.length);
      for (const rule of planned) {
        let matched = results[rule.test];
        if (matched === undefined)
          matched = results[rule.test] = tests[rule.test]!.matchesConditions(facts as never);
        if (matched) (rule.deny ? deny : allow).push(rule.policy);
      }
      return { deny, allow };
    },
  };
}

/** `invoice:line:read` is also named by `invoice:line:*`, `invoice:*` (and `*`, CASL's any action). */
function actionCandidates(action: string): string[] {
  const candidates = [action];
  for (let i = action.lastIndexOf(':'); i > 0; i = action.lastIndexOf(':', i - 1))
    candidates.push(`${action.slice(0, i)}:*`);
  return candidates;
}

/**
 * The facts drawn from the subject alone, once per subject object: the check API keeps a
 * subject's facts while nothing changes (policies.subjects.ts), so its next checks reuse them.
 * Read only, like the subject.
 */
const ownFacts = new WeakMap<
  SubjectFacts,
  { skills: Array<{ name: string; level: Skill['level'] }>; emailDomain: string | null }
>();

function subjectOwnFacts(subject: SubjectFacts) {
  let own = ownFacts.get(subject);
  if (!own) {
    const at = subject.email.lastIndexOf('@');
    own = {
      skills: subject.skills.map((skill) => ({ name: skillKey(skill.name), level: skill.level })),
      emailDomain: at >= 0 ? subject.email.slice(at + 1).toLowerCase() : null,
    };
    ownFacts.set(subject, own);
  }
  return own;
}

const ALL_FACTS: FactNeeds = { secondFactor: true, skills: true, address: true, clock: true };

/**
 * The facts of one check, in the shape the compiled queries read. The skills, the parsed address
 * and the clock are left out (null) when no policy reads them (`needs`).
 */
export function factsOf(
  subject: SubjectFacts,
  resource: ResourceFacts,
  context: ContextFacts,
  needs: FactNeeds = ALL_FACTS,
): Facts {
  const own = subjectOwnFacts(subject);
  const facts: Facts = {
    subject_pool: subject.pool,
    subject_roles: subject.roles,
    subject_skills: needs.skills ? own.skills : null,
    subject_email_domain: own.emailDomain,
    subject_second_factor: subject.second_factor,
    resource_owned_by_subject: Boolean(resource.owner_id) && resource.owner_id === subject.user_id,
    resource_organization_id: resource.organization_id ?? null,
    resource_project_id: resource.project_id ?? null,
    context_address: needs.address ? socketAddress(context.ip) : null,
    context_clock: needs.clock ? new Clock(context.time) : null,
  };
  // A loop over the keys rather than Object.entries: no array of pairs per check.
  const attributes = resource.attributes;
  if (attributes)
    for (const key in attributes)
      if (Object.hasOwn(attributes, key)) facts[`${ATTRIBUTE_PREFIX}${key}`] = attributes[key];
  return facts;
}

/**
 * The decision (docs: "How a check is decided"): denied when an enabled deny policy matches (deny
 * wins); else allowed when the subject's roles grant the action, or an allow policy matches; else
 * denied for want of a matching policy.
 */
export function decide(
  policies: CompiledPolicies,
  action: string,
  subject: SubjectFacts,
  resource: ResourceFacts,
  context: ContextFacts,
): Decision {
  const { deny, allow } = policies.match(action, factsOf(subject, resource, context, policies.needs));
  if (deny.length > 0) return { allowed: false, reason: 'denied_by_policy', matched_policies: deny };
  if (subject.permissions.has(action))
    return { allowed: true, reason: 'granted_by_role', matched_policies: allow };
  if (allow.length > 0) return { allowed: true, reason: 'allowed_by_policy', matched_policies: allow };
  return { allowed: false, reason: 'no_matching_policy', matched_policies: [] };
}
