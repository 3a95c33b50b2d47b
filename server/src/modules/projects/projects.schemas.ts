import { listSchema, PageQuerySchema } from '../../lib/pagination.js';
import { z } from '../../lib/openapi.js';
import { HttpUrlSchema, ObjectIdParam, requiredText } from '../../core/schemas.js';
import { SlugSchema } from '../../lib/slug.js';
import { ENVIRONMENTS } from './projects.model.js';

const ProjectFields = {
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  organization_id: z.string(),
  environment: z.enum(ENVIRONMENTS),
  repository_url: z.string().nullable(),
  api_key_prefix: z
    .string()
    .openapi({ description: 'The first 8 characters of the API key; the key itself is shown only once.' }),
  is_active: z.boolean(),
  created_by: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
};

export const ProjectSchema = z.object(ProjectFields).openapi('Project');

export const CreatedProjectSchema = z
  .object({
    ...ProjectFields,
    api_key: z
      .string()
      .openapi({ description: '`pk_` + 64 hex characters. Shown in this response only; store it now.' }),
  })
  .openapi('CreatedProject');

export const ProjectListSchema = listSchema(ProjectSchema, 'ProjectList');

const NameSchema = requiredText('Name is required.').max(100);
const DescriptionSchema = z.string().trim().max(1000);

export const CreateProjectSchema = z
  .object({
    name: NameSchema,
    slug: z.string({ error: 'Slug is required.' }).pipe(SlugSchema),
    organization_id: z
      .string({ error: 'Organization is required.' })
      .min(1, 'Organization is required.')
      .pipe(ObjectIdParam),
    description: DescriptionSchema.optional(),
    environment: z.enum(ENVIRONMENTS).default('development'),
    repository_url: z.union([z.literal(''), HttpUrlSchema]).optional(),
  })
  .openapi('CreateProjectRequest');

export const UpdateProjectSchema = z
  .object({
    name: NameSchema.optional(),
    slug: SlugSchema.optional(),
    description: DescriptionSchema.nullable().optional(),
    environment: z.enum(ENVIRONMENTS).optional(),
    repository_url: z
      .union([z.literal(''), HttpUrlSchema])
      .nullable()
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' })
  .openapi('UpdateProjectRequest');

export const ListProjectsQuery = PageQuerySchema.extend({
  organization_id: ObjectIdParam.optional().openapi({
    description: 'Only projects of this organization (one of the caller’s).',
  }),
});
