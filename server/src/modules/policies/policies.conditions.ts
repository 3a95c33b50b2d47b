import { isIP } from 'node:net';
import { z } from '../../lib/openapi.js';
import { MAX_SKILL_LEVEL, MAX_SKILL_NAME_LENGTH, MIN_SKILL_LEVEL } from '../../core/skills.js';

/*
 * The condition format of a policy (docs: "Policies"), as JSON. Every part is optional; the parts
 * given must all hold (AND), and a policy without conditions applies to every request for its
 * actions. Lists inside one condition are alternatives (OR) where the name says `any`/`in`.
 *
 * {
 *   "subject":  { "roles": { "any": [..], "all": [..] }, "skills": [{ "name", "min_level"? }],
 *                 "email_domain": [..], "second_factor": true|false, "pool": "project"|"platform" },
 *   "resource": { "owner": "subject", "organization": "<id>", "project": "<id>",
 *                 "attributes": { "<key>": { "equals": v } | { "in": [v, ..] } } },
 *   "context":  { "time": { "time_zone": "Europe/Berlin", "weekdays": ["mon", ..], "from": "08:00",
 *                           "to": "18:00" },
 *                 "source_ip": ["10.0.0.0/8", "2001:db8::/32", "192.0.2.7"] }
 * }
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const MAX_LIST = 50;
const ID_PATTERN = /^[0-9a-f]{24}$/;
const ATTRIBUTE_KEY = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const list = <T extends z.ZodType>(item: T, what: string) =>
  z
    .array(item)
    .min(1, `Name at least one ${what} (leave the condition out to allow any).`)
    .max(MAX_LIST, `At most ${MAX_LIST} ${what}s.`);

const RoleName = z.string().trim().min(1, 'A role name may not be empty.').max(64, 'At most 64 characters.');

const AttributeValue = z.union([z.string().max(256, 'At most 256 characters.'), z.number(), z.boolean()]);

const SubjectConditions = z
  .strictObject({
    roles: z
      .strictObject({
        any: list(RoleName, 'role').optional(),
        all: list(RoleName, 'role').optional(),
      })
      .refine((roles) => roles.any || roles.all, 'Give `any` (one of these roles) or `all` (every one).')
      .optional()
      .openapi({ description: 'The subject holds one of `any` and every one of `all` (role names).' }),
    skills: list(
      z.strictObject({
        name: z.string().trim().min(1, 'Name the skill.').max(MAX_SKILL_NAME_LENGTH),
        min_level: z
          .number()
          .int(`A whole number from ${MIN_SKILL_LEVEL} to ${MAX_SKILL_LEVEL}.`)
          .min(MIN_SKILL_LEVEL, `A whole number from ${MIN_SKILL_LEVEL} to ${MAX_SKILL_LEVEL}.`)
          .max(MAX_SKILL_LEVEL, `A whole number from ${MIN_SKILL_LEVEL} to ${MAX_SKILL_LEVEL}.`)
          .optional(),
      }),
      'skill',
    )
      .optional()
      .openapi({
        description:
          'The subject has every skill listed (names compared case-insensitively), at `min_level` or above where given; a skill without a level meets no minimum.',
      }),
    email_domain: list(
      z.string().trim().toLowerCase().regex(DOMAIN, 'A domain such as example.com (no @, no wildcard).'),
      'domain',
    )
      .optional()
      .openapi({
        description: 'The domain of the subject’s e-mail address is one of these (exactly; no subdomains).',
      }),
    second_factor: z.boolean().optional().openapi({
      description:
        'true: the subject’s account has a second factor set up (authenticator app or passkey); false: it has none.',
    }),
    pool: z
      .enum(['project', 'platform'], { error: 'Either "project" (end users) or "platform" (team members).' })
      .optional()
      .openapi({
        description:
          '"project": the subject is an end user of the project the check is for; "platform": a member account of the organization (the dashboard’s pool).',
      }),
  })
  .openapi('PolicySubjectConditions');

const AttributeCondition = z.union(
  [z.strictObject({ equals: AttributeValue }), z.strictObject({ in: list(AttributeValue, 'value') })],
  { error: 'Either {"equals": value} or {"in": [values]} (strings, numbers or booleans).' },
);

const ResourceConditions = z
  .strictObject({
    owner: z
      .literal('subject', { error: 'The only owner condition is "subject".' })
      .optional()
      .openapi({ description: '"subject": the resource’s `owner_id` is the subject’s user id.' }),
    organization: z
      .string()
      .regex(ID_PATTERN, 'An organization id (24 hexadecimal characters).')
      .optional()
      .openapi({ description: 'The resource’s `organization_id` is this organization.' }),
    project: z
      .string()
      .regex(ID_PATTERN, 'A project id (24 hexadecimal characters).')
      .optional()
      .openapi({ description: 'The resource’s `project_id` is this project.' }),
    attributes: z
      .record(
        z.string().regex(ATTRIBUTE_KEY, 'Attribute names: letters, digits, _ and -, at most 64.'),
        AttributeCondition,
      )
      .refine((attributes) => Object.keys(attributes).length <= MAX_LIST, `At most ${MAX_LIST} attributes.`)
      .optional()
      .openapi({
        description:
          'Attributes the caller passes with the resource: each equals a value, or is one of a list.',
      }),
  })
  .openapi('PolicyResourceConditions');

const TimeWindow = z
  .strictObject({
    time_zone: z.string().superRefine((zone, ctx) => {
      if (!isTimeZone(zone))
        ctx.addIssue({ code: 'custom', message: `“${zone}” is not an IANA time zone (e.g. Europe/Berlin).` });
    }),
    weekdays: z
      .array(z.enum(WEEKDAYS, { error: `Weekdays are ${WEEKDAYS.join(', ')}.` }))
      .min(1, 'Name at least one weekday, or leave weekdays out for every day.')
      .refine((days) => new Set(days).size === days.length, 'Each weekday once.')
      .optional(),
    from: z.string().regex(CLOCK, 'A time of day as HH:MM (00:00–23:59).').optional(),
    to: z.string().regex(CLOCK, 'A time of day as HH:MM (00:01–24:00).').optional(),
  })
  .refine((window) => window.weekdays || window.from || window.to, 'Give weekdays, a from–to range, or both.')
  .refine((window) => !window.from || !window.to || window.from !== window.to, {
    message: '`from` and `to` are the same time: the window would be empty.',
    path: ['to'],
  })
  .openapi('PolicyTimeWindow', {
    description:
      'Local time in `time_zone`: on `weekdays` (default every day), from `from` (inclusive, default 00:00) to `to` (exclusive, default 24:00). A `to` earlier than `from` spans midnight (22:00–06:00), counted to the day it starts on.',
  });

const ContextConditions = z
  .strictObject({
    time: TimeWindow.optional(),
    source_ip: list(
      z
        .string()
        .trim()
        .superRefine((range, ctx) => {
          if (!isAddressRange(range))
            ctx.addIssue({
              code: 'custom',
              message: `“${range}” is not an IPv4 or IPv6 address or CIDR range (e.g. 10.0.0.0/8, 2001:db8::/32).`,
            });
        }),
      'address range',
    )
      .optional()
      .openapi({
        description:
          'The request’s source address lies in one of these ranges (IPv4 or IPv6, CIDR; a bare address is one host).',
      }),
  })
  .openapi('PolicyContextConditions');

export const PolicyConditionsSchema = z
  .strictObject({
    subject: SubjectConditions.optional(),
    resource: ResourceConditions.optional(),
    context: ContextConditions.optional(),
  })
  .openapi('PolicyConditions', {
    description:
      'Every part given must hold; a policy without conditions applies to every request for its actions.',
  });

export type PolicyConditions = z.infer<typeof PolicyConditionsSchema>;
export type TimeWindowCondition = z.infer<typeof TimeWindow>;

export function isTimeZone(zone: unknown): boolean {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `a.b.c.d`, `a.b.c.d/n` (0–32), an IPv6 address or `…/n` (0–128). */
export function isAddressRange(range: unknown): boolean {
  if (typeof range !== 'string') return false;
  const [address, prefix, ...rest] = range.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Minutes since midnight of `HH:MM`. */
export function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(':');
  return Number(hours) * 60 + Number(minutes);
}
