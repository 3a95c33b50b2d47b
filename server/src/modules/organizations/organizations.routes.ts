import express, { type Request, type Response } from 'express';
import type { ApiRouter } from '../../lib/api-router.js';
import { AppError } from '../../lib/errors.js';
import { requestContext } from '../../core/request-context.js';
import { authOf } from '../../core/auth-context.js';
import {
  CreateOrganizationSchema,
  InviteMemberSchema,
  LeaveLinkQuery,
  LeaveLinkRequestSchema,
  LeaveLinkResponseSchema,
  ListOrganizationsQuery,
  MemberListSchema,
  MemberParams,
  MemberSchema,
  OrganizationListSchema,
  OrganizationSchema,
  UpdateMemberSchema,
  UpdateOrganizationSchema,
} from './organizations.schemas.js';
import { createdByCaller, resourceRouteSpecs } from '../../core/resource-routes.js';
import { OrganizationErrors } from './organizations.errors.js';
import {
  LEAVE_PAGE_ERRORS,
  leaveConfirmationPage,
  leaveErrorPage,
  leftPage,
} from './organizations.leave-page.js';
import type { OrganizationsService } from './organizations.contract.js';
import { INVITATION_LEAVE_PATH } from './organizations.leave-links.js';
import { registerInvitationRoutes } from './organizations.invitation-routes.js';
import { registerRoleRoutes } from './organizations.role-routes.js';
import { registerMemberSkillRoutes } from './organizations.skill-routes.js';

/** The leave link is opened in a browser: answer with a page (uncached, like every /api answer). */
function sendPage(res: Response, status: number, html: string): void {
  res.status(status).type('html').send(html);
}

/** An API token reaches only its application's organization; anything else looks nonexistent. */
function reachableOrganization(req: Request, organizationId: string): string {
  const caller = authOf(req);
  if (caller.organizationId && caller.organizationId !== organizationId)
    throw new AppError(OrganizationErrors.NOT_FOUND);
  return organizationId;
}

const tags = ['Organizations'];
const notFound = { description: 'No such organization among the caller’s (also for other tenants’ ids)' };
const specs = resourceRouteSpecs(tags, notFound);
const memberSpecs = resourceRouteSpecs(tags, notFound, MemberParams);

/**
 * The organization routes, by use case. Registered in this order because the OpenAPI document
 * lists paths in the order they were registered.
 */
export function registerOrganizationRoutes(api: ApiRouter, organizations: OrganizationsService): void {
  registerOrganizationCrudRoutes(api, organizations);
  registerMembershipRoutes(api, organizations);
  registerLeaveLinkRoutes(api, organizations);
  registerMemberChangeRoutes(api, organizations);
  registerInvitationRoutes(api, organizations);
  registerRoleRoutes(api, organizations);
  registerMemberSkillRoutes(api, organizations);
}

