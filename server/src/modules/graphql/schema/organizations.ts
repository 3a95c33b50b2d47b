import type { OrganizationsService, OrganizationView } from '../../organizations/index.js';
import { builder, connectionOf, pageArgs, pageQuery } from '../graphql.builder.js';
import { asRoute, restFields } from '../graphql.operations.js';

type MemberView = Awaited<ReturnType<OrganizationsService['listMembers']>>[number];
type InvitationView = Awaited<ReturnType<OrganizationsService['listInvitations']>>[number];
type Person = MemberView['user'];

export const PersonRef = builder.objectRef<Person>('Person').implement({
  description: 'A team account as others see it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    displayName: t.exposeString('display_name'),
  }),
});

export const Member = builder.objectRef<MemberView>('Member').implement({
  description: 'A membership of an organization, or a pending invitation (seen by admins).',
  fields: (t) => ({
    id: t.exposeID('id'),
    organizationId: t.exposeID('organization_id'),
    userId: t.exposeID('user_id'),
    role: t.exposeString('role', { description: 'admin or member (REST values).' }),
    isActive: t.exposeBoolean('is_active'),
    status: t.exposeString('status', { description: 'pending until the invitee accepts, then active.' }),
    invitedBy: t.exposeID('invited_by', { nullable: true }),
    joinedAt: t.expose('joined_at', { type: 'DateTime' }),
    user: t.field({ type: PersonRef, resolve: (member) => member.user }),
  }),
});

export const Invitation = builder.objectRef<InvitationView>('Invitation').implement({
  description: 'A pending invitation of the signed-in person (REST GET /invitations).',
  fields: (t) => ({
    id: t.exposeID('id'),
    organizationId: t.id({ resolve: (invitation) => invitation.organization.id }),
    organizationName: t.string({ resolve: (invitation) => invitation.organization.name }),
    role: t.exposeString('role', { description: 'admin or member (REST values).' }),
    invitedBy: t.field({ type: PersonRef, nullable: true, resolve: (invitation) => invitation.invited_by }),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
  }),
});

export const Organization = builder.objectRef<OrganizationView>('Organization');

export const OrganizationConnection = connectionOf(
  'Organization',
  Organization,
  "The caller's organizations, newest first (REST GET /organizations).",
);

Organization.implement({
  description: 'An organization: members, projects and webhooks (REST /organizations).',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    description: t.exposeString('description', { nullable: true }),
    websiteUrl: t.exposeString('website_url', { nullable: true }),
    isActive: t.exposeBoolean('is_active'),
    maxMembers: t.exposeInt('max_members'),
    requireTwoFactor: t.exposeBoolean('require_two_factor'),
    createdBy: t.exposeID('created_by'),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
    updatedAt: t.expose('updated_at', { type: 'DateTime' }),
    role: t.exposeString('role', { description: "The caller's role here (admin or member)." }),
    members: t.field({
      type: [Member],
      nullable: true,
      description: 'Active members, longest-standing first; admins also see pending invitations.',
      resolve: async (organization, _args, ctx) => {
        const { caller, params } = await asRoute(ctx, 'GET /organizations/:id/members', {
          params: { id: organization.id },
        });
        return ctx.services.organizations.listMembers(caller.userId, params.id);
      },
    }),
  }),
});

builder.queryFields((t) => ({
  organizations: t.field({
    type: OrganizationConnection,
    nullable: true,
    args: pageArgs,
    resolve: async (_root, args, ctx) => {
      const { caller, query } = await asRoute(ctx, 'GET /organizations', { query: pageQuery(args) });
      return ctx.services.organizations.listForUser(caller.userId, query, caller.organizationId);
    },
  }),
  organization: t.field({
    type: Organization,
    nullable: true,
    description: "null with a 404 error (organization_not_found) for another tenant's id.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { params } = await asRoute(ctx, 'GET /organizations/:id', { params: { id: String(args.id) } });
      return ctx.loaders.organization.load(params.id);
    },
  }),
}));

const CreateOrganizationInput = builder.inputType('CreateOrganizationInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    slug: t.string({ required: true }),
    description: t.string(),
    websiteUrl: t.string(),
  }),
});

const UpdateOrganizationInput = builder.inputType('UpdateOrganizationInput', {
  description: 'Fields to change (admins); null clears description and websiteUrl.',
  fields: (t) => ({
    name: t.string(),
    slug: t.string(),
    description: t.string(),
    websiteUrl: t.string(),
    maxMembers: t.int(),
    requireTwoFactor: t.boolean(),
  }),
});

