import { z } from '../../lib/openapi.js';
import { ObjectIdParam } from '../../core/schemas.js';

/** Most permissions, and most roles, one project may define; most roles one end user holds. */
export const MAX_APP_PERMISSIONS = 500;
export const MAX_APP_ROLES = 100;
export const MAX_USER_ROLES = 50;

/** How application permissions and roles are named: lower case, as they appear in tokens. */
export const APP_NAME_PATTERN = /^[a-z0-9][a-z0-9:._-]{0,63}$/;
const NAME_RULE =
  'Lower-case letters, digits and : . _ - (at most 64), starting with a letter or digit, e.g. invoice:read.';

const nameSchema = (what: string, example: string) =>
  z
    .string({ error: `Name the ${what}.` })
    .trim()
    .regex(APP_NAME_PATTERN, NAME_RULE)
    .openapi({ description: `The ${what}’s name, unique in the project. ${NAME_RULE}`, example });

export const AppPermissionNameSchema = nameSchema('permission', 'invoice:read');
export const AppRoleNameSchema = nameSchema('role', 'accountant');

const DescriptionSchema = z
  .string()
  .trim()
  .max(500, 'At most 500 characters.')
  .nullable()
  .optional()
  .openapi({ description: 'What it is for (shown in the dashboard); empty or null for none.' });

export const ProjectParams = z.object({ id: ObjectIdParam });
export const AppPermissionParams = z.object({ id: ObjectIdParam, permission_id: ObjectIdParam });
export const AppRoleParams = z.object({ id: ObjectIdParam, role_id: ObjectIdParam });
export const AppUserParams = z.object({ id: ObjectIdParam, user_id: ObjectIdParam });

export const AppPermissionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    role_count: z.number().int().openapi({ description: 'Roles of the project that grant it.' }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .openapi('AppPermission', { description: 'A permission a project defines for its applications.' });

export const AppPermissionListSchema = z
  .object({ data: z.array(AppPermissionSchema).openapi({ description: 'By name.' }) })
  .openapi('AppPermissionList');

export const CreateAppPermissionSchema = z
  .object({ name: AppPermissionNameSchema, description: DescriptionSchema })
  .openapi('CreateAppPermissionRequest');

export const UpdateAppPermissionSchema = z
  .object({ name: AppPermissionNameSchema.optional(), description: DescriptionSchema })
  .refine((body) => body.name !== undefined || body.description !== undefined, {
    message: 'Send a name or a description to change.',
  })
  .openapi('UpdateAppPermissionRequest');

const PermissionNamesSchema = z
  .array(z.string().trim().max(64))
  .max(MAX_APP_PERMISSIONS)
  .openapi({
    description:
      'Names of the project’s permissions; duplicates are ignored. A name the project does not define is refused (400 unknown_app_permissions naming it).',
    example: ['invoice:read', 'invoice:write'],
  });

export const AppRoleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    permissions: z.array(z.string()).openapi({ description: 'Permission names, sorted.' }),
    default: z.boolean().openapi({
      description: 'New end users of the pool get this role when they sign up (at most one role is).',
    }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .openapi('AppRole', {
    description: 'A role a project defines for its end users: a bundle of its permissions.',
  });

export const AppRoleListSchema = z
  .object({ data: z.array(AppRoleSchema).openapi({ description: 'By name.' }) })
  .openapi('AppRoleList');

const DefaultFlagSchema = z.boolean().optional().openapi({
  description:
    'true: this becomes the default role for new sign-ups (the previous default stops being it, in the same write); false: the project has no default role afterwards if this one was it.',
});

export const CreateAppRoleSchema = z
  .object({
    name: AppRoleNameSchema,
    description: DescriptionSchema,
    permissions: PermissionNamesSchema.default([]),
    default: DefaultFlagSchema,
  })
  .openapi('CreateAppRoleRequest');

export const UpdateAppRoleSchema = z
  .object({
    name: AppRoleNameSchema.optional(),
    description: DescriptionSchema,
    permissions: PermissionNamesSchema.optional(),
    default: DefaultFlagSchema,
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one field to change.',
  })
  .openapi('UpdateAppRoleRequest');

export const SetUserRolesSchema = z
  .object({
    roles: z
      .array(z.string().trim().max(64))
      .max(MAX_USER_ROLES)
      .openapi({
        description: `Every role the end user holds afterwards (replaces the list; [] removes all; at most ${MAX_USER_ROLES}). Names the project does not define are refused (400 unknown_app_roles naming them).`,
        example: ['accountant'],
      }),
  })
  .openapi('SetUserRolesRequest');

export const UserRolesSchema = z
  .object({
    user_id: z.string(),
    roles: z.array(z.string()).openapi({ description: 'Role names, sorted.' }),
    permissions: z
      .array(z.string())
      .openapi({ description: 'The permissions these roles grant: names, sorted, each once.' }),
  })
  .openapi('UserRoles');

export type CreateAppPermissionInput = z.infer<typeof CreateAppPermissionSchema>;
export type UpdateAppPermissionInput = z.infer<typeof UpdateAppPermissionSchema>;
export type CreateAppRoleInput = z.infer<typeof CreateAppRoleSchema>;
export type UpdateAppRoleInput = z.infer<typeof UpdateAppRoleSchema>;
export type AppPermissionView = z.infer<typeof AppPermissionSchema>;
export type AppRoleView = z.infer<typeof AppRoleSchema>;
export type UserRolesView = z.infer<typeof UserRolesSchema>;
