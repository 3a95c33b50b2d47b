import type { ApiSchemas } from '../../../api/client';

/** A policy as the API answers it. */
export type Policy = ApiSchemas['Policy'];
type Conditions = ApiSchemas['PolicyConditions'];
type AttributeValue = string | number | boolean;

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * The editor's fields: lists are typed as text (comma- or line-separated), attributes one per
 * line as `status = draft` or `status in draft, review`. The server checks the same again.
 */
export interface PolicyFormState {
  name: string;
  description: string;
  effect: 'allow' | 'deny';
  actions: string;
  enabled: boolean;
  rolesAny: string;
  rolesAll: string;
  /** `Java:3, SQL` — a skill and its minimum level, or none. */
  skills: string;
  emailDomains: string;
  secondFactor: '' | 'yes' | 'no';
  pool: '' | 'project' | 'platform';
  ownerIsSubject: boolean;
  resourceOrganization: string;
  resourceProject: string;
  attributes: string;
  timeZone: string;
  weekdays: Weekday[];
  from: string;
  to: string;
  sourceIps: string;
}

export type PolicyField = keyof PolicyFormState;
/** A problem per field (the key `form` for what belongs to none). */
export type FieldProblems = Partial<Record<PolicyField | 'form', string>>;

export const emptyForm = (): PolicyFormState => ({
  name: '',
  description: '',
  effect: 'allow',
  actions: '',
  enabled: true,
  rolesAny: '',
  rolesAll: '',
  skills: '',
  emailDomains: '',
  secondFactor: '',
  pool: '',
  ownerIsSubject: false,
  resourceOrganization: '',
  resourceProject: '',
  attributes: '',
  timeZone: '',
  weekdays: [],
  from: '',
  to: '',
  sourceIps: '',
});

const listOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);

function valueOf(text: string): AttributeValue {
  const trimmed = text.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return trimmed.replace(/^"(.*)"$/, '$1');
}

const showValue = (value: AttributeValue) =>
  typeof value === 'string' && (value === 'true' || value === 'false' || /^-?\d/.test(value))
    ? `"${value}"`
    : String(value);

/** `status = draft` / `status in draft, review`, or null for a line that is neither. */
function attributeOf(line: string): [string, { equals: AttributeValue } | { in: AttributeValue[] }] | null {
  const equals = /^([^=\s]+)\s*=\s*(.+)$/.exec(line);
  if (equals) return [equals[1]!, { equals: valueOf(equals[2]!) }];
  const within = /^(\S+)\s+in\s+(.+)$/i.exec(line);
  if (within) return [within[1]!, { in: listOf(within[2]!).map(valueOf) }];
  return null;
}

/** The request body of POST/PATCH …/policies from the editor's fields. */
export function toBody(form: PolicyFormState) {
  const subject: NonNullable<Conditions['subject']> = {};
  const anyRoles = listOf(form.rolesAny);
  const allRoles = listOf(form.rolesAll);
  if (anyRoles.length || allRoles.length)
    subject.roles = {
      ...(anyRoles.length ? { any: anyRoles } : {}),
      ...(allRoles.length ? { all: allRoles } : {}),
    };
  const skills = listOf(form.skills).map((skill) => {
    const [name, level] = skill.split(':').map((part) => part.trim());
    return { name: name ?? '', ...(level ? { min_level: Number(level) } : {}) };
  });
  if (skills.length) subject.skills = skills;
  const domains = listOf(form.emailDomains);
  if (domains.length) subject.email_domain = domains.map((domain) => domain.toLowerCase());
  if (form.secondFactor) subject.second_factor = form.secondFactor === 'yes';
  if (form.pool) subject.pool = form.pool;

  const resource: NonNullable<Conditions['resource']> = {};
  if (form.ownerIsSubject) resource.owner = 'subject';
  if (form.resourceOrganization.trim()) resource.organization = form.resourceOrganization.trim();
  if (form.resourceProject.trim()) resource.project = form.resourceProject.trim();
  const attributes = form.attributes
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map(attributeOf)
    .filter((entry) => entry !== null);
  if (attributes.length) resource.attributes = Object.fromEntries(attributes);

  const context: NonNullable<Conditions['context']> = {};
  if (form.timeZone.trim() || form.weekdays.length || form.from || form.to)
    context.time = {
      time_zone: form.timeZone.trim(),
      ...(form.weekdays.length ? { weekdays: WEEKDAYS.filter((day) => form.weekdays.includes(day)) } : {}),
      ...(form.from ? { from: form.from } : {}),
      ...(form.to ? { to: form.to } : {}),
    };
  const ranges = listOf(form.sourceIps);
  if (ranges.length) context.source_ip = ranges;

  const conditions: Conditions = {
    ...(Object.keys(subject).length ? { subject } : {}),
    ...(Object.keys(resource).length ? { resource } : {}),
    ...(Object.keys(context).length ? { context } : {}),
  };
  return {
    name: form.name.trim(),
    description: form.description.trim() || null,
    effect: form.effect,
    actions: listOf(form.actions),
    enabled: form.enabled,
    conditions,
  };
}

