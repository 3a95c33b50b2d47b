import type { Request } from 'express';
import type { ApiRouter } from '../../lib/api-router.js';
import { AppError } from '../../lib/errors.js';
import { requestContext } from '../../lib/request-context.js';
import { authOf } from '../auth/index.js';
import {
  CreateOrganizationSchema,
  IdParams,
  InviteMemberSchema,
  ListOrganizationsQuery,
  MemberListSchema,
  MemberParams,
  MemberSchema,
  OrganizationListSchema,
  OrganizationSchema,
  UpdateMemberSchema,
  UpdateOrganizationSchema,
} from './organizations.schemas.js';
import { OrganizationErrors } from './organizations.errors.js';
import type { OrganizationsService } from './organizations.service.js';

/** An API token reaches only its application's organization; anything else looks nonexistent. */
function reachableOrganization(req: Request, organizationId: string): string {
  const caller = authOf(req);
  if (caller.organizationId && caller.organizationId !== organizationId)
    throw new AppError(OrganizationErrors.NOT_FOUND);
  return organizationId;
}

export function registerOrganizationRoutes(api: ApiRouter, organizations: OrganizationsService): void {
  const tags = ['Organizations'];
  const notFound = { description: 'No such organization among the caller’s (also for other tenants’ ids)' };

  api.route(
    {
      method: 'post',
      path: '/organizations',
      summary: 'Create an organization',
      description: 'The caller becomes its active admin in the same request.',
      tags,
      authenticated: true,
      body: CreateOrganizationSchema,
      responses: {
        201: { description: 'Created', schema: OrganizationSchema },
        409: { description: 'Slug taken' },
      },
    },
    async (req, res) => {
      res
        .status(201)
        .json(await organizations.create(authOf(req).userId, req.valid.body, requestContext(req)));
    },
  );

  api.route(
    {
      method: 'get',
      path: '/organizations',
      summary: "List the caller's organizations",
      description: 'Organizations where the caller is an active member, newest first.',
      tags,
      authenticated: true,
      tokenScope: 'read',
      query: ListOrganizationsQuery,
      responses: { 200: { description: 'Organizations', schema: OrganizationListSchema } },
    },
    async (req, res) => {
      const caller = authOf(req);
      res.json(await organizations.listForUser(caller.userId, req.valid.query, caller.organizationId));
    },
  );

  api.route(
    {
      method: 'get',
      path: '/organizations/:id',
      summary: 'Get an organization',
      tags,
      authenticated: true,
      tokenScope: 'read',
      params: IdParams,
      responses: { 200: { description: 'Organization', schema: OrganizationSchema }, 404: notFound },
    },
    async (req, res) => {
      res.json(await organizations.get(authOf(req).userId, reachableOrganization(req, req.valid.params.id)));
    },
  );

  api.route(
    {
      method: 'patch',
      path: '/organizations/:id',
      summary: 'Update an organization (admins)',
      tags,
      authenticated: true,
      params: IdParams,
      body: UpdateOrganizationSchema,
      responses: {
        200: { description: 'Updated', schema: OrganizationSchema },
        403: { description: 'Not an admin' },
        404: notFound,
      },
    },
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
      {
        method: 'post',
        path: `/organizations/:id/${action}`,
        summary: `${action === 'deactivate' ? 'Deactivate' : 'Reactivate'} an organization (admins)`,
        tags,
        authenticated: true,
        params: IdParams,
        responses: {
          200: { description: 'Done', schema: OrganizationSchema },
          403: { description: 'Not an admin' },
          404: notFound,
        },
      },
      async (req, res) => {
        res.json(
          await organizations.setActive(authOf(req).userId, req.valid.params.id, active, requestContext(req)),
        );
      },
    );
  }

  api.route(
    {
      method: 'get',
      path: '/organizations/:id/members',
      summary: 'List active members',
      tags,
      authenticated: true,
      tokenScope: 'read',
      params: IdParams,
      responses: {
        200: { description: 'Members, longest-standing first', schema: MemberListSchema },
        404: notFound,
      },
    },
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
    {
      method: 'post',
      path: '/organizations/:id/members',
      summary: 'Invite a registered user (admins)',
      description:
        'The invitee must already have a profile with that e-mail; they are mailed with the project_invitation template.',
      tags,
      authenticated: true,
      params: IdParams,
      body: InviteMemberSchema,
      responses: {
        201: { description: 'Member added', schema: MemberSchema },
        403: { description: 'Not an admin' },
        404: { description: 'Organization or user not found' },
        409: { description: 'Already a member, or member limit reached' },
      },
    },
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

  api.route(
    {
      method: 'patch',
      path: '/organizations/:id/members/:memberId',
      summary: "Change a member's role (admins)",
      tags,
      authenticated: true,
      params: MemberParams,
      body: UpdateMemberSchema,
      responses: {
        200: { description: 'Updated', schema: MemberSchema },
        404: notFound,
        409: { description: 'Would leave no admin' },
      },
    },
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
    {
      method: 'delete',
      path: '/organizations/:id/members/:memberId',
      summary: 'Remove a member (admins), or leave',
      tags,
      authenticated: true,
      params: MemberParams,
      responses: {
        204: { description: 'Removed' },
        404: notFound,
        409: { description: 'Would leave no admin' },
      },
    },
    async (req, res) => {
      const { id, memberId } = req.valid.params;
      await organizations.removeMember(authOf(req).userId, id, memberId, requestContext(req));
      res.status(204).end();
    },
  );
}
