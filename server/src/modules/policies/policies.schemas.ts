import { isIP } from 'node:net';
import { z } from '../../lib/openapi.js';
import { ObjectIdParam } from '../../core/schemas.js';
import { MAX_LIST, PolicyConditionsSchema } from './policies.conditions.js';

/** Action names: as application permissions (`invoice:read`) and the catalog's (`pool_user:read`). */
export const ACTION_PATTERN = /^[a-z0-9][a-z0-9:._-]{0,63}$/;
/** In a policy also `*` (every action) and `prefix:*` (every action under the prefix). */
const POLICY_ACTION_PATTERN = /^(\*|[a-z0-9][a-z0-9:._-]{0,61}:\*|[a-z0-9][a-z0-9:._-]{0,63})$/;
export const MAX_CHECKS = 100;

const Name = z
  .string({ error: 'Name the policy.' })
  .trim()
  .min(1, 'Name the policy.')
  .max(100, 'At most 100 characters.')
  .regex(/^[^\p{Cc}]*$/u, 'No control characters.');

const Description = z.string().trim().max(500, 'At most 500 characters.').nullable();

const Effect = z.enum(['allow', 'deny'], { error: 'The effect is "allow" or "deny".' });

const Actions = z
  .array(
    z
      .string()
      .regex(
        POLICY_ACTION_PATTERN,
        'An action such as invoice:read (lower-case letters, digits and : . _ -, at most 64), invoice:* for every action under a prefix, or * for all.',
      ),
  )
  .min(1, 'Name at least one action.')
  .max(MAX_LIST, `At most ${MAX_LIST} actions.`)
  .refine((actions) => new Set(actions).size === actions.length, 'Each action once.');

/** The body of POST …/policies (checked in the service: refusals are 400 invalid_policy). */
export const CreatePolicySchema = z
  .strictObject({
    name: Name,
    description: Description.optional(),
    effect: Effect,
    actions: Actions,
    conditions: PolicyConditionsSchema.default({}),
    enabled: z.boolean().default(true),
  })
  .openapi('CreatePolicyRequest', {
    description:
      'A policy: allow or deny `actions` when every condition holds. Refused with 400 invalid_policy naming the problem and its path (`details`).',
  });