/** Organizations themselves: create, list, read, update, deactivate and reactivate. */
function registerOrganizationCrudRoutes(api: ApiRouter, organizations: OrganizationsService): void {
  api.route(
    specs.collection({
      method: 'post',
      permission: null,
      permissionReason: 'creates a new organization: the caller becomes its admin',
      path: '/organizations',
      summary: 'Create an organization',
      description: 'The caller becomes its active admin in the same request.',
      body: CreateOrganizationSchema,
      responses: {
        201: { description: 'Created', schema: OrganizationSchema },
        409: { description: 'Slug taken' },
      },
    }),
    createdByCaller(organizations.create),
  );

  api.route(
    specs.collection({
      method: 'get',
      permission: null,
      permissionReason: "the caller's own memberships, each with the caller's permissions",
      path: '/organizations',
      summary: "List the caller's organizations",
      description: 'Organizations where the caller is an active member, newest first.',
      tokenScope: 'read',
      query: ListOrganizationsQuery,
      responses: { 200: { description: 'Organizations', schema: OrganizationListSchema } },
    }),
    async (req, res) => {
      const caller = authOf(req);
      res.json(await organizations.listForUser(caller.userId, req.valid.query, caller.organizationId));
    },
  );

  api.route(
    specs.item({
      method: 'get',
      permission: 'organization:read',
      path: '/organizations/:id',
      summary: 'Get an organization',
      tokenScope: 'read',
      responses: { 200: { description: 'Organization', schema: OrganizationSchema } },
    }),
    async (req, res) => {
      res.json(await organizations.get(authOf(req).userId, reachableOrganization(req, req.valid.params.id)));
    },
  );

  api.route(
    specs.item({
      method: 'patch',
      permission: 'organization:update',
      path: '/organizations/:id',
      summary: 'Update an organization (admins)',
      body: UpdateOrganizationSchema,
      responses: {
        200: { description: 'Updated', schema: OrganizationSchema },
        403: { description: 'Not an admin' },
      },
    }),
    async (req, res) => {
      res.json(
        await organizations.update(
          authOf(req).userId,
          req.valid.params.id,
          req.valid.body,
          requestContext(req),
        ),
      );
    },
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    api.route(
      specs.item({
        method: 'post',
        permission: 'organization:deactivate',
        path: `/organizations/:id/${action}`,
        summary: `${action === 'deactivate' ? 'Deactivate' : 'Reactivate'} an organization (admins)`,
        responses: {
          200: { description: 'Done', schema: OrganizationSchema },
          403: { description: 'Not an admin' },
        },
      }),
      async (req, res) => {
        res.json(
          await organizations.setActive(authOf(req).userId, req.valid.params.id, active, requestContext(req)),
        );
      },
    );
  }
}

/** Who is a member: the list, and invitations that add someone. */
function registerMembershipRoutes(api: ApiRouter, organizations: OrganizationsService): void {
  api.route(
    specs.item({
      method: 'get',
      permission: 'member:read',
      path: '/organizations/:id/members',
      summary: 'List members (admins also see pending invitations)',
      tokenScope: 'read',
      responses: {
        200: { description: 'Members, longest-standing first', schema: MemberListSchema },
      },
    }),
    async (req, res) => {
      res.json({
        data: await organizations.listMembers(
          authOf(req).userId,
          reachableOrganization(req, req.valid.params.id),
        ),
        next_cursor: null,
      });
    },
  );

  api.route(
    specs.item({
      method: 'post',
      permission: 'member:invite',
      path: '/organizations/:id/members',
      summary: 'Invite a registered user (admins)',
      description:
        'The invitee must already have a profile with that e-mail. The invitation is pending (status pending, is_active false, holding a seat) until the person accepts it in the dashboard (POST /invitations/{id}/accept); until then they have no access. They are always mailed (project_invitation) who invited them — name and address of the inviter, the organization — with a link to the dashboard to answer and a one-click link to decline. Limited to 30 invitations per inviter and 60 per organization an hour, whatever the answer (404 user_not_found counts too; 429 rate_limited with Retry-After), counted only for admins of the organization.',
      body: InviteMemberSchema,
      responses: {
        201: { description: 'Invitation pending', schema: MemberSchema },
        403: { description: 'Not an admin' },
        404: { description: 'Organization or user not found' },
        409: { description: 'Already a member or invited (invitation_pending), or member limit reached' },
        429: { description: 'Too many invitations by this admin or into this organization (rate_limited)' },
      },
    }),
    async (req, res) => {
      res
        .status(201)
        .json(
          await organizations.invite(
            authOf(req).userId,
            req.valid.params.id,
            req.valid.body,
            requestContext(req),
          ),
        );
    },
  );
}

