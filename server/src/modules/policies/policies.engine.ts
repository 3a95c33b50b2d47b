import { BlockList, isIPv4, SocketAddress } from 'node:net';
import {
  buildMongoQueryMatcher,
  createMongoAbility,
  type MongoAbility,
  type RawRuleFrom,
} from '@casl/ability';
import { $and, and, type FieldCondition, type JsInterpreter } from '@ucast/mongo2js';
import { skillKey, type Skill } from '../../core/skills.js';
import {
  minutesOf,
  WEEKDAYS,
  type PolicyConditions,
  type TimeWindowCondition,
  type Weekday,
} from './policies.conditions.js';

/*
 * The policy engine: CASL (@casl/ability) evaluates the policies. Each enabled policy becomes one
 * CASL rule for its actions — an allow policy a rule, a deny policy an inverted rule — whose
 * conditions are a MongoDB-style query over the facts of one check (subject, resource, context).
 * CASL indexes the rules by action, compiles each query once into a matcher (@ucast/mongo2js) and
 * matches them; two operators of our own join its language: $cidr (node:net BlockList) and
 * $time_window (Intl, per IANA time zone). Why CASL and not Cedar: docs ("Policy engine").
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

/** The local clock of one instant, per time zone, computed once per check and zone. */
class Clock {
  private readonly local = new Map<string, { weekday: Weekday; minute: number }>();
  constructor(readonly at: Date) {}

  in(zone: string): { weekday: Weekday; minute: number } {
    let local = this.local.get(zone);
    if (!local) {
      local = localTime(this.at, zone);
      this.local.set(zone, local);
    }
    return local;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_OF: Record<string, Weekday> = {
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
  Sat: 'sat',
  Sun: 'sun',
};

function localTime(at: Date, zone: string): { weekday: Weekday; minute: number } {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  let weekday: Weekday = 'mon';
  let minute = 0;
  for (const part of format.formatToParts(at)) {
    if (part.type === 'weekday') weekday = WEEKDAY_OF[part.value] ?? 'mon';
    else if (part.type === 'hour') minute += Number(part.value) * 60;
    else if (part.type === 'minute') minute += Number(part.value);
  }
  return { weekday, minute };
}

/** A time window compiled: minutes since midnight, and its days. */
interface Window {
  zone: string;
  days: ReadonlySet<Weekday> | null;
  from: number;
  to: number;
}

function compileWindow(window: TimeWindowCondition): Window {
  return {
    zone: window.time_zone,
    days: window.weekdays ? new Set(window.weekdays) : null,
    from: window.from ? minutesOf(window.from) : 0,
    to: window.to ? minutesOf(window.to) : 24 * 60,
  };
}

function inWindow(window: Window, clock: Clock): boolean {
  const { weekday, minute } = clock.in(window.zone);
  if (window.from < window.to)
    return (!window.days || window.days.has(weekday)) && minute >= window.from && minute < window.to;
  // Across midnight (22:00–06:00): the evening belongs to its own day, the morning to the day before.
  if (minute >= window.from) return !window.days || window.days.has(weekday);
  if (minute < window.to) return !window.days || window.days.has(previousDay(weekday));
  return false;
}

function previousDay(day: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7]!;
}

/** An address as node:net compares it; IPv4-mapped IPv6 (::ffff:a.b.c.d) counts as IPv4. */
function socketAddress(ip: string | null): SocketAddress | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  try {
    return new SocketAddress({ address, family: isIPv4(address) ? 'ipv4' : 'ipv6' });
  } catch {
    return null;
  }
}