/** PATCH …/policies/{policy_id}: the fields to change. */
export const UpdatePolicySchema = z
  .strictObject({
    name: Name.optional(),
    description: Description.optional(),
    effect: Effect.optional(),
    actions: Actions.optional(),
    conditions: PolicyConditionsSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    'Send at least one field to change.',
  )
  .openapi('UpdatePolicyRequest', {
    description: 'The fields to change (conditions replace the old ones as a whole).',
  });

export type CreatePolicyInput = z.infer<typeof CreatePolicySchema>;
export type UpdatePolicyInput = z.infer<typeof UpdatePolicySchema>;

/**
 * The router takes any JSON for the policy bodies (the service checks them, answering 400
 * invalid_policy rather than validation_failed); the document still shows the real schema.
 */
function documentedAs(name: string) {
  return z
    .custom<unknown>(() => true)
    .openapi({ type: 'object', allOf: [{ $ref: `#/components/schemas/${name}` }] } as never);
}
export const CreatePolicyBody = documentedAs('CreatePolicyRequest');
export const UpdatePolicyBody = documentedAs('UpdatePolicyRequest');

export const PolicySchema = z
  .object({
    id: z.string(),
    scope: z.enum(['project', 'organization']).openapi({
      description: 'Whose policy: a project’s, or an organization’s (applies in all its projects).',
    }),
    organization_id: z.string(),
    project_id: z.string().nullable(),
    name: z.string(),
    description: z.string().nullable(),
    effect: z.enum(['allow', 'deny']),
    actions: z.array(z.string()),
    conditions: PolicyConditionsSchema,
    enabled: z.boolean(),
    created_by: z.string(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .openapi('Policy');

export const PolicyListSchema = z
  .object({
    data: z.array(PolicySchema).openapi({ description: 'All of them, by name.' }),
    next_cursor: z.null(),
  })
  .openapi('PolicyList');

export const OwnerParams = z.object({ id: ObjectIdParam });
export const PolicyParams = z.object({ id: ObjectIdParam, policy_id: ObjectIdParam });

// The check API ---------------------------------------------------------------------------------

const ResourceSchema = z
  .strictObject({
    type: z.string().max(64).optional(),
    id: z.string().max(128).optional(),
    owner_id: z.string().max(128).nullable().optional().openapi({ description: 'The user id of its owner.' }),
    organization_id: z.string().max(64).nullable().optional(),
    project_id: z.string().max(64).nullable().optional(),
    attributes: z
      .record(
        z.string().max(64),
        z.union([
          z.string().max(256),
          z.number(),
          z.boolean(),
          z.null(),
          z.array(z.union([z.string().max(256), z.number(), z.boolean()])).max(MAX_LIST),
        ]),
      )
      .refine((attributes) => Object.keys(attributes).length <= MAX_LIST, `At most ${MAX_LIST} attributes.`)
      .optional(),
  })
  .openapi('AuthorizeResource', {
    description:
      'What the subject acts on; every field optional. Without `project_id`/`organization_id` it belongs to the project (organization) of the check.',
  });

const ContextSchema = z
  .strictObject({
    ip: z
      .string()
      .refine((ip) => isIP(ip) !== 0, 'An IPv4 or IPv6 address.')
      .optional()
      .openapi({ description: 'The end user’s address; default the address of this request.' }),
    time: z.iso.datetime({ offset: true }).optional().openapi({ description: 'When; default now.' }),
  })
  .openapi('AuthorizeContext');

const Action = z
  .string({ error: 'Name the action.' })
  .regex(
    ACTION_PATTERN,
    'An action such as invoice:read (lower-case letters, digits and : . _ -, at most 64).',
  );

const CheckSchema = z.strictObject({
  subject: z
    .strictObject({ user_id: ObjectIdParam })
    .optional()
    .openapi({ description: 'Whom to check; default the caller.' }),
  action: Action,
  resource: ResourceSchema.default({}),
  context: ContextSchema.optional(),
});
const EndUserCheckSchema = CheckSchema.omit({ subject: true, context: true });

export type CheckInput = z.infer<typeof CheckSchema>;

const ScopeShape = {
  project_id: ObjectIdParam.optional().openapi({
    description:
      'Sessions: the project whose policies and roles decide (or organization_id). API tokens: their application’s project (if given, it must be that one).',
  }),
  organization_id: ObjectIdParam.optional().openapi({
    description: 'Sessions: an organization’s policies and its members’ roles only (no project).',
  }),
};

function checkOrBatch<T extends z.ZodObject, S extends z.ZodRawShape>(
  check: T,
  scope: S,
  name: string,
  description: string,
) {
  return z
    .strictObject({
      ...scope,
      ...(check.partial().shape as { [K in keyof T['shape']]: z.ZodOptional<T['shape'][K]> }),
      checks: z
        .array(check)
        .min(1, 'At least one check.')
        .max(MAX_CHECKS, `At most ${MAX_CHECKS} checks.`)
        .optional()
        .openapi({
          description: `Up to ${MAX_CHECKS} checks at once, answered as \`results\` in the same order.`,
        }),
    })
    .superRefine((body, ctx) => {
      const single = (body as { action?: unknown }).action !== undefined;
      if (single === ((body as { checks?: unknown }).checks !== undefined))
        ctx.addIssue({
          code: 'custom',
          path: single ? ['checks'] : ['action'],
          message: single
            ? 'Send one check (action, …) or `checks`, not both.'
            : 'Name the action (or send `checks`).',
        });
    })
    .openapi(name, { description });
}

export const AuthorizeRequestSchema = checkOrBatch(
  CheckSchema,
  ScopeShape,
  'AuthorizeRequest',
  'One check (`subject`, `action`, `resource`, `context`) or up to 100 as `checks`.',
);
export const EndUserAuthorizeRequestSchema = checkOrBatch(
  EndUserCheckSchema,
  {},
  'EndUserAuthorizeRequest',
  'One check (`action`, `resource`) or up to 100 as `checks`; the subject is the signed-in end user, the context this request (its address, now).',
);

export const DecisionSchema = z
  .object({
    allowed: z.boolean(),
    reason: z
      .enum(['denied_by_policy', 'granted_by_role', 'allowed_by_policy', 'no_matching_policy'])
      .openapi({
        description:
          'denied_by_policy: an enabled deny policy matched (deny wins); granted_by_role: the subject’s roles grant the action; allowed_by_policy: an allow policy matched; no_matching_policy: nothing allows it.',
      }),
    matched_policies: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          effect: z.enum(['allow', 'deny']),
          scope: z.enum(['project', 'organization']),
        }),
      )
      .openapi({
        description: 'The deny policies that matched (denied), or the allow policies that matched (allowed).',
      }),
  })
  .openapi('AuthorizationDecision');

export const AuthorizeResponseSchema = z
  .union([DecisionSchema, z.object({ results: z.array(DecisionSchema) })])
  .openapi('AuthorizeResponse', { description: 'A decision, or `results` for `checks` (same order).' });