/** The one-click leave link of invitation mails: a page to confirm, and the leave itself. */
function registerLeaveLinkRoutes(api: ApiRouter, organizations: OrganizationsService): void {
  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: INVITATION_LEAVE_PATH,
      summary: 'The leave link of an invitation mail: a confirmation page',
      description:
        'Public (the token is the credential). Changes nothing, so mail scanners that follow links do no harm. Browsers (and any client not asking for JSON) get an HTML page naming the organization and who added the person, with one button that POSTs the token back; with `Accept: application/json` the same facts come as JSON. An unknown, expired or used token, or an ended membership, answers 400 (invalid_leave_token; a page saying so for browsers).',
      tags,
      query: LeaveLinkQuery,
      responses: {
        200: {
          description:
            'The invitation the link belongs to (JSON); browsers get the confirmation page (text/html)',
          schema: LeaveLinkResponseSchema,
        },
        400: { description: 'The link is invalid, expired or used (invalid_leave_token)' },
      },
    },
    async (req, res) => {
      const token = req.valid.query.token ?? '';
      const view = await organizations.describeLeaveLink(token);
      if (req.accepts(['html', 'json']) === 'json') {
        if (!view) throw new AppError(OrganizationErrors.INVALID_LEAVE_TOKEN);
        res.json(view);
        return;
      }
      const dashboardUrl = organizations.dashboardOrganizationsUrl;
      if (!view)
        return sendPage(res, 400, leaveErrorPage(LEAVE_PAGE_ERRORS.invalid_leave_token!, dashboardUrl));
      sendPage(res, 200, leaveConfirmationPage(view, token, dashboardUrl));
    },
  );

  // The confirmation page posts an HTML form; JSON clients post `{token}` as usual.
  api.router.post(INVITATION_LEAVE_PATH, express.urlencoded({ extended: false, limit: '2kb' }));
  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: INVITATION_LEAVE_PATH,
      summary: 'Leave an organization through the link of an invitation mail',
      description:
        'Public (the token is the credential; it works once and for 30 days). Ends the membership the invitation created. A form post (application/x-www-form-urlencoded, from the confirmation page) is answered with an HTML page, JSON with JSON.',
      tags,
      body: LeaveLinkRequestSchema,
      responses: {
        200: { description: 'Left the organization', schema: LeaveLinkResponseSchema },
        400: { description: 'Unknown, expired or used link, or the membership has already ended' },
        409: {
          description: 'The person has since become the only admin (last_admin); the link stays usable',
        },
      },
    },
    async (req, res) => {
      const fromForm = Boolean(req.is('application/x-www-form-urlencoded'));
      const dashboardUrl = organizations.dashboardOrganizationsUrl;
      try {
        const view = await organizations.leaveByLink(req.valid.body.token, requestContext(req));
        if (fromForm) return sendPage(res, 200, leftPage(view, dashboardUrl));
        res.json(view);
      } catch (error) {
        const text = error instanceof AppError && fromForm ? LEAVE_PAGE_ERRORS[error.code] : undefined;
        if (!text) throw error;
        sendPage(res, (error as AppError).status, leaveErrorPage(text, dashboardUrl));
      }
    },
  );
}

/** Changing a member: the role, or ending the membership (removal, or leaving oneself). */
function registerMemberChangeRoutes(api: ApiRouter, organizations: OrganizationsService): void {
  api.route(
    memberSpecs.item({
      method: 'patch',
      permission: 'member:update',
      path: '/organizations/:id/members/:memberId',
      summary: "Change a member's role (admins)",
      body: UpdateMemberSchema,
      responses: {
        200: { description: 'Updated', schema: MemberSchema },
        409: { description: 'Would leave no admin' },
      },
    }),
    async (req, res) => {
      const { id, memberId } = req.valid.params;
      res.json(
        await organizations.changeRole(
          authOf(req).userId,
          id,
          memberId,
          req.valid.body.role,
          requestContext(req),
        ),
      );
    },
  );

  api.route(
    memberSpecs.item({
      method: 'delete',
      permission: 'member:remove',
      path: '/organizations/:id/members/:memberId',
      summary: 'Remove a member (admins), or leave',
      responses: {
        204: { description: 'Removed' },
        409: { description: 'Would leave no admin' },
      },
    }),
    async (req, res) => {
      const { id, memberId } = req.valid.params;
      await organizations.removeMember(authOf(req).userId, id, memberId, requestContext(req));
      res.status(204).end();
    },
  );
}
