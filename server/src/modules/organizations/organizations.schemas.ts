import { listSchema, PageQuerySchema } from '../../lib/pagination.js';
import { z } from '../../lib/openapi.js';
import { EmailSchema, ObjectIdParam } from '../../core/schemas.js';
import { SlugSchema, WebsiteSchema } from '../../lib/slug.js';
import { UserSchema } from '../users/index.js';
import { ROLES } from './organizations.access.js';

export const MemberParams = z.object({ id: ObjectIdParam, memberId: ObjectIdParam });

export const RoleSchema = z.enum(ROLES);

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
  })
  .openapi('OrganizationMember');

export const MemberListSchema = listSchema(MemberSchema, 'OrganizationMemberList');

export const InviteMemberSchema = z
  .object({ email: EmailSchema, role: RoleSchema.default('member') })
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

export const UpdateMemberSchema = z.object({ role: RoleSchema }).openapi('UpdateMemberRequest');

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