function blockListOf(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.split('/') as [string, string | undefined];
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

// The two operators our conditions add to CASL's MongoDB query language.
const $cidr = {
  type: 'field' as const,
  parse: (_instruction: unknown, value: readonly string[], context: { field: string }) => ({
    operator: 'cidr',
    field: context.field,
    value: blockListOf(value),
  }),
};
const cidr: JsInterpreter<FieldCondition<BlockList>> = (node, object, { get }) => {
  const address = get(object, node.field) as SocketAddress | null;
  return address !== null && address !== undefined && node.value.check(address);
};
const $time_window = {
  type: 'field' as const,
  parse: (_instruction: unknown, value: TimeWindowCondition, context: { field: string }) => ({
    operator: 'time_window',
    field: context.field,
    value: compileWindow(value),
  }),
};
const time_window: JsInterpreter<FieldCondition<Window>> = (node, object, { get }) =>
  inWindow(node.value, get(object, node.field) as Clock);

const conditionsMatcher = buildMongoQueryMatcher(
  { $and, $cidr, $time_window } as never,
  { and, cidr, time_window } as never,
);

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
  const needs: FactNeeds = { secondFactor: false, skills: false };
  for (const policy of policies) {
    byId.set(policy.id, { id: policy.id, name: policy.name, effect: policy.effect, scope: policy.scope });
    const conditions = toQuery(policy.conditions);
    rules.push({
      action: [...policy.actions],
      subject: SUBJECT_TYPE,
      inverted: policy.effect === 'deny',
      ...(conditions ? { conditions } : {}),
      reason: policy.id,
    });
    if (policy.conditions.subject?.second_factor !== undefined) needs.secondFactor = true;
    if (policy.conditions.subject?.skills) needs.skills = true;
  }
  const ability: MongoAbility<[string, string], Query> = createMongoAbility(rules as never, {
    conditionsMatcher: conditionsMatcher as never,
    detectSubjectType: () => SUBJECT_TYPE,
    anyAction: ANY_ACTION,
    anySubjectType: '__none__',
  });

  /** The rules naming an action (exactly, by `prefix:*` or `*`), each once: built on first use. */
  const rulesByAction = new Map<string, ReadonlyArray<(typeof ability.rules)[number] & object>>();
  type CaslRule = ReturnType<typeof ability.rulesFor>[number];
  function rulesNaming(action: string): readonly CaslRule[] {
    let found = rulesByAction.get(action) as readonly CaslRule[] | undefined;
    if (found) return found;
    const unique = new Set<CaslRule>();
    for (const candidate of actionCandidates(action))
      for (const rule of ability.rulesFor(candidate, SUBJECT_TYPE)) unique.add(rule);
    found = [...unique];
    // Bounded: actions are the callers' strings; past the bound, the oldest half is forgotten.
    if (rulesByAction.size >= MAX_CACHED_ACTIONS)
      for (const key of [...rulesByAction.keys()].slice(0, MAX_CACHED_ACTIONS / 2)) rulesByAction.delete(key);
    rulesByAction.set(action, found as never);
    return found;
  }

  return {
    size: policies.length,
    needs,
    match(action, facts) {
      const deny: MatchedPolicy[] = [];
      const allow: MatchedPolicy[] = [];
      for (const rule of rulesNaming(action)) {
        if (!rule.matchesConditions(facts as never)) continue;
        (rule.inverted ? deny : allow).push(byId.get(rule.reason!)!);
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

/** The facts of one check, in the shape the compiled queries read. */
export function factsOf(subject: SubjectFacts, resource: ResourceFacts, context: ContextFacts): Facts {
  const at = subject.email.lastIndexOf('@');
  const facts: Facts = {
    subject_pool: subject.pool,
    subject_roles: subject.roles,
    subject_skills: subject.skills.map((skill) => ({ name: skillKey(skill.name), level: skill.level })),
    subject_email_domain: at >= 0 ? subject.email.slice(at + 1).toLowerCase() : null,
    subject_second_factor: subject.second_factor,
    resource_owned_by_subject: Boolean(resource.owner_id) && resource.owner_id === subject.user_id,
    resource_organization_id: resource.organization_id ?? null,
    resource_project_id: resource.project_id ?? null,
    context_address: socketAddress(context.ip),
    context_clock: new Clock(context.time),
  };
  for (const [key, value] of Object.entries(resource.attributes ?? {}))
    facts[`${ATTRIBUTE_PREFIX}${key}`] = value;
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
  const { deny, allow } = policies.match(action, factsOf(subject, resource, context));
  if (deny.length > 0) return { allowed: false, reason: 'denied_by_policy', matched_policies: deny };
  if (subject.permissions.has(action))
    return { allowed: true, reason: 'granted_by_role', matched_policies: allow };
  if (allow.length > 0) return { allowed: true, reason: 'allowed_by_policy', matched_policies: allow };
  return { allowed: false, reason: 'no_matching_policy', matched_policies: [] };
}
