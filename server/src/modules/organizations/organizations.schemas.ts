import { listSchema, PageQuerySchema } from '../../lib/pagination.js';
import { z } from '../../lib/openapi.js';
import { EmailSchema, ObjectIdParam } from '../../core/schemas.js';
import { SlugSchema, WebsiteSchema } from '../../lib/slug.js';
import { UserSchema } from '../users/index.js';
import { SkillListSchema } from '../../core/skills.js';
import { BUILT_IN_ROLE_NAMES, PERMISSION_NAMES, type PermissionName } from '../../core/permissions.js';

export const MemberParams = z.object({ id: ObjectIdParam, memberId: ObjectIdParam });
export const RoleParams = z.object({ id: ObjectIdParam, role_id: ObjectIdParam });

/** A member's role as answered: `admin`, `member`, or the name of a custom role of the organization. */
export const RoleSchema = z.string().openapi({
  description: 'A built-in role (`admin`, `member`) or the name of one of the organization’s custom roles.',
  example: 'member',
});

/** A role named in a request: matched case-insensitively against the organization's roles. */
const AssignedRoleSchema = z.string().trim().min(1, 'Name a role.').max(50).openapi({
  description:
    'A built-in role (`admin`, `member`) or the name of one of the organization’s custom roles (case-insensitive; 400 unknown_role otherwise).',
  example: 'member',
});

export const PermissionNameSchema = z
  .enum(PERMISSION_NAMES as [PermissionName, ...PermissionName[]])
  .openapi('PermissionName', {
    description: 'A permission of the platform’s catalog (GET /permissions/catalog), `resource:action`.',
  });

const reserved = new Set<string>(BUILT_IN_ROLE_NAMES);

const CustomRoleNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required.')
  .max(50, 'At most 50 characters.')
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u,
    'Letters, digits, spaces, dots, dashes and underscores; starting with a letter or digit.',
  )
  .refine((name) => !reserved.has(name.toLowerCase()), {
    message: '`admin` and `member` are the built-in roles; choose another name.',
  });

const PermissionListSchema = z
  .array(PermissionNameSchema)
  .max(PERMISSION_NAMES.length * 2)
  .openapi({ description: 'Permission names from the catalog; duplicates are ignored.' });

export const OrganizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    website_url: z.string().nullable(),
    is_active: z.boolean(),
    max_members: z.number().int(),
    require_two_factor: z.boolean().openapi({
      description:
        'Members without a second factor are asked to set one up (GET /auth/me answers mfa_enrollment_required).',
    }),
    created_by: z.string(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    role: RoleSchema.openapi({ description: "The caller's role in this organization." }),
    my_permissions: z.array(PermissionNameSchema).openapi({
      description:
        "The caller's permissions in this organization (their role's, in catalog order): what the dashboard shows enabled.",
    }),
  })
  .openapi('Organization');

export const OrganizationListSchema = listSchema(OrganizationSchema, 'OrganizationList');

const NameSchema = z.string().trim().min(1, 'Name is required.').max(100);
const DescriptionSchema = z.string().trim().max(1000);

export const CreateOrganizationSchema = z
  .object({
    name: NameSchema,
    slug: SlugSchema,
    description: DescriptionSchema.optional(),
    website_url: WebsiteSchema.optional(),
  })
  .openapi('CreateOrganizationRequest');

export const UpdateOrganizationSchema = z
  .object({
    name: NameSchema.optional(),
    slug: SlugSchema.optional(),
    description: DescriptionSchema.nullable().optional(),
    website_url: WebsiteSchema.nullable().optional(),
    max_members: z.number().int().min(1).max(10_000).optional(),
    require_two_factor: z
      .boolean()
      .optional()
      .openapi({ description: 'Require two-factor sign-in for all members (admins only).' }),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' })
  .openapi('UpdateOrganizationRequest');

export const ListOrganizationsQuery = PageQuerySchema;

export const MemberSchema = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    user_id: z.string(),
    role: RoleSchema,
    is_active: z.boolean().openapi({ description: 'False while the invitation is pending.' }),
    status: z.enum(['pending', 'active']).openapi({
      description:
        '`pending` until the invited person accepts (no access until then; the invitation holds a seat). Only admins see pending invitations in member lists.',
    }),
    invited_by: z.string().nullable(),
    joined_at: z.iso.datetime().openapi({ description: 'When they accepted (pending: when invited).' }),
    user: UserSchema.pick({ id: true, email: true, display_name: true }),
    skills: SkillListSchema,
  })
  .openapi('OrganizationMember');

