import { listSchema, PageQuerySchema } from '../../lib/pagination.js';
import { z } from '../../lib/openapi.js';
import { SlugSchema } from '../../lib/slug.js';
import { ObjectIdParam, HttpUrlSchema, requiredText } from '../../core/schemas.js';
import { checkOrigin, type OriginProblem } from '@iam-platform/common';
import { DEFAULT_VERSION } from './applications.model.js';
import { OidcSettingsSchema, UpdateOidcSchema } from './applications.oidc.schemas.js';

/** Semantic version: MAJOR.MINOR.PATCH with optional pre-release and build parts. */
export const VersionSchema = z
  .string()
  .trim()
  .max(50)
  .regex(
    /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/,
    'Version must look like 1.0.0 (MAJOR.MINOR.PATCH).',
  )
  .openapi({ example: DEFAULT_VERSION });

/** What the server says about each reason an entry is not an origin (the dashboard words its own). */
const ORIGIN_PROBLEMS: Record<OriginProblem, string> = {
  empty: 'it is empty',
  wildcard: 'wildcards (*) are not supported, list each origin',
  scheme: 'it has no scheme (http:// or https://)',
  unsupported_scheme: 'only http and https are allowed',
  host: 'it names no valid host',
  credentials: 'it contains a user name or password',
  path: 'it has a path',
  query: 'it has a query (?)',
  fragment: 'it has a fragment (#)',
};

/**
 * Browser origins: scheme, host and optional port, nothing else (what the `Origin` header
 * carries), checked by the same rule the dashboard applies as they are typed. Hosts are
 * lower-cased and default ports dropped, as browsers do. A refused entry is named with its
 * index, its value, every reason and — for a pasted URL — the origin it belongs to.
 */
const AllowedOriginsSchema = z
  .array(z.string().trim().max(300))
  .max(50, 'At most 50 allowed origins.')
  .transform((values, ctx) => {
    const origins: string[] = [];
    values.forEach((value, index) => {
      const check = checkOrigin(value);
      if (check.ok) {
        origins.push(check.origin);
        return;
      }
      const reasons = check.problems.map((problem) => ORIGIN_PROBLEMS[problem]).join(', ');
      const example = check.suggestion
        ? `use ${check.suggestion}`
        : 'use scheme://host[:port], e.g. https://app.example.com';
      ctx.addIssue({
        code: 'custom',
        path: [index],
        message: `allowed_origins[${index}] "${value}" is not an origin: ${reasons}; ${example}.`,
      });
    });
    return [...new Set(origins)];
  })
  .openapi({
    type: 'array',
    items: { type: 'string' },
    description: 'Origins allowed to call the embedding API from a browser.',
  });

/** SPEC §5 (project detail): the slug of an application created without one. */
export { deriveApplicationSlug } from '@iam-platform/common';

export const ApplicationSchema = z
  .object({
    id: z.string(),
    project_id: z.string(),
    organization_id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    version: z.string(),
    api_endpoint: z.string().nullable(),
    allowed_origins: z.array(z.string()),
    is_active: z.boolean(),
    oidc: OidcSettingsSchema,
    created_by: z.string(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .openapi('Application');

export const ApplicationListSchema = listSchema(ApplicationSchema, 'ApplicationList');

const NameSchema = requiredText('Name is required.').max(100);
const DescriptionSchema = z.string().trim().max(1000);
const EndpointSchema = z.union([z.literal(''), HttpUrlSchema]);

export const CreateApplicationSchema = z
  .object({
    project_id: z
      .string({ error: 'Project is required.' })
      .min(1, 'Project is required.')
      .pipe(ObjectIdParam),
    name: NameSchema,
    slug: SlugSchema.optional().openapi({ description: 'Derived from the name when omitted.' }),
    description: DescriptionSchema.optional(),
    version: VersionSchema.default(DEFAULT_VERSION),
    api_endpoint: EndpointSchema.optional(),
    allowed_origins: AllowedOriginsSchema.default([]),
  })
  .openapi('CreateApplicationRequest');

export const UpdateApplicationSchema = z
  .object({
    name: NameSchema.optional(),
    slug: SlugSchema.optional(),
    description: DescriptionSchema.nullable().optional(),
    version: VersionSchema.optional(),
    api_endpoint: EndpointSchema.nullable().optional(),
    allowed_origins: AllowedOriginsSchema.optional(),
    oidc: UpdateOidcSchema.optional().openapi({
      description:
        'OpenID Connect settings (partial: fields left out stay). Admins only, with a fresh proof of identity; not with API tokens.',
    }),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' })
  .openapi('UpdateApplicationRequest');

export const ListApplicationsQuery = PageQuerySchema.extend({
  project_id: ObjectIdParam.optional().openapi({
    description: 'Only applications of this project; otherwise all of the caller’s projects.',
  }),
});
