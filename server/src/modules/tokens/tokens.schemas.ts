import { TOKEN_SCOPES } from '../../lib/api-router.js';
import { listSchema, PageQuerySchema } from '../../lib/pagination.js';
import { z } from '../../lib/openapi.js';
import { ObjectIdParam } from '../../core/schemas.js';

export const TokenScopeSchema = z
  .enum(TOKEN_SCOPES)
  .openapi({ description: '`admin` includes every other scope.' });

export const TOKEN_STATUSES = ['active', 'revoked', 'expired'] as const;

export const ApiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z
      .string()
      .openapi({ description: 'The first 8 characters of the token, to recognise it.', example: 'cs_1a2b3' }),
    scopes: z.array(TokenScopeSchema),
    is_active: z.boolean().openapi({ description: 'False once revoked.' }),
    status: z.enum(TOKEN_STATUSES),
    expires_at: z.iso.datetime().nullable(),
    last_used_at: z.iso.datetime().nullable().openapi({ description: 'Updated at most once a minute.' }),
    revoked_at: z.iso.datetime().nullable(),
    application_id: z.string(),
    created_at: z.iso.datetime(),
  })
  .openapi('ApiToken');

export const CreatedApiTokenSchema = ApiTokenSchema.extend({
  token: z.string().openapi({
    description: 'The token itself (`cs_` + 64 hex characters). Shown only in this response; store it now.',
    example: `cs_${'0'.repeat(64)}`,
  }),
}).openapi('CreatedApiToken');

export const ApiTokenListSchema = listSchema(ApiTokenSchema, 'ApiTokenList');

export const CreateApiTokenSchema = z
  .object({
    name: z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(100),
    scopes: z
      .array(TokenScopeSchema, { error: 'Choose at least one scope.' })
      .min(1, 'Choose at least one scope.')
      .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope may appear only once.'),
    application_id: z.string({ error: 'Choose an application.' }).pipe(ObjectIdParam),
    expires_at: z.iso
      .datetime({ offset: true, message: 'Must be an ISO 8601 date-time, e.g. 2030-01-31T12:00:00Z.' })
      .refine((value) => Date.parse(value) > Date.now(), 'The expiry must be in the future.')
      .nullable()
      .optional(),
  })
  .openapi('CreateApiTokenRequest');

export const ListApiTokensQuery = PageQuerySchema.extend({
  application_id: ObjectIdParam.optional(),
});

export const TokenIdParams = z.object({ id: ObjectIdParam });

export const PermissionsRequestSchema = z
  .object({ application_id: z.string({ error: 'Choose an application.' }).pipe(ObjectIdParam) })
  .openapi('PermissionsRequest');

export const PermissionsResponseSchema = z
  .object({
    application_id: z.string(),
    role: z.string().nullable().openapi({
      description:
        "The caller's role in the application's organization (a built-in role or a custom role's name); null for the application's end users (its user pool).",
    }),
    roles: z.array(z.string()).openapi({
      description:
        "The end user's application roles (the project's roles they hold; names, sorted). Empty for the organization's members.",
    }),
    permissions: z.object({
      read: z.boolean(),
      write: z.boolean(),
      delete: z.boolean(),
      manage_members: z.boolean(),
    }),
    application_permissions: z.array(z.string()).openapi({
      description:
        "The application permissions these roles grant (the project's permission names, sorted, each once). Empty for the organization's members.",
    }),
  })
  .openapi('PermissionsResponse');
