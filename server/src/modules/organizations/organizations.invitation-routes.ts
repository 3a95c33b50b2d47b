import type { ApiRouter } from '../../lib/api-router.js';
import { requestContext } from '../../core/request-context.js';
import { authOf } from '../../core/auth-context.js';
import { resourceRouteSpecs } from '../../core/resource-routes.js';
import type { OrganizationsService } from './organizations.contract.js';
import { InvitationListSchema, MemberSchema } from './organizations.schemas.js';

const tags = ['Organizations'];
const specs = resourceRouteSpecs(tags, {
  description: 'No pending invitation of the caller with this id (also for other people’s)',
});

/**
 * The invited person answers their invitations here (issue #37 item 5). Signed-in sessions only
 * (no token scope): joining an organization is the person's own decision, not an API token's.
 */
export function registerInvitationRoutes(api: ApiRouter, organizations: OrganizationsService): void {
  api.route(
    specs.collection({
      method: 'get',
      permission: null,
      permissionReason: "the caller's own invitations",
      path: '/invitations',
      summary: "The signed-in person's pending invitations",
      description:
        'Invitations into organizations that the caller has not accepted or declined yet, newest first. Until accepted, the person has no access to the organization.',
      responses: { 200: { description: 'Pending invitations', schema: InvitationListSchema } },
    }),
    async (req, res) => {
      res.json({ data: await organizations.listInvitations(authOf(req).userId) });
    },
  );

  api.route(
    specs.item({
      method: 'post',
      permission: null,
      permissionReason: "the caller's own invitations",
      path: '/invitations/:id/accept',
      summary: 'Accept an invitation: become a member',
      description:
        'Only the invited person may accept; the invitation already holds its seat, so accepting never exceeds max_members.',
      responses: { 200: { description: 'Now an active member', schema: MemberSchema } },
    }),
    async (req, res) => {
      res.json(
        await organizations.acceptInvitation(authOf(req).userId, req.valid.params.id, requestContext(req)),
      );
    },
  );

  api.route(
    specs.item({
      method: 'post',
      permission: null,
      permissionReason: "the caller's own invitations",
      path: '/invitations/:id/decline',
      summary: 'Decline an invitation',
      description: 'Only the invited person may decline; the invitation ends and frees its seat.',
      responses: { 204: { description: 'Declined' } },
    }),
    async (req, res) => {
      await organizations.declineInvitation(authOf(req).userId, req.valid.params.id, requestContext(req));
      res.status(204).end();
    },
  );
}