export const MemberListSchema = listSchema(MemberSchema, 'OrganizationMemberList');

export const InviteMemberSchema = z
  .object({ email: EmailSchema, role: AssignedRoleSchema.default('member') })
  .openapi('InviteMemberRequest');

export const InvitationSchema = z
  .object({
    id: z.string(),
    organization: z.object({ id: z.string(), name: z.string() }),
    role: RoleSchema,
    invited_by: UserSchema.pick({ id: true, email: true, display_name: true })
      .nullable()
      .openapi({ description: 'Who invited the person (null when that account no longer exists).' }),
    created_at: z.iso.datetime(),
  })
  .openapi('Invitation');

export const InvitationListSchema = z.object({ data: z.array(InvitationSchema) }).openapi('InvitationList');

export const UpdateMemberSchema = z.object({ role: AssignedRoleSchema }).openapi('UpdateMemberRequest');

const LabelSchema = z.object({ de: z.string(), en: z.string() });

export const OrganizationRoleSchema = z
  .object({
    id: z.string().nullable().openapi({ description: 'null for the built-in roles.' }),
    name: z.string(),
    description: z.string().nullable(),
    permissions: z.array(PermissionNameSchema).openapi({ description: 'In catalog order.' }),
    built_in: z
      .boolean()
      .openapi({ description: '`admin` and `member`: fixed, cannot be changed or deleted.' }),
    member_count: z
      .number()
      .int()
      .openapi({ description: 'Members holding the role, pending invitations included.' }),
    created_at: z.iso.datetime().nullable(),
    updated_at: z.iso.datetime().nullable(),
  })
  .openapi('OrganizationRole');

export const OrganizationRoleListSchema = z
  .object({ data: z.array(OrganizationRoleSchema) })
  .openapi('OrganizationRoleList');

export const CreateOrganizationRoleSchema = z
  .object({
    name: CustomRoleNameSchema,
    description: z.string().trim().max(500).nullable().optional(),
    permissions: PermissionListSchema,
  })
  .openapi('CreateOrganizationRoleRequest');

export const UpdateOrganizationRoleSchema = z
  .object({
    name: CustomRoleNameSchema.optional(),
    description: z.string().trim().max(500).nullable().optional(),
    permissions: PermissionListSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one field to change.',
  })
  .openapi('UpdateOrganizationRoleRequest');

export const PermissionCatalogSchema = z
  .object({
    resources: z.array(
      z.object({
        resource: z.string(),
        label: LabelSchema,
        actions: z.array(z.object({ name: PermissionNameSchema, action: z.string(), label: LabelSchema })),
      }),
    ),
    built_in_roles: z
      .object({ admin: z.array(PermissionNameSchema), member: z.array(PermissionNameSchema) })
      .openapi({ description: 'What the built-in roles hold.' }),
  })
  .openapi('PermissionCatalog');

/** The leave link's token (43 base64url characters as issued; anything else simply matches nothing). */
const LeaveToken = z.string({ error: 'The token is required.' }).max(200, 'The token is too long.');

export const LeaveLinkQuery = z.object({ token: LeaveToken.optional() });

export const LeaveLinkRequestSchema = z
  .object({ token: LeaveToken.min(1, 'The token is required.') })
  .openapi('LeaveOrganizationByLinkRequest');

export const LeaveLinkResponseSchema = z
  .object({
    organization_id: z.string(),
    organization_name: z.string(),
    inviter_name: z.string().openapi({ description: 'Who added the person (display name, or address).' }),
    inviter_email: z.string(),
  })
  .openapi('LeaveOrganizationByLinkResponse');