const InviteMemberInput = builder.inputType('InviteMemberInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    role: t.string({ description: 'admin or member (default member).' }),
  }),
});

type Create = Parameters<OrganizationsService['create']>[1];
type Update = Parameters<OrganizationsService['update']>[2];
type Invite = Parameters<OrganizationsService['invite']>[2];
type MemberParams = { id: string; memberId: string };

type MutationFieldBuilder = Parameters<Parameters<typeof builder.mutationFields>[0]>[0];

/** REST POST /organizations/{id}/deactivate and /activate (admins). */
function setActive(
  t: MutationFieldBuilder,
  action: 'deactivate' | 'activate',
  route: 'POST /organizations/:id/deactivate' | 'POST /organizations/:id/activate',
) {
  return t.field({
    type: Organization,
    nullable: true,
    description: `REST POST /organizations/{id}/${action} (admins).`,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { caller, params, context } = await asRoute(ctx, route, {
        params: { id: String(args.id) },
      });
      return ctx.services.organizations.setActive(caller.userId, params.id, action === 'activate', context);
    },
  });
}

builder.mutationFields((t) => ({
  createOrganization: t.field({
    type: Organization,
    nullable: true,
    description: 'The caller becomes its admin (REST POST /organizations).',
    args: { input: t.arg({ type: CreateOrganizationInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { caller, body, context } = await asRoute<Create>(ctx, 'POST /organizations', {
        body: restFields(args.input),
      });
      return ctx.services.organizations.create(caller.userId, body, context);
    },
  }),
  updateOrganization: t.field({
    type: Organization,
    nullable: true,
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: UpdateOrganizationInput, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const { caller, body, params, context } = await asRoute<Update>(ctx, 'PATCH /organizations/:id', {
        params: { id: String(args.id) },
        body: restFields(args.input, ['description', 'websiteUrl']),
      });
      return ctx.services.organizations.update(caller.userId, params.id, body, context);
    },
  }),
  deactivateOrganization: setActive(t, 'deactivate', 'POST /organizations/:id/deactivate'),
  activateOrganization: setActive(t, 'activate', 'POST /organizations/:id/activate'),
  inviteMember: t.field({
    type: Member,
    nullable: true,
    description:
      'A pending invitation of a registered user, mailed to them (REST POST /organizations/{id}/members).',
    args: {
      organizationId: t.arg.id({ required: true }),
      input: t.arg({ type: InviteMemberInput, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const { caller, body, params, context } = await asRoute<Invite>(
        ctx,
        'POST /organizations/:id/members',
        {
          params: { id: String(args.organizationId) },
          body: restFields(args.input),
        },
      );
      return ctx.services.organizations.invite(caller.userId, params.id, body, context);
    },
  }),
  changeMemberRole: t.field({
    type: Member,
    nullable: true,
    args: {
      organizationId: t.arg.id({ required: true }),
      memberId: t.arg.id({ required: true }),
      role: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const route = 'PATCH /organizations/:id/members/:memberId';
      const { caller, body, params, context } = await asRoute<
        { role: 'admin' | 'member' },
        unknown,
        MemberParams
      >(ctx, route, {
        params: { id: String(args.organizationId), memberId: String(args.memberId) },
        body: { role: args.role },
      });
      return ctx.services.organizations.changeRole(
        caller.userId,
        params.id,
        params.memberId,
        body.role,
        context,
      );
    },
  }),
  removeMember: t.boolean({
    nullable: true,
    description: 'Removes a member (admins), or the caller leaves; true when done.',
    args: { organizationId: t.arg.id({ required: true }), memberId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const route = 'DELETE /organizations/:id/members/:memberId';
      const { caller, params, context } = await asRoute<unknown, unknown, MemberParams>(ctx, route, {
        params: { id: String(args.organizationId), memberId: String(args.memberId) },
      });
      await ctx.services.organizations.removeMember(caller.userId, params.id, params.memberId, context);
      return true;
    },
  }),
  acceptInvitation: t.field({
    type: Member,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { caller, params, context } = await asRoute(ctx, 'POST /invitations/:id/accept', {
        params: { id: String(args.id) },
      });
      return ctx.services.organizations.acceptInvitation(caller.userId, params.id, context);
    },
  }),
  declineInvitation: t.boolean({
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { caller, params, context } = await asRoute(ctx, 'POST /invitations/:id/decline', {
        params: { id: String(args.id) },
      });
      await ctx.services.organizations.declineInvitation(caller.userId, params.id, context);
      return true;
    },
  }),
}));