/** The editor's fields for a stored policy. */
export function fromPolicy(policy: Policy): PolicyFormState {
  const { subject, resource, context } = policy.conditions;
  return {
    ...emptyForm(),
    name: policy.name,
    description: policy.description ?? '',
    effect: policy.effect,
    actions: policy.actions.join(', '),
    enabled: policy.enabled,
    rolesAny: subject?.roles?.any?.join(', ') ?? '',
    rolesAll: subject?.roles?.all?.join(', ') ?? '',
    skills: (subject?.skills ?? [])
      .map((skill) => (skill.min_level ? `${skill.name}:${skill.min_level}` : skill.name))
      .join(', '),
    emailDomains: subject?.email_domain?.join(', ') ?? '',
    secondFactor: subject?.second_factor === undefined ? '' : subject.second_factor ? 'yes' : 'no',
    pool: subject?.pool ?? '',
    ownerIsSubject: resource?.owner === 'subject',
    resourceOrganization: resource?.organization ?? '',
    resourceProject: resource?.project ?? '',
    attributes: Object.entries(resource?.attributes ?? {})
      .map(([key, condition]) =>
        'equals' in condition
          ? `${key} = ${showValue(condition.equals)}`
          : `${key} in ${condition.in.map(showValue).join(', ')}`,
      )
      .join('\n'),
    timeZone: context?.time?.time_zone ?? '',
    weekdays: (context?.time?.weekdays ?? []) as Weekday[],
    from: context?.time?.from ?? '',
    to: context?.time?.to ?? '',
    sourceIps: context?.source_ip?.join('\n') ?? '',
  };
}

const ACTION = /^(\*|[a-z0-9][a-z0-9:._-]{0,61}:\*|[a-z0-9][a-z0-9:._-]{0,63})$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const IPV6 = /^[0-9a-f:]+(:\d+\.\d+\.\d+\.\d+)?$/i;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function isRange(range: string): boolean {
  const [address = '', prefix, ...rest] = range.split('/');
  if (rest.length) return false;
  const v4 = IPV4.test(address);
  const v6 = !v4 && address.includes(':') && IPV6.test(address);
  if (!v4 && !v6) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128));
}

/** Problem keys of the message catalog, by field, before anything is sent. */
export type ProblemKey =
  | 'policies.problem.name'
  | 'policies.problem.actions'
  | 'policies.problem.action'
  | 'policies.problem.skills'
  | 'policies.problem.attributes'
  | 'policies.problem.timeZone'
  | 'policies.problem.clock'
  | 'policies.problem.emptyWindow'
  | 'policies.problem.range'
  | 'policies.problem.id';

export function problemsOf(
  form: PolicyFormState,
): Partial<Record<PolicyField, { key: ProblemKey; value?: string }>> {
  const problems: Partial<Record<PolicyField, { key: ProblemKey; value?: string }>> = {};
  if (!form.name.trim()) problems.name = { key: 'policies.problem.name' };
  const actions = listOf(form.actions);
  if (actions.length === 0) problems.actions = { key: 'policies.problem.actions' };
  else {
    const bad = actions.find((action) => !ACTION.test(action));
    if (bad) problems.actions = { key: 'policies.problem.action', value: bad };
  }
  const badSkill = listOf(form.skills).find((skill) => !/^[^:]+(:\s*[1-5])?$/.test(skill));
  if (badSkill) problems.skills = { key: 'policies.problem.skills', value: badSkill };
  const badLine = form.attributes
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line && !attributeOf(line));
  if (badLine) problems.attributes = { key: 'policies.problem.attributes', value: badLine };
  for (const field of ['resourceOrganization', 'resourceProject'] as const)
    if (form[field].trim() && !/^[0-9a-f]{24}$/.test(form[field].trim()))
      problems[field] = { key: 'policies.problem.id' };
  const timed = form.timeZone.trim() || form.weekdays.length || form.from || form.to;
  if (timed && !isTimeZone(form.timeZone.trim()))
    problems.timeZone = { key: 'policies.problem.timeZone', value: form.timeZone.trim() };
  if (form.from && !CLOCK.test(form.from)) problems.from = { key: 'policies.problem.clock' };
  if (form.to && !CLOCK.test(form.to)) problems.to = { key: 'policies.problem.clock' };
  if (form.from && form.from === form.to) problems.to = { key: 'policies.problem.emptyWindow' };
  const badRange = listOf(form.sourceIps).find((range) => !isRange(range));
  if (badRange) problems.sourceIps = { key: 'policies.problem.range', value: badRange };
  return problems;
}

const SERVER_FIELDS: Array<[RegExp, PolicyField]> = [
  [/^name/, 'name'],
  [/^description/, 'description'],
  [/^effect/, 'effect'],
  [/^actions/, 'actions'],
  [/^enabled/, 'enabled'],
  [/^conditions\.subject\.roles\.all/, 'rolesAll'],
  [/^conditions\.subject\.roles/, 'rolesAny'],
  [/^conditions\.subject\.skills/, 'skills'],
  [/^conditions\.subject\.email_domain/, 'emailDomains'],
  [/^conditions\.subject\.second_factor/, 'secondFactor'],
  [/^conditions\.subject\.pool/, 'pool'],
  [/^conditions\.resource\.owner/, 'ownerIsSubject'],
  [/^conditions\.resource\.organization/, 'resourceOrganization'],
  [/^conditions\.resource\.project/, 'resourceProject'],
  [/^conditions\.resource\.attributes/, 'attributes'],
  [/^conditions\.context\.time\.weekdays/, 'weekdays'],
  [/^conditions\.context\.time\.from/, 'from'],
  [/^conditions\.context\.time\.to/, 'to'],
  [/^conditions\.context\.time/, 'timeZone'],
  [/^conditions\.context\.source_ip/, 'sourceIps'],
];

/** The field a server's detail path (`body.conditions.context.time.time_zone`) belongs to. */
export function fieldOfServerPath(path: string): PolicyField | 'form' {
  const inBody = path.replace(/^body\.?/, '');
  return SERVER_FIELDS.find(([pattern]) => pattern.test(inBody))?.[1] ?? 'form';
}
